/*
 * PortfolioTable — a fund's portfolio rows: company, round, amount, date, lead. Long portfolios show
 * the first rows and a "Show all" toggle (no call: the rows are already loaded).
 *
 * Props:
 *   rows      PortfolioRow[]
 *   initial?  number — rows shown before "Show all" (default 8)
 */
import { useState } from 'react';
import { portfolioCompanyName, type PortfolioRow } from '../../lib/api';
import { formatDate, formatUsd } from '../shared/format';
import { SafeText } from '../shared/safe-text';

export interface PortfolioTableProps {
  rows: PortfolioRow[];
  initial?: number;
}

export function PortfolioTable({ rows, initial = 8 }: PortfolioTableProps) {
  const [all, setAll] = useState(false);
  if (rows.length === 0) return <p className="muted">No portfolio rows listed.</p>;
  const shown = all ? rows : rows.slice(0, initial);
  return (
    <>
      <table className="portfolio">
        <caption className="visually-hidden">Portfolio</caption>
        <thead>
          <tr>
            <th scope="col">Company</th>
            <th scope="col">Round</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Date</th>
            <th scope="col">Lead</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row, i) => (
            <tr key={row.investmentId ?? `row-${i}`}>
              <td>{portfolioCompanyName(row) ? <SafeText text={portfolioCompanyName(row)} /> : <span className="muted">Unknown</span>}</td>
              <td>{row.roundType || row.roundEventName ? <SafeText text={row.roundType ?? row.roundEventName} /> : '—'}</td>
              <td className="num">{row.amountUsd === null ? '—' : formatUsd(row.amountUsd)}</td>
              <td>{formatDate(row.announceDate) ?? '—'}</td>
              <td>{row.isLead === true ? <span className="chip chip--accent">Lead</span> : row.isLead === false ? 'No' : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > initial && (
        <button type="button" className="btn btn--small btn--ghost" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show fewer' : `Show all ${rows.length}`}
        </button>
      )}
    </>
  );
}
