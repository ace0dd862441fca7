import type { ReactNode } from 'react';
import type { Spending } from '@/lib/messaging/protocol';
import { RevealedContactsList } from './revealed-contacts-list';
import { SpendingChart } from './spending-chart';
import { TodaysCalls } from './todays-calls';

export interface SpendingSectionProps {
  /** null while loading. */
  spending: Spending | null;
  /** Today's spend and budget from the meter (the numbers every page shows); null while it loads. */
  today: { spent: number; budget: number } | null;
  onExportSpending: () => void;
  onExportReveals: () => void;
  /** Slot for the cache controls (kept separate: clearing is not spending). */
  children?: ReactNode;
}

const fmt = new Intl.NumberFormat('en-US');

/** Today's spend against the budget, the last 30 days, revealed contacts, and CSV exports (built locally, 0 credits). */
export function SpendingSection({ spending, today, onExportSpending, onExportReveals, children }: SpendingSectionProps) {
  return (
    <section aria-labelledby="spending-heading" className="card">
      <h2 id="spending-heading">Spending</h2>
      {spending === null ? (
        <p role="status">Loading spending…</p>
      ) : (
        <>
          <p className="today">
            Spent today: <strong>{fmt.format(today?.spent ?? spending.spentToday)} credits</strong>
            {today && ` of today’s ${fmt.format(today.budget)}-credit budget`}.
          </p>
          <h3>Today’s calls</h3>
          <TodaysCalls entries={spending.entries} now={Date.now()} />
          <h3>Last {spending.days.length} days</h3>
          <SpendingChart days={spending.days} />
          <details>
            <summary>Show as a table</summary>
            {/* The chart's numbers, newest day first. */}
            <table className="daily-spend">
              <caption>Credits per day, last {spending.days.length} days</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Credits</th>
                  <th scope="col">Calls</th>
                </tr>
              </thead>
              <tbody>
                {[...spending.days].reverse().map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{d.day}</th>
                    <td>{d.credits}</td>
                    <td>{d.calls}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
          <div className="actions">
            <button type="button" className="btn" onClick={onExportSpending} disabled={spending.entries.length === 0}>
              Export spending CSV
            </button>
          </div>

          <h3>Revealed contacts</h3>
          <RevealedContactsList reveals={spending.reveals} />
          <div className="actions">
            <button type="button" className="btn" onClick={onExportReveals} disabled={spending.reveals.length === 0}>
              Export revealed contacts CSV
            </button>
          </div>
          <p className="help">Exports are built in the browser from the local ledger: no API call, 0 credits.</p>
        </>
      )}
      {children}
    </section>
  );
}
