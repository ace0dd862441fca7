/*
 * PortfolioList — a fund's portfolio as rows, not a table: a five-column table at 320 px squeezed the
 * company into a column a word wide and broke it mid-word ("QuantLaye|r"). Each row is the company (and
 * "Lead" when the fund led), then round · amount · date. Names wrap between words; a single word too
 * long for the row is cut with an ellipsis (the full name is its title), never broken. Long portfolios
 * show the first rows and a "Show all" toggle (no call: the rows are already loaded).
 */
import { useState } from 'react';
import { portfolioCompanyName, type PortfolioRow } from '@/lib/api';
import { safeText } from '@/lib/text/safe-text';
import { formatDate, formatUsd } from '@/components/shared/format';
import { SafeText } from '@/components/shared/safe-text';

export interface PortfolioListProps {
  rows: PortfolioRow[];
  /** Rows shown before "Show all" (default 8) */
  initial?: number;
}

/** "Seed", "$12.5M", "Mar 14, 2024": only what the row has. */
function rowFacts(row: PortfolioRow): string[] {
  const round = safeText(row.roundType ?? row.roundEventName);
  return [round, row.amountUsd === null ? '' : formatUsd(row.amountUsd), formatDate(row.announceDate) ?? ''].filter((s) => s !== '');
}

export function PortfolioList({ rows, initial = 8 }: PortfolioListProps) {
  const [all, setAll] = useState(false);
  if (rows.length === 0) return <p className="muted">No portfolio rows listed.</p>;
  const shown = all ? rows : rows.slice(0, initial);
  return (
    <>
      <ul className="portfolio" aria-label="Portfolio">
        {shown.map((row, i) => {
          const name = portfolioCompanyName(row);
          const facts = rowFacts(row);
          return (
            <li key={row.investmentId ?? `row-${i}`} className="portfolio__row">
              <div className="portfolio__head">
                {name ? (
                  <span className="portfolio__company" title={safeText(name)}>
                    <SafeText text={name} />
                  </span>
                ) : (
                  <span className="portfolio__company muted">Unknown company</span>
                )}
                {row.isLead === true && <span className="chip chip--accent">Lead</span>}
              </div>
              {facts.length > 0 && (
                <div className="portfolio__facts">
                  {facts.map((f, j) => (
                    <span key={j} className="portfolio__fact">
                      {f}
                    </span>
                  ))}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {rows.length > initial && (
        <button type="button" className="btn btn--small btn--ghost" onClick={() => setAll(!all)} aria-expanded={all}>
          {all ? 'Show fewer' : `Show all ${rows.length}`}
        </button>
      )}
    </>
  );
}
