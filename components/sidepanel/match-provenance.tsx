/*
 * MatchProvenance — the card's one footer line: what a match rests on ("Matched on X handle"), what it
 * cost ("5 credits · Nov 26", or for a record already paid for "0 credits · looked up on X, Nov 26" or "…
 * from Lumen Labs' team, Nov 26" with "Refresh · N credits"), and "Not them?", which offers a search by name at its price.
 */
import { creditsLabel } from '@/lib/messages/texts';
import { knownWords, type KnownSource } from '@/lib/lookup/known-records';
import { useState } from 'react';
import type { MatchCost, MatchedOn } from '@/lib/tab-state/tab-state';
import type { XHandleSeen } from '@/lib/lookup/x-account';
import { formatMonthDay } from '@/components/shared/format';
import { SendButton, type SendAction } from '@/components/shared/send-once';
import { SafeText } from '@/components/shared/safe-text';
import { SearchByName } from './state-views';

export const MATCHED_ON_TEXT: Record<MatchedOn, string> = {
  'x-handle': 'Matched on X handle',
  'x-id': 'Matched on X account',
  'linkedin-company': 'Matched on LinkedIn company page',
  // A LinkedIn company page by its name; never a person (a person's name alone gives candidates).
  name: 'Matched on name',
  'name-company': 'Matched on name and current company',
  'name-headline': 'Matched on name and the company in the headline',
  pick: 'Matched on your pick',
};

export interface MatchProvenanceProps {
  matchedOn?: MatchedOn | undefined;
  /** The X account's handle before the one on screen (a rename followed by its user id). */
  formerly?: XHandleSeen | undefined;
  /** Shown from an earlier paid answer. */
  known?: KnownSource | undefined;
  /** What the lookup that found it cost. */
  cost?: MatchCost | undefined;
  /** The page's display name (the search's starting words) */
  displayName: string;
  /** Absent: no refresh offered. */
  onRefresh?: SendAction | undefined;
  /** Absent: no "Not them?" */
  onSearch?: ((q: string) => void | Promise<unknown>) | undefined;
  /** What a refresh or a search costs: the account's search price. */
  price: number;
}

/** What the card cost: "5 credits · Nov 26", "0 credits · from Lumen Labs' team, Nov 26". */
function costLine(known: MatchProvenanceProps['known'], cost: MatchProvenanceProps['cost']) {
  if (known)
    return (
      <>
        0 credits · <SafeText text={knownWords(known)} />, {formatMonthDay(known.at)}
      </>
    );
  if (!cost) return null;
  return cost.reused ? `0 credits · looked up ${formatMonthDay(cost.at)}` : `${creditsLabel(cost.credits)} · ${formatMonthDay(cost.at)}`;
}

/** The card's footer: one line saying how it was matched, what it cost, with "Not them?" and "Refresh". */
export function MatchProvenance({ matchedOn, formerly, known, cost, displayName, onRefresh, onSearch, price }: MatchProvenanceProps) {
  const [searching, setSearching] = useState(false);
  if (!matchedOn && !known) return null;
  const costed = costLine(known, cost);
  return (
    <div className="provenance" role="group" aria-label="How this was matched">
      <p className="small muted">
        {matchedOn && MATCHED_ON_TEXT[matchedOn]}
        {formerly && (
          <>
            {' · '}formerly @<SafeText text={formerly.handle} /> (seen {formatMonthDay(formerly.at)})
          </>
        )}
        {matchedOn && costed && ' · '}
        {costed}
        {onSearch && (
          <>
            {' · '}
            <button type="button" className="link-button" aria-expanded={searching} onClick={() => setSearching((v) => !v)}>
              Not them?
            </button>
          </>
        )}
        {known && onRefresh && (
          <>
            {' '}
            <SendButton className="btn btn--small btn--ghost" onSend={onRefresh}>
              Refresh · {creditsLabel(price)}
            </SendButton>
          </>
        )}
      </p>
      {searching && onSearch && <SearchByName initial={displayName} onSearch={onSearch} price={price} />}
    </div>
  );
}
