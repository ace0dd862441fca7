/*
 * The open lead's read-only parts (components/leads/lead-detail.tsx): what was revealed under another
 * account, the notes newest first, and the facts — what the person cost and where and when the lead was
 * saved.
 */
import type { Lead } from '@/lib/leads/lead';
import type { SharedCost } from '@/lib/leads/lead-costs';
import type { LeadReveals } from '@/lib/leads/lead-reveals';
import { creditsLabel, sharedCostText } from '@/lib/messages/texts';
import { formatDate } from '@/components/shared/format';
import { SafeLink } from '@/components/shared/safe-link';
import { SafeText } from '@/components/shared/safe-text';
import { CHANNELS } from '@/components/sidepanel/contact-channels';
import { formatMoment } from './lead-text';

export function OtherReveals({ other }: { other: LeadReveals['other'] }) {
  return (
    <div className="lead-detail__section">
      <h3 className="detail__title">Revealed under another account</h3>
      <ul className="lead-other-reveals">
        {other.flatMap((r) =>
          CHANNELS.flatMap((c) => {
            const value = r.channels[c.key];
            if (typeof value !== 'string' || value.trim() === '') return [];
            return [
              <li key={`${r.accountId}:${c.key}`}>
                <span className="muted">{c.label}</span>{' '}
                <SafeLink href={c.href(value)} allowContact={c.key !== 'linkedinUrl'} httpsOnly={c.key === 'linkedinUrl'}>
                  <SafeText text={value} />
                </SafeLink>{' '}
                <span className="muted small">(revealed under another account, {formatDate(r.at)})</span>
              </li>,
            ];
          }),
        )}
      </ul>
    </div>
  );
}

export function LeadNotes({ notes }: { notes: Lead['notes'] }) {
  if (notes.length === 0) return null;
  const newestFirst = [...notes].sort((a, b) => b.at - a.at);
  return (
    <ol className="lead-notes" aria-label="Notes">
      {newestFirst.map((n) => (
        <li key={n.id}>
          <time className="muted small" dateTime={new Date(n.at).toISOString()}>
            {formatMoment(n.at)}
          </time>
          <p className="lead-notes__text">
            <SafeText text={n.text} multiline />
          </p>
        </li>
      ))}
    </ol>
  );
}

export interface LeadFactsProps {
  lead: Lead;
  costShares: readonly SharedCost[] | undefined;
  /** Saved under another API account than the one in use. */
  otherAccount: boolean;
}

export function LeadFacts({ lead, costShares, otherAccount }: LeadFactsProps) {
  return (
    <dl className="facts lead-detail__section">
      <dt>Cost</dt>
      <dd>
        Paid {creditsLabel(lead.cost.credits)} for this person
        {lead.cost.estimated && ' (some of it may have been charged: an answer was lost)'}
        {costShares && costShares.length > 0 && (
          <ul className="lead-cost-shares" aria-label="Shared charges">
            {costShares.map((c) => (
              <li key={c.id ?? `${c.at}:${c.accountId}`}>{sharedCostText(c.credits, c.shared)}</li>
            ))}
          </ul>
        )}
      </dd>
      <dt>Saved</dt>
      <dd>
        {formatDate(lead.savedAt)}
        {lead.savedFrom && (
          <>
            {' from '}
            <SafeLink href={lead.savedFrom} />
          </>
        )}
        {otherAccount && ' (under another API account than the one in use)'}
      </dd>
    </dl>
  );
}
