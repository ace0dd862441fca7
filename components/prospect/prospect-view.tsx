/*
 * ProspectView — the "Find prospects" page: the meter, the search form, what the last page said
 * (refusals and failures in the worker's words, "Search anyway" after a budget refusal), the results
 * table and the loaded teams, and what to do with the ticked rows. Presentational: the entrypoint wires
 * it to the worker (hooks/use-prospect-search.ts).
 */
import { creditsLabel } from '@/lib/messages/texts';
import type { LeadStatus } from '@/lib/leads/lead';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import type { Prices } from '@/lib/tab-state/meter-prices';
import { CreditMeterBar } from '@/components/shared/credit-meter-bar';
import { SendButton } from '@/components/shared/send-once';
import { ProspectFormView, type ProspectFormViewProps } from './prospect-form';
import type { ProspectResults } from './prospect-state';
import { KnowledgeNote, ResultsSummary } from './results-summary';
import { OrganizationsTable, PeopleTable } from './results-table';
import { SelectionActions } from './selection-actions';

/** What "Load team" is billed at, by the list its rows came from (the detail read of that directory). */
const TEAM_ENDPOINT = { projects: 'project', investors: 'investor', services: 'service' } as const;

export interface ProspectViewProps {
  meter: CreditMeter | null;
  prices: Prices;
  /** The cache lifetime setting (how long found records are kept), null while unread. */
  cacheHours: number | null;
  /** The search form: its value, the roles and channels on offer, the values a search questioned before sending, its events. */
  form: Omit<ProspectFormViewProps, 'vocabulary' | 'price'>;
  statuses: ReadonlyMap<string, LeadStatus>;
  results: ProspectResults;
}

export function ProspectView({ meter, prices, form, results, ...props }: ProspectViewProps) {
  const { shown, failure, teamPeople } = results;
  const searchPrice = prices[form.value.list];
  const teamPrice = shown && shown.list !== 'people' ? prices[TEAM_ENDPOINT[shown.list]] : prices.project;
  const sample = shown?.sample != null;
  const marks = { sample, known: shown?.known ?? {} };

  return (
    <main className="prospect">
      <header className="prospect__header">
        <h1>Find prospects</h1>
        <CreditMeterBar meter={meter} />
      </header>
      <p className="muted">
        Build a list from the directory at 100 records per call. Nothing is sent until you search; every page shows its price first.
      </p>

      <ProspectFormView {...form} vocabulary={results.vocabulary} price={searchPrice} />

      {failure && (
        <div role="alert" className="notice notice--danger prospect__failure">
          <p>{failure.failure.message}</p>
          {failure.retry && (
            <SendButton className="btn" onSend={results.anyway}>
              {failure.retry.page > 1 ? 'Next 100 anyway' : 'Search anyway'} · {creditsLabel(prices[failure.retry.query.list])}
            </SendButton>
          )}
        </div>
      )}

      {shown && (
        <section className="prospect__results" aria-label="Search results">
          {shown.sample && (
            <p role="alert" className="notice notice--warn">
              {shown.sample.notice}
            </p>
          )}
          <ResultsSummary shown={shown} price={prices[shown.list]} onNext={results.next} />
          <KnowledgeNote sample={sample} remembered={shown.remembered} cacheHours={props.cacheHours} />
          {results.notice && (
            <p role="status" className="notice prospect__notice">
              {results.notice}
            </p>
          )}
          <SelectionActions {...results} teamPrice={teamPrice} sample={sample} />
          {shown.list === 'people' ? (
            <PeopleTable caption="Results" people={shown.people} statuses={props.statuses} {...marks} {...results} />
          ) : (
            <OrganizationsTable list={shown.list} organizations={shown.organizations} teamPrice={teamPrice} {...marks} {...results} />
          )}
          {teamPeople.length > 0 && (
            <PeopleTable caption="Team members" people={teamPeople} statuses={props.statuses} {...marks} {...results} />
          )}
        </section>
      )}
    </main>
  );
}
