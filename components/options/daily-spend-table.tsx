import type { DayTotal } from '@/lib/credits';

/** The chart's numbers as a table (newest day first). */
export function DailySpendTable({ days }: { days: readonly DayTotal[] }) {
  return (
    <table className="daily-spend">
      <caption>Credits per day, last {days.length} days</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Credits</th>
          <th scope="col">Calls</th>
        </tr>
      </thead>
      <tbody>
        {[...days].reverse().map((d) => (
          <tr key={d.day}>
            <th scope="row">{d.day}</th>
            <td>{d.credits}</td>
            <td>{d.calls}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
