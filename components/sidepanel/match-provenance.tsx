/*
 * MatchProvenance — what a match rests on ("Matched on X handle", "Matched on name and current
 * company"), where a record already paid for came from ("From Lumen Labs' team, Nov 26 · 0 credits")
 * with "Refresh · N credits", and "Not them?", which offers a search by name at its price (both a search,
 * at the account's price).
 */
import { useState } from 'react';
import type { MatchedOn } from '@/lib/tab-state/tab-state';
import { creditsLabel } from '@/components/shared/format';
import { SendButton, type SendAction } from '@/components/shared/send-once';
import { SafeText } from '@/components/shared/safe-text';
import { SearchByName } from './search-by-name';

export const MATCHED_ON_TEXT: Record<MatchedOn, string> = {
  'x-handle': 'Matched on X handle',
  'linkedin-company': 'Matched on LinkedIn company page',
  // A LinkedIn company page by its name; never a person (a person's name alone gives candidates).
  name: 'Matched on name',
  'name-company': 'Matched on name and current company',
  'name-headline': 'Matched on name and the company in the headline',
  pick: 'Matched on your pick',
};

export interface MatchProvenanceProps {
  matchedOn?: MatchedOn;
  /** Shown from an earlier paid answer. */
  known?: { label: string; at: number };
  /** The page's display name (the search's starting words) */
  displayName: string;
  /** Absent: no refresh offered. */
  onRefresh?: SendAction;
  /** Absent: no "Not them?" */
  onSearch?: (q: string) => void | Promise<unknown>;
  /** What a refresh or a search costs: the account's search price. */
  price: number;
}

const day = (at: number) => new Date(at).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });

export function MatchProvenance({ matchedOn, known, displayName, onRefresh, onSearch, price }: MatchProvenanceProps) {
  const [searching, setSearching] = useState(false);
  if (!matchedOn && !known) return null;
  return (
    <div className="provenance" role="group" aria-label="How this was matched">
      <p className="small muted">
        {matchedOn && MATCHED_ON_TEXT[matchedOn]}
        {onSearch && (
          <>
            {' · '}
            <button type="button" className="link-button" aria-expanded={searching} onClick={() => setSearching((v) => !v)}>
              Not them?
            </button>
          </>
        )}
      </p>
      {known && (
        <p className="small muted">
          From <SafeText text={known.label} />, {day(known.at)} · 0 credits
          {onRefresh && (
            <>
              {' '}
              <SendButton className="btn btn--small btn--ghost" onSend={onRefresh}>
                Refresh · {creditsLabel(price)}
              </SendButton>
            </>
          )}
        </p>
      )}
      {searching && onSearch && <SearchByName initial={displayName} onSearch={onSearch} price={price} />}
    </div>
  );
}
