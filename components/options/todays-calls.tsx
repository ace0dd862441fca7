import { dayKey } from '@/lib/credits/day-key';
import type { LedgerEntry } from '@/lib/credits/ledger';
import { SafeText } from '@/components/shared/safe-text';

export interface TodaysCallsProps {
  entries: readonly LedgerEntry[];
  now: number;
}

/** What a ledger path was, in a rep's words. */
function describe(e: LedgerEntry): string {
  const q = /[?&]q=([^&]*)/.exec(e.path)?.[1];
  if (q !== undefined) {
    try {
      return `Search “${decodeURIComponent(q.replace(/\+/g, ' '))}”`;
    } catch {
      return `Search “${q}”`;
    }
  }
  if (e.endpoint === 'reveal') return 'Contact reveal';
  return e.path;
}

/**
 * Today's paid calls, newest first. A call whose answer never arrived is booked at its price and
 * labelled "may have been charged": the budget counts it, and the balance shows the truth.
 */
export function TodaysCalls({ entries, now }: TodaysCallsProps) {
  const today = dayKey(now);
  const calls = entries.filter((e) => dayKey(e.at) === today).reverse();
  const uncertain = calls.filter((e) => e.estimated).reduce((s, e) => s + e.creditsCharged, 0);
  if (calls.length === 0) return <p className="muted">No paid calls today.</p>;
  return (
    <>
      {uncertain > 0 && (
        <p className="notice notice--warn">
          {uncertain} credits today may have been charged for answers that never arrived. They count against the daily budget; the account
          balance shows what was really charged.
        </p>
      )}
      <ul aria-label="Today’s calls" className="todays-calls">
        {calls.map((e, i) => (
          <li key={`${e.at}-${i}`}>
            <SafeText text={describe(e)} /> · <span>{e.creditsCharged} credits</span>
            {e.estimated && <span className="chip chip--warn"> may have been charged</span>}
            {e.note && !e.estimated && <span className="muted small"> ({e.note})</span>}
          </li>
        ))}
      </ul>
    </>
  );
}
