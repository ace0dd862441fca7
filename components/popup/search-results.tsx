import { useId, type ReactNode } from 'react';
import type { Person, Project, SampleInfo } from '@/lib/api';
import { ChannelFlags } from '@/components/shared/channel-flags';
import { personName } from '@/components/shared/format';
import { InCrm } from '@/components/shared/in-crm';
import { RowSaveLead, type LeadRows } from '@/components/shared/save-lead';
import { SafeLink } from '@/components/shared/safe-link';
import { SafeText } from '@/components/shared/safe-text';
import { safeText } from '@/lib/text/safe-text';
import { companyTypeLabel } from './company-labels';
import type { SearchSuccess } from './search-state';

export interface SearchResultsProps {
  result: SearchSuccess;
  /** Choosing a row shows that record in the side panel. */
  onPick: (record: { person: Person } | { organization: Project }) => void;
  /** Save buttons and Saved marks on the people. */
  leads?: LeadRows | undefined;
}

/**
 * A search's answer: the "People" and "Projects" lists, always both (possibly empty). A sample answer's
 * rows are synthetic (NOT REAL DATA): they are marked, open nothing and are never saved.
 */
export function SearchResults({ result, onPick, leads }: SearchResultsProps) {
  const live = !result.sample;
  return (
    <>
      {result.sample ? (
        <SampleAlert sample={result.sample} />
      ) : (
        <p className="hint">Choose a row to open it in the side panel (no extra credits).</p>
      )}
      <ResultGroup heading="People" emptyText="No people match." count={result.people.length}>
        {result.people.map((person) => {
          const name = personName(person);
          const role = [safeText(person.jobTitle), safeText(person.company?.name)].filter(Boolean).join(' · ');
          return (
            <li key={person.id} className="result-row">
              <RowAction onPick={live ? () => onPick({ person }) : undefined}>
                <SafeText className="result-name" text={name} />
                {role && (
                  <span className="result-meta">
                    {' '}
                    <SafeText text={role} />
                  </span>
                )}
              </RowAction>
              {/* A sample row is synthetic: "✓ Email" would promise a contact that does not exist. */}
              {live && <ChannelFlags person={person} />}
              <InCrm mark={live ? leads?.crm?.get(person.id) : undefined} />
              {live && <RowSaveLead leads={leads} personId={person.id} name={name} />}
            </li>
          );
        })}
      </ResultGroup>
      <ResultGroup heading="Projects" emptyText="No projects match." count={result.projects.length}>
        {result.projects.map((project) => {
          const ticker = tickerLabel(project.ticker);
          return (
            <li key={project.id} className="result-row">
              <RowAction onPick={live ? () => onPick({ organization: project }) : undefined}>
                <SafeText className="result-name" text={project.name} />
                <span className="result-meta">
                  {' '}
                  {companyTypeLabel(project.companyType)}
                  {ticker && (
                    <>
                      {' · '}
                      <SafeText text={ticker} />
                    </>
                  )}
                </span>
              </RowAction>
            </li>
          );
        })}
      </ResultGroup>
    </>
  );
}

/** One group of results: a heading, the list it names, and what an empty list means (the group itself is always there). */
function ResultGroup({ heading, emptyText, count, children }: { heading: string; emptyText: string; count: number; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="result-group">
      <h2 id={headingId}>{heading}</h2>
      <ul role="list" aria-labelledby={headingId} className="result-list">
        {children}
      </ul>
      {count === 0 && <p className="empty">{emptyText}</p>}
    </section>
  );
}

/** A result row's main content: a button that opens it, or plain marked text for sample rows. */
function RowAction({ onPick, children }: { onPick: (() => void) | undefined; children: ReactNode }) {
  if (!onPick) {
    return (
      <span className="result-button result-button--sample">
        <span className="chip">SAMPLE</span> {children}
      </span>
    );
  }
  return (
    <button type="button" className="result-button" onClick={onPick}>
      {children}
    </button>
  );
}

/** "$QLR", "No ticker" when the API says none is recorded, null when this API version does not serve tickers. */
function tickerLabel(ticker: Project['ticker']): string | null {
  if (ticker === undefined) return null;
  return ticker ? `$${ticker}` : 'No ticker';
}

const PREFIX = 'NOT REAL DATA';

/** The sample warning: these rows are synthetic (a free key below a call's price); say so loudly. */
function SampleAlert({ sample }: { sample: SampleInfo }) {
  const text = safeText(sample.notice);
  const notice = text.toUpperCase().startsWith(PREFIX) ? text : `${PREFIX}. ${text}`;
  const topUp = sample.topUpNeeded !== null && sample.topUpNeeded > 0 ? `Add at least ${sample.topUpNeeded} credits` : 'Add credits';
  return (
    <div role="alert" className="notice notice--warn sample-alert">
      <p>
        <strong>
          <SafeText text={notice} />
        </strong>
      </p>
      <p>
        These rows are synthetic samples: the query was not run and nothing was charged. {topUp} to get live data
        {sample.upgradeUrl ? (
          <>
            {' '}
            (
            <SafeLink href={sample.upgradeUrl} httpsOnly>
              plans and top-ups
            </SafeLink>
            ).
          </>
        ) : (
          '.'
        )}
      </p>
    </div>
  );
}
