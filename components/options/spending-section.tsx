import type { ReactNode } from 'react';
import type { DayTotal } from '@/lib/credits/ledger';
import type { RevealRecord } from '@/lib/credits/reveals';
import type { Spending } from '@/lib/messaging/protocol';
import { safeText } from '@/lib/text/safe-text';
import { formatDate } from '@/components/shared/format';
import { SafeLink } from '@/components/shared/safe-link';
import { SafeText } from '@/components/shared/safe-text';
import { CHANNELS } from '@/components/sidepanel/contact-channels';
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
const WIDTH = 300;
const HEIGHT = 80;

/** Credits per day as bars; the text summary is its accessible name, the table beside it has the numbers. */
function SpendingChart({ days }: { days: readonly DayTotal[] }) {
  const total = days.reduce((sum, d) => sum + d.credits, 0);
  const max = days.reduce((m, d) => Math.max(m, d.credits), 0);
  const peak = days.find((d) => d.credits === max && max > 0);
  const summary =
    days.length === 0
      ? 'No spending recorded.'
      : `Credits spent per day, ${days[0]?.day} to ${days[days.length - 1]?.day}: ${fmt.format(total)} in total` +
        (peak ? `, most on ${peak.day} (${fmt.format(peak.credits)}).` : ', nothing spent.');
  const slot = days.length > 0 ? WIDTH / days.length : WIDTH;
  return (
    <figure className="spending-chart-figure">
      <svg role="img" aria-label={summary} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="spending-chart" preserveAspectRatio="none">
        <line x1={0} y1={HEIGHT} x2={WIDTH} y2={HEIGHT} className="axis" />
        {days.map((d, i) => {
          const h = max > 0 ? Math.max(d.credits > 0 ? 2 : 0, (d.credits / max) * (HEIGHT - 4)) : 0;
          return (
            <rect key={d.day} x={i * slot + slot * 0.15} y={HEIGHT - h} width={slot * 0.7} height={h} className="bar">
              <title>{`${d.day}: ${fmt.format(d.credits)} credits, ${d.calls} calls`}</title>
            </rect>
          );
        })}
      </svg>
      {days.length > 0 && (
        <figcaption className="chart-ticks" aria-hidden="true">
          <span>{days[0]?.day}</span>
          <span>{days[days.length - 1]?.day}</span>
        </figcaption>
      )}
    </figure>
  );
}

/** Contacts this install paid to reveal (shown again at no cost), newest first. */
function RevealedContactsList({ reveals }: { reveals: readonly RevealRecord[] }) {
  if (reveals.length === 0) return <p className="empty">No contacts revealed yet.</p>;
  return (
    <ul aria-label="Revealed contacts" className="reveals">
      {[...reveals]
        .sort((a, b) => b.at - a.at)
        .map((r) => (
          <li key={`${r.accountId}:${r.personId}`}>
            <strong>
              <SafeText text={safeText(r.name) || r.personId} />
            </strong>
            <span className="help">
              {' '}
              revealed {formatDate(r.at)} · {r.creditsCharged} credits
            </span>
            <dl className="facts reveal-channels">
              {/* The channel table's order (the card's), not the order the record was stored in. */}
              {CHANNELS.filter((c) => r.channels[c.key] !== undefined).map((c) => {
                const value = r.channels[c.key];
                return (
                  <div key={c.key} className="row">
                    <dt>{c.label}</dt>
                    <dd>
                      {typeof value === 'string' ? (
                        <SafeLink {...c.link(value)}>
                          <SafeText text={value} />
                        </SafeLink>
                      ) : (
                        'none on file'
                      )}
                    </dd>
                  </div>
                );
              })}
            </dl>
          </li>
        ))}
    </ul>
  );
}
