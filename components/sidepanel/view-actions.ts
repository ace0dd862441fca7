/*
 * What a view can ask for: events out of the presentational components, bound to one view (a tab or
 * the popup selection) by the side panel's wiring. Optional members are not available in every view:
 * a selection has no tab to look up or pick candidates for. A priced action's promise settles when the
 * worker answered: its button waits for that (or a new state) before it can send again.
 */
import type { Person } from '@/lib/api';
import type { RevealRecord } from '@/lib/credits/reveals';
import type { Prices } from '@/lib/tab-state/meter-prices';
import type { CreditMeter, ViewState } from '@/lib/tab-state/tab-state';
import type { LeadRows } from '@/components/shared/save-lead';
import type { SendAction } from '@/components/shared/send-once';

/** What a priced action returns: the message's answer, when the wiring has one to wait for. */
type Sent = void | Promise<unknown>;

export interface ViewActions {
  openSettings: () => void;
  /** Look the tab's profile up now (a search); `override`: this one lookup past today's budget ("Look up anyway"). */
  lookUp?: (options?: { override?: boolean }) => Sent;
  /** "+50 today and look up": raise today's budget (today only) and look the paused profile up. */
  raiseBudgetToday?: () => Sent;
  /** Pay for a new answer instead of the record already known ("Refresh · N credits", a search). */
  refresh?: () => Sent;
  /** Search the directory for these words for this tab ("Not them?", "Not in the directory"): a search. */
  searchAs?: (q: string) => Sent;
  /** Pick one of several matches (remembered at no cost). */
  pickCandidate?: (pick: { personId: string } | { organizationId: string }) => void;
  /** Load coworkers (person) or team/portfolio (organization): a person or organisation detail call. */
  loadDetails?: (target: 'person' | 'organization') => Sent;
  /** Reveal a person's channels; only ever called after the confirm dialog. */
  reveal?: (personId: string, quoted: number) => void;
  /** Open a row already paid for (a coworker, a team member) over this view, with a way back. */
  showPerson?: (person: Person) => void;
}

/** A reveal that failed, as answered by the `reveal` message (shown next to the person). */
export type RevealFailure = { personId: string; message: string };

/** What the wiring binds to one view (the followed tab's, or the selection's). */
export interface ViewBinding {
  actions: ViewActions;
  /** The last failed reveal outcome in this view. */
  revealFailure?: RevealFailure | null | undefined;
  /** Save buttons and Saved marks for the people this view shows or lists. */
  leads?: LeadRows | undefined;
}

/** What every view of a state reads besides its state. */
export interface ViewContext extends ViewBinding {
  meter: CreditMeter | null;
  /** The account's prices (`pricesOf(meter)`): every priced button and quote reads these. */
  prices: Prices;
  /** The reveal store's entry for the person shown. */
  revealed?: RevealRecord | null | undefined;
}

/** The view of one status: its state, and the context it is shown in. */
export type StateViewProps<S extends ViewState['status']> = ViewContext & { state: Extract<ViewState, { status: S }> };

/** "Look up" / "Retry" again (a search), where this view can look its tab up. */
export function retryOf({ lookUp }: ViewActions): SendAction | undefined {
  return lookUp ? () => lookUp() : undefined;
}
