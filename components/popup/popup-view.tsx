import type { CreditMeter, TabState } from '@/lib/tab-state/tab-state';
import { creditsLabel, KEY_REFUSED_LABEL, SAVED_KEY_REFUSED } from '@/lib/messages/texts';
import { SafeText } from '@/components/shared/safe-text';
import { OnThisTab, type OnThisTabLead } from './on-this-tab';
import { CreditMeterBar } from '@/components/shared/credit-meter-bar';
import type { LeadRows } from '@/components/shared/save-lead';
import type { LeadsPageFilter } from '@/lib/leads/leads-page';
import { FIND_PROSPECTS } from '@/lib/prospect/prospect-page';
import { SearchResults, type SearchResultsProps } from './search-results';
import { SearchForm } from './search-form';
import type { SearchState } from './search-state';

export interface PopupViewProps {
  /** The account-wide meter; null while it loads. */
  meter: CreditMeter | null;
  /** What a search costs: the account's search price (`pricesOf(meter).search`). */
  searchPrice: number;
  search: SearchState;
  onSearch: (q: string) => void;
  onSearchAnyway: () => void;
  /** Choosing a row shows that record in the side panel. */
  onPick: SearchResultsProps['onPick'];
  onOpenSidePanel: () => void;
  onOpenSettings: () => void;
  /** "Save {name} as lead" on the people of a live answer, and their Saved marks (never on a sample). */
  leads?: LeadRows | undefined;
  /** Follow-ups due today (and overdue); shown when above 0. */
  dueCount?: number | undefined;
  /** Open the Leads page in a tab; `due`: on the follow-ups due. */
  onOpenLeads: (filter?: LeadsPageFilter) => void;
  /** Open "Find prospects" in a tab (absent: no button). */
  onOpenProspects?: () => void;
  /** The lead controls of the person on the active tab. */
  tabLead?: OnThisTabLead | undefined;
  /** The active tab's state (the worker's): the popup leads with the profile detected there. */
  tabState?: TabState | null | undefined;
  /** "Look up · N credits" on the tab's profile (a click: the popup never spends on its own). */
  onLookUpTab?: () => void;
}

/** The toolbar popup: quick search, results that open in the side panel, the credit meter. */
export function PopupView(props: PopupViewProps) {
  const { meter, search, dueCount } = props;
  const noKey = meter?.hasKey === false || (search.status === 'failed' && search.failure.reason === 'no-key');
  // A key the API refused: no search is offered (it would fail, and each try counts against the address).
  const keyRefused = !noKey && meter?.keyRejected === true;

  return (
    <main className="popup">
      <header className="popup-header">
        <h1>Crypto Directory</h1>
        {meter?.hasKey && <CreditMeterBar meter={meter} />}
        {dueCount !== undefined && dueCount > 0 && (
          <button type="button" className="link-button popup-due" onClick={() => props.onOpenLeads('due')}>
            {/* "1 follow-up due", "3 follow-ups due" */}
            {`${dueCount} follow-up${dueCount === 1 ? '' : 's'} due`}
          </button>
        )}
      </header>

      {meter === null && search.status === 'idle' ? (
        <p role="status">Loading…</p>
      ) : noKey || keyRefused ? (
        // Instead of the search: no API key saved, or the saved one was refused (401).
        <section className="no-key" aria-label={keyRefused ? KEY_REFUSED_LABEL : 'No API key'} role={keyRefused ? 'alert' : undefined}>
          <p>{keyRefused ? SAVED_KEY_REFUSED : 'No API key yet. Add your Directory API key in Settings to search and look up profiles.'}</p>
          <button type="button" className="btn btn--primary" onClick={props.onOpenSettings}>
            Settings
          </button>
        </section>
      ) : (
        <>
          <OnThisTab
            state={props.tabState}
            lookUpPrice={props.searchPrice}
            onOpenSidePanel={props.onOpenSidePanel}
            onLookUp={() => props.onLookUpTab?.()}
            lead={props.tabLead}
          />
          <SearchForm onSearch={props.onSearch} busy={search.status === 'searching'} price={props.searchPrice} />
          <SearchStatus search={search} onSearchAnyway={props.onSearchAnyway} price={props.searchPrice} />
          {search.status === 'done' && <SearchResults result={search.result} onPick={props.onPick} leads={props.leads} />}
        </>
      )}

      <footer className="popup-actions">
        <button type="button" className="btn" onClick={props.onOpenSidePanel}>
          Open side panel
        </button>
        {/* Leads are the user's, key or no key. */}
        <button type="button" className="btn" onClick={() => props.onOpenLeads()}>
          Leads
        </button>
        {/* Prospecting searches the directory: it needs a key, which the popup asks for first. */}
        {!noKey && props.onOpenProspects && (
          <button type="button" className="btn" onClick={props.onOpenProspects}>
            {FIND_PROSPECTS}
          </button>
        )}
        {!noKey && (
          <button type="button" className="btn" onClick={props.onOpenSettings}>
            Settings
          </button>
        )}
      </footer>
    </main>
  );
}

interface SearchStatusProps {
  search: SearchState;
  /** Repeat the refused search past today's budget (sends `override: true`). */
  onSearchAnyway: () => void;
  /** What "Search anyway" costs: the account's search price (the meter's). */
  price: number;
}

/** Text for the polite live region: what the last search cost, or why it did not run (failures are alerts). */
function searchStatusText(search: SearchState): string {
  if (search.status === 'searching') return `Searching “${search.q}”…`;
  // The refusal's own words (lib/messages/texts.ts refusalText) say what is left and what the search needs.
  if (search.status === 'failed' && search.failure.reason === 'budget') return `Not searched. ${search.failure.message}`;
  if (search.status !== 'done') return '';
  const { result } = search;
  const cost = result.fromCache
    ? 'from cache · 0 credits'
    : result.sample
      ? 'sample · 0 credits'
      : `${creditsLabel(result.creditsCharged)} charged`;
  return `${result.people.length} people and ${result.projects.length} projects for “${result.q}” · ${cost}`;
}

/** The cost line (status), failures (alert), and "Search anyway" after a budget refusal. */
function SearchStatus({ search, onSearchAnyway, price }: SearchStatusProps) {
  const failure = search.status === 'failed' ? search.failure : null;
  const refused = failure?.reason === 'budget';
  // No key: the notice that replaces the search says it.
  const error = search.status === 'error' ? search.message : failure && !refused && failure.reason !== 'no-key' ? failure.message : '';
  return (
    <div className="search-status">
      <p role="status">{searchStatusText(search)}</p>
      {refused && (
        <button type="button" className="btn btn--primary" onClick={onSearchAnyway}>
          Search anyway · {price} credits
        </button>
      )}
      {error && (
        <p role="alert" className="search-error">
          <SafeText text={error} />
        </p>
      )}
    </div>
  );
}
