import type { DayTotal } from '@/lib/credits';

const fmt = new Intl.NumberFormat('en-US');
const WIDTH = 300;
const HEIGHT = 80;

/** Credits per day as bars; the text summary is its accessible name, the table beside it has the numbers. */
export function SpendingChart({ days }: { days: readonly DayTotal[] }) {
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
