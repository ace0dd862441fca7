/*
 * What an answer was and what the rest costs: how many the API has in all, how many are shown, what
 * this page cost (or that it came from the cache), what paging through the rest would cost, and
 * "Next 100 · N credits". Then the line that says what this search is worth later: every live record
 * joined what the extension knows, so opening those people on X or LinkedIn costs 0.
 */
import { creditsLabel } from '@/lib/messages/texts';
import { LIST_CHOICES } from '@/lib/prospect/filters';
import { restOf } from '@/lib/prospect/results';
import { formatCredits } from '@/components/shared/format';
import { SendButton, type SendAction } from '@/components/shared/send-once';
import type { Shown } from './prospect-state';

export interface ResultsSummaryProps {
  shown: Shown;
  /** One page's price (the meter's). */
  price: number;
  onNext: SendAction;
}

export function ResultsSummary({ shown, price, onNext }: ResultsSummaryProps) {
  const noun = LIST_CHOICES.find((c) => c.list === shown.list)?.noun ?? 'records';
  const count = shown.list === 'people' ? shown.people.length : shown.organizations.length;
  const rest = restOf(shown, price);
  // The ledger's cost; part of it may have been charged (attempts lost before a resend): said so, never less.
  const cost = shown.fromCache
    ? 'this page from cache · 0 credits'
    : shown.mayHaveCost
      ? `this page may have cost ${creditsLabel(shown.creditsCharged)} (an answer was lost and the search resent)`
      : `this page ${creditsLabel(shown.creditsCharged)} charged`;
  return (
    <div className="prospect-summary">
      <p role="status">
        {formatCredits(shown.total)} {noun} in all · {formatCredits(count)} shown · {cost}
      </p>
      {rest.pages > 0 ? (
        <div className="actions">
          <SendButton className="btn" onSend={onNext}>
            Next 100 · {creditsLabel(price)}
          </SendButton>
          <span className="muted small">
            The other {formatCredits(rest.pages)} {rest.pages === 1 ? 'page' : 'pages'} would cost {creditsLabel(rest.credits)} in all.
          </span>
        </div>
      ) : (
        <p className="muted small">That is everything the API has for this search.</p>
      )}
    </div>
  );
}

export interface KnowledgeNoteProps {
  sample: boolean;
  /** The answer's records joined the knowledge index. */
  remembered: boolean;
  /** The cache lifetime setting (how long they are kept), in hours. */
  cacheHours: number | null;
}

/** "48 hours", "7 days". */
function lifetime(hours: number): string {
  return hours >= 48 && hours % 24 === 0 ? `${hours / 24} days` : `${formatCredits(hours)} ${hours === 1 ? 'hour' : 'hours'}`;
}

export function KnowledgeNote({ sample, remembered, cacheHours }: KnowledgeNoteProps) {
  return (
    <p role="note" className={sample ? 'notice notice--warn' : 'notice'}>
      {sample
        ? 'NOT REAL DATA: these rows are a sample of what the API would answer. Nothing here is kept, learned or saved as a lead.'
        : remembered
          ? `Every person and company found here is kept${cacheHours ? ` for ${lifetime(cacheHours)}` : ''} with what this extension knows: opening them on X or LinkedIn then costs 0 credits.`
          : 'These records could not be kept (storage refused them), so opening one of them on X or LinkedIn later is a new lookup.'}
    </p>
  );
}
