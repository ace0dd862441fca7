import type { InvestorDetail, Person, PersonDetail, Project, ProjectDetail, SampleInfo, ServiceDetail } from '@/lib/api';
import type { DetectedProfile, PageHints } from '@/lib/profile/types';
import type { Endpoint } from '@/lib/credits/price-table';
import type { MatchBasis } from '@/lib/lookup/match-profile';
import type { KnownSource } from '@/lib/lookup/known-records';
import type { XHandleSeen } from '@/lib/lookup/x-account';

/** The states the UI renders, exactly (design.md, "Tab states"). */
export type TabStatus = TabState['status'];

/**
 * Why nothing is looked up. `unsupported`: Recruiter; `not-shown`: LinkedIn served no profile at a profile
 * URL (`profile` is the URL's, for a search by name only); `manual`: automatic lookups are off; `unwatched`:
 * no panel shows the tab yet; `navigating-fast`: the page moves faster than a person reads (waits for a click).
 */
export type IdleReason = 'no-profile' | 'unsupported' | 'not-shown' | 'manual' | 'unwatched' | 'navigating-fast';

/** A detail call's progress, kept per card so one failure does not blank the others. */
export type DetailSlot<T> = { status: 'loading' } | { status: 'loaded'; value: T } | { status: 'error'; message: string };

export type OrganizationDetail =
  ({ kind: 'investor' } & InvestorDetail) | ({ kind: 'project' } & ProjectDetail) | ({ kind: 'service' } & ServiceDetail);

/** What a match rests on, said on every card: what the lookup matched on, the X account's id, or the user's pick. */
export type MatchedOn = MatchBasis | 'pick' | 'x-id';

/** What a match's answer cost, for the card's footer ("5 credits · Nov 26"). `reused`: a cached answer, 0 now. */
export type MatchCost = { credits: number; at: number; reused?: boolean };

export interface MatchView {
  matchedOn?: MatchedOn;
  /** What the lookup that found it cost (absent: shown from a record already known, see `known`, or an older state). */
  cost?: MatchCost;
  /** Shown from a record already paid for (0 credits): which earlier answer it came from, and when. */
  known?: KnownSource;
  person?: Person;
  /** The person's company (from the search row) or the organisation the profile itself is. */
  organization?: Project;
  personDetail?: DetailSlot<PersonDetail>;
  organizationDetail?: DetailSlot<OrganizationDetail>;
  /**
   * On an X profile: whether the page's account is the one the record was confirmed on (its user id), and
   * the handle it had before when it was renamed. Unconfirmed (the page shows no id): no channels are offered.
   */
  x?: { confirmed: boolean; formerly?: XHandleSeen };
  /** A reveal in flight for this person id. */
  revealing?: string;
  revealError?: { personId: string; message: string };
}

interface Common {
  tabId: number;
  /** The profile on the page (null when the page is not a profile). */
  profile: DetectedProfile | null;
  hints: PageHints;
  updatedAt: number;
}

export type TabState = Common &
  (
    | { status: 'no-key' }
    | { status: 'idle'; reason: IdleReason }
    | { status: 'looking-up'; waitingFor?: 'name' }
    | ({ status: 'matched' } & MatchView)
    | { status: 'candidates'; people: Person[]; organizations: Project[] }
    | {
        /**
         * The handle on screen names a record confirmed on another X account (renamed away and reused): not a
         * match. `seenAs`: that account's handle when seen; `listedAs`: whom the directory lists under it;
         * `cost`: what a "Look up anyway" paid.
         */
        status: 'handle-reused';
        handle: string;
        seenAs: XHandleSeen;
        listedAs: string;
        cost?: MatchCost;
      }
    | { status: 'not-found'; query: string }
    | { status: 'sample'; sample: SampleInfo; people: Person[]; projects: Project[] }
    | {
        status: 'paused-budget';
        /** The lookup's price (the account's, from /v1/me). */
        estimate: number;
        /** Today's budget needed to send it: the price plus a possible browser resend (lib/api/calls.ts `hold`); absent: `estimate`. */
        hold?: number;
        remainingToday: number;
        dailyBudget: number;
      }
    | { status: 'out-of-credits'; balance: number | null; message: string }
    | {
        status: 'rate-limited';
        resumeAt: number;
        message: string;
        /** The lookup is still queued and resumes by itself at `resumeAt` (the rate governor's pause). */
        automatic?: boolean;
      }
    | { status: 'bad-key'; message: string }
    | ({ status: 'missing-scope'; message: string } & Partial<MatchView>)
    | { status: 'wrong-host'; message: string }
    | { status: 'error'; message: string; retryable: boolean }
  );

export type TabStateOf<S extends TabStatus> = Extract<TabState, { status: S }>;

/** The account-wide credit meter the UI keeps visible. */
export interface CreditMeter {
  hasKey: boolean;
  /**
   * Whose meter this is: the panel reads this account's revealed channels (`revealItem`). Absent: an older
   * meter (rewritten at the worker's start).
   */
  accountId?: string | null;
  accountName: string | null;
  tier: string | null;
  balance: number | null;
  /** When `balance` was read from the server (`/v1/me` or a paid answer); absent in a meter of an older version. */
  balanceAt?: number | null;
  spentToday: number;
  dailyBudget: number;
  lowBalanceWarning: number;
  sampleMode: boolean;
  halted402: boolean;
  /** The API answered 401 to this key since it was saved: shown as refused, not as a healthy balance. */
  keyRejected?: boolean;
  /** The key's scopes from /v1/me (null: not known yet). Without `read:contacts` nothing can be revealed. */
  scopes?: string[] | null;
  /** The account's prices per call (`/v1/me`'s, the spec's until it answers): every label, quote and dialog reads these. */
  prices?: Readonly<Record<Endpoint, number>>;
  /** What a call sets aside in today's budget while on the wire (price + a possible browser resend). */
  holds?: Readonly<Record<Endpoint, number>>;
  /** Today's budget left, with the calls on the wire (their holds) already taken off. */
  remainingToday?: number;
  /** The balance is below the "warn when balance is below" setting. */
  lowBalance?: boolean;
  /** A charge disagreed with `prices`: nothing is paid until `/v1/me` has been read again (free). */
  pricesStale?: boolean;
  /** `/v1/me`'s `docs` address: where a money screen without an answer's `upgradeUrl` points (linked only over https). */
  docsUrl?: string | null;
}

/** How long a server balance is shown as it is: older, it shows its time and `/v1/me` (free) is read again, at most this often. */
export const BALANCE_FRESH_MS = 5 * 60_000;

/** A balance read at `at` is fresh at `now` (a clock set back counts as a while). */
export const balanceFresh = (at: number | null | undefined, now: number): boolean => at != null && Math.abs(now - at) < BALANCE_FRESH_MS;

/** A state that shows a record (a match, or a match whose key lacks a scope): what a card, a detail or a reveal needs. */
export function isMatchState<S extends { status: TabStatus }>(
  state: S | null | undefined,
): state is S & { status: 'matched' | 'missing-scope' } {
  return state?.status === 'matched' || state?.status === 'missing-scope';
}

/** Where a record opened in the panel came from: its label ("From your search", "Coworker of Ada Quant", "Team of Acme"). */
export type SelectionOrigin = { kind: 'search' } | { kind: 'coworker'; of: string } | { kind: 'team'; of: string };

/** A view's state without its address: a tab's state is stored under its tab id, a selection's in the stack. */
export type ViewState = TabState extends infer T ? (T extends unknown ? Omit<T, 'tabId'> : never) : never;

/** One card the user opened over the followed tab's own view (a popup pick, a clicked coworker). */
export type SelectionEntry = { origin: SelectionOrigin; state: ViewState };

/**
 * Records opened over one tab's view, newest last; "Back" pops one, a new followed tab or profile clears
 * it. `tabId` null: opened from the popup before a panel said which tab it shows (the first panel binds it).
 */
export type SelectionStack = { tabId: number | null; entries: SelectionEntry[] };

/**
 * How long a card stays while its tab's next profile is looked up: an answer within it updates the card in place, no
 * skeleton flashed (on 2 cores that halves the time to card: tests/bench/time-to-card.ts). As long as React's Suspense
 * waits, below the time to read a card and act; every action on the held card names its person (a reveal is confirmed).
 */
export const HOLD_CARD_MS = 300;

/** Whether `shown` stays on screen for now while the same tab's `next` state is a lookup under way. */
export function holdsCard(shown: TabState | null | undefined, next: TabState | null | undefined): boolean {
  return next?.status === 'looking-up' && shown?.status === 'matched' && shown.tabId === next.tabId;
}

/** The directory people a view shows (card, coworkers, team, candidates), marked "Saved · {status}"; a sample's are NOT REAL DATA: none. */
export function peopleInView(state: ViewState | null | undefined): string[] {
  if (!state) return [];
  if (state.status === 'candidates') return state.people.map((p) => p.id);
  if (!isMatchState(state)) return [];
  const coworkers = state.personDetail?.status === 'loaded' ? state.personDetail.value.coworkers : [];
  const team = state.organizationDetail?.status === 'loaded' ? state.organizationDetail.value.team : [];
  return [...new Set([state.person?.id, ...coworkers.map((p) => p.id), ...team.map((p) => p.id)].filter((id) => id !== undefined))];
}
