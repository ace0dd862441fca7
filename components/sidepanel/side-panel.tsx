/*
 * SidePanel — the whole panel, presentational: header (Leads, Find prospects, Pop out), the always-visible credit meter, and
 * one main view: the followed tab's own, or — when the user opened a popup pick or a coworker — the
 * card on top of the back stack, labelled by where it came from, with "← Back to …" one step down.
 */
import { memo } from 'react';
import { isMatchState, type SelectionEntry, type SelectionOrigin, type TabState, type ViewState } from '@/lib/tab-state/tab-state';
import { fullName } from '@/lib/lookup/match-profile';
import { safeText } from '@/lib/text/safe-text';
import { CreditMeterBar } from '@/components/shared/credit-meter-bar';
import { Skeleton } from '@/components/shared/skeleton';
import { PeopleOnPage, type PeopleOnPageProps } from './people-on-page';
import { TabStateView, type ViewBinding, type ViewContext } from './tab-state-view';
import { FIND_PROSPECTS } from '@/lib/prospect/prospect-page';
import { creditsLabel } from '@/lib/messages/texts';
import { AUTO_LOOKUP_LABELS, type AutoLookupMode } from '@/lib/settings/settings';

export interface SidePanelProps extends Pick<ViewContext, 'meter' | 'prices' | 'revealed'> {
  /** undefined while it is being read. */
  tabState: TabState | null | undefined;
  /** The back stack over this tab, oldest first (empty: the tab's own view shows). */
  stack: readonly SelectionEntry[];
  /** The tab's view: actions bound to `{ tabId }`, its reveal failure, its saves. */
  tab: ViewBinding;
  /** The same for the selection (the top of the stack). */
  selection: ViewBinding;
  /** Open the Leads page in a tab (absent: no link). */
  onOpenLeads?: () => void;
  /** Open "Find prospects" in a tab (absent: no link). */
  onOpenProspects?: () => void;
  /** "← Back": closes the top card. */
  onBack: () => void;
  /** Absent when already popped out or no tab is known. */
  onPopOut?: () => void;
  /** "People on this page" when the tab shows a list page a panel read rows from. */
  people?: PeopleOnPageProps | null;
  /** Set when following a fixed tab (?tabId=N). */
  pinnedTabId?: number | null;
  /** The first-use note on what automatic lookups cost (absent once dismissed). */
  firstUse?: FirstUseNoteProps | null;
}

/**
 * Memoised: the panel page re-renders for things that change nothing here (storage echoing a state the
 * worker already pushed, a query that read what is shown), often between a card's commit and its paint.
 */
export const SidePanel = memo(function SidePanel(props: SidePanelProps) {
  const { tabState, stack, meter, prices, revealed, onBack, pinnedTabId } = props;
  const top = stack.at(-1);
  // The pages (in tabs) and Pop out, at the right: under the brand when the panel is too narrow for one row.
  const links = [
    { text: 'Leads', title: 'Your saved leads, in a tab', onClick: props.onOpenLeads },
    { text: FIND_PROSPECTS, title: 'Build a list from the directory, in a tab', onClick: props.onOpenProspects },
    { text: 'Pop out', title: 'Open this panel in a tab', onClick: props.onPopOut },
  ];
  return (
    <div className="app">
      <header className="app__header">
        <span className="app__brand">Crypto Directory</span>
        {pinnedTabId != null && (
          <span className="chip" title={`Follows browser tab ${pinnedTabId}, not the active tab`}>
            Pinned to one tab
          </span>
        )}
        <div className="app__actions">
          {links.map(
            ({ text, title, onClick }) =>
              onClick && (
                <button key={text} type="button" className="btn btn--small btn--ghost" onClick={onClick} title={title}>
                  {text}
                </button>
              ),
          )}
        </div>
      </header>
      <CreditMeterBar meter={meter} />
      {props.firstUse && <FirstUseNote {...props.firstUse} />}
      <main className="app__main">
        {top ? (
          <section key={stack.length} className="selection" aria-label={originLabel(top.origin)}>
            <div className="selection__bar">
              <button type="button" className="btn btn--small btn--ghost" onClick={onBack}>
                <span aria-hidden="true">← </span>
                {backLabel(stack, tabState)}
              </button>
              <span className="selection__label">{originLabel(top.origin)}</span>
            </div>
            <TabStateView state={top.state} meter={meter} prices={prices} revealed={revealed} {...props.selection} />
          </section>
        ) : tabState === undefined ? (
          <div className="card card--skeleton">
            <Skeleton label="Loading this tab" avatar lines={3} />
          </div>
        ) : (
          <>
            {props.people && <PeopleOnPage {...props.people} />}
            {/* A list page is no profile: its rows are the view, with no "Open an X or LinkedIn profile" under them. */}
            {!(props.people && (tabState === null || (tabState.status === 'idle' && tabState.reason === 'no-profile'))) && (
              <TabStateView state={tabState} meter={meter} prices={prices} revealed={revealed} {...props.tab} />
            )}
          </>
        )}
      </main>
    </div>
  );
});

export interface FirstUseNoteProps {
  /** "Look up profiles automatically" as set. */
  mode: AutoLookupMode;
  /** What one lookup costs (`pricesOf(meter).search`). */
  price: number;
  onOpenSettings: () => void;
  onDismiss: () => void;
}

/** Said once, until dismissed: what automatic lookups cost while the panel is open, and where to change that. */
export function FirstUseNote({ mode, price, onOpenSettings, onDismiss }: FirstUseNoteProps) {
  const what =
    mode === 'never'
      ? 'Profiles are looked up only when you click Look up'
      : `${mode === 'always' ? 'Every' : 'While this panel is open, each'} new X or LinkedIn profile you visit is looked up by itself`;
  return (
    <aside className="notice first-use-note" aria-label="How lookups are paid">
      <p>
        {what}: {creditsLabel(price)} each, nothing for one already known. Automatic lookups: {AUTO_LOOKUP_LABELS[mode]}.{' '}
        <button type="button" className="link-button" onClick={onOpenSettings}>
          Change in settings
        </button>
      </p>
      <button type="button" className="btn btn--small btn--ghost" onClick={onDismiss}>
        Got it
      </button>
    </aside>
  );
}

/*
 * The words of the back stack: what a stacked card is labelled by (where it came from) and what "← Back
 * to …" names (the card under it, or the tab's own view "on screen").
 */
export function originLabel(origin: SelectionOrigin): string {
  switch (origin.kind) {
    case 'search':
      return 'From your search';
    case 'coworker':
      return `Coworker of ${safeText(origin.of)}`;
    case 'team':
      return `Team of ${safeText(origin.of)}`;
  }
}

/** The name a view's card reads as: its person, else its organisation, else the page's profile. */
export function viewName(state: ViewState | null | undefined): string | null {
  if (!state) return null;
  if (isMatchState(state)) {
    const name = (state.person && safeText(fullName(state.person))) || safeText(state.organization?.name);
    if (name) return name;
  }
  const hinted = safeText(state.hints.name);
  if (hinted) return hinted;
  const profile = state.profile;
  if (!profile) return null;
  return profile.site === 'x' ? `@${profile.handle}` : profile.slug;
}

/** "Back to Ada Quant (on screen)" for the first card; "Back to Tomas Berg" for a nested one. */
export function backLabel(entries: readonly SelectionEntry[], tabState: ViewState | null | undefined): string {
  const under = entries.at(-2);
  if (under) return `Back to ${viewName(under.state) ?? 'the previous card'}`;
  const onScreen = viewName(tabState);
  return onScreen ? `Back to ${onScreen} (on screen)` : 'Back to this page';
}
