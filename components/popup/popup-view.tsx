import type { Person, Project } from '@/lib/api';
import type { CreditMeter, TabState } from '@/lib/tab-state/tab-state';
import { OnThisTab, type OnThisTabLead } from './on-this-tab';
import { CreditMeterBar } from '@/components/shared/credit-meter-bar';
import type { LeadRows } from '@/components/shared/save-lead';
import type { LeadsPageFilter } from '@/lib/leads/leads-page';
import { FIND_PROSPECTS } from '@/lib/prospect/prospect-page';
import { NoKeyNotice } from './no-key-notice';
import { SearchResults } from './search-results';
import { SearchForm } from './search-form';
import { SearchStatus } from './search-status';
import type { SearchState } from './search-state';

export interface PopupViewProps {
  /** The account-wide meter; null while it loads. */
  meter: CreditMeter | null;
  /** What a search costs: the account's search price (`pricesOf(meter).search`). */
  searchPrice: number;
  search: SearchState;
  onSearch: (q: string) => void;
  onSearchAnyway: () => void;
  onPickPerson: (person: Person) => void;
  onPickProject: (project: Project) => void;
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
      ) : noKey ? (
        <NoKeyNotice onOpenSettings={props.onOpenSettings} />
      ) : keyRefused ? (
        <NoKeyNotice refused onOpenSettings={props.onOpenSettings} />
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
          {search.status === 'done' && (
            <SearchResults
              result={search.result}
              onPickPerson={props.onPickPerson}
              onPickProject={props.onPickProject}
              leads={props.leads}
            />
          )}
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
