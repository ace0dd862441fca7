/*
 * SidePanel — the whole panel, presentational: header (Pop out), the always-visible credit meter,
 * the record picked from a popup search (with "Close") above the followed tab's own view.
 *
 * Props:
 *   tabState          TabState | null | undefined — undefined while it is being read
 *   selection         TabState | null — the popup's pick (`selectionItem`)
 *   meter             CreditMeter | null
 *   tabActions        ViewActions — bound to { tabId }
 *   selectionActions  ViewActions — bound to { selection: true }
 *   tabRevealFailure?, selectionRevealFailure?  RevealFailure | null
 *   onCloseSelection  () => void
 *   onPopOut?         () => void — absent when already popped out or no tab is known
 *   pinnedTabId?      number | null — set when following a fixed tab (?tabId=N)
 */
import type { CreditMeter as CreditMeterData, TabState } from '../../lib/tab-state/tab-state';
import { CreditMeter } from '../shared/credit-meter';
import { Skeleton } from '../shared/skeleton';
import { TabStateView } from './tab-state-view';
import type { RevealFailure, ViewActions } from './view-actions';

export interface SidePanelProps {
  tabState: TabState | null | undefined;
  selection: TabState | null;
  meter: CreditMeterData | null;
  tabActions: ViewActions;
  selectionActions: ViewActions;
  tabRevealFailure?: RevealFailure | null;
  selectionRevealFailure?: RevealFailure | null;
  onCloseSelection: () => void;
  onPopOut?: () => void;
  pinnedTabId?: number | null;
}

export function SidePanel(props: SidePanelProps) {
  const { tabState, selection, meter, tabActions, selectionActions, onCloseSelection, onPopOut, pinnedTabId } = props;
  return (
    <div className="app">
      <header className="app__header">
        <span className="app__brand">Crypto Directory</span>
        {pinnedTabId != null && (
          <span className="chip" title={`Follows browser tab ${pinnedTabId}, not the active tab`}>
            Pinned to one tab
          </span>
        )}
        <span className="app__spacer" />
        {onPopOut && (
          <button type="button" className="btn btn--small btn--ghost" onClick={onPopOut} title="Open this panel in a tab">
            Pop out
          </button>
        )}
      </header>
      <CreditMeter meter={meter} />
      {selection && (
        <section className="selection" aria-label="Search result">
          <div className="selection__bar">
            <span className="selection__label">From your search</span>
            <button type="button" className="btn btn--small btn--ghost" onClick={onCloseSelection}>
              Close
            </button>
          </div>
          <TabStateView state={selection} meter={meter} actions={selectionActions} revealFailure={props.selectionRevealFailure} />
        </section>
      )}
      <main className="app__main">
        {tabState === undefined ? (
          <div className="card card--skeleton">
            <Skeleton label="Loading this tab" avatar lines={3} />
          </div>
        ) : (
          <TabStateView state={tabState} meter={meter} actions={tabActions} revealFailure={props.tabRevealFailure} />
        )}
      </main>
    </div>
  );
}
