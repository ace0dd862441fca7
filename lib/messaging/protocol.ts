import { browser } from 'wxt/browser';
import type { z } from 'zod';
import type { Account, ApiErrorKind, Investor, Person, Project, SampleInfo } from '@/lib/api';
import type { PeopleFacets } from '@/lib/api/facets';
import type { DayTotal, LedgerEntry, RevealRecord } from '@/lib/credits';
import type { EnrichRun, ListQuote } from '@/lib/enrich/enrich-run';
import type { LeadStatus } from '@/lib/leads/lead';
import type { CrmMark, CrmOutcome, CrmPlan } from '@/lib/crm/crm';
import type { CrmSyncReport } from '@/lib/crm/crm-sync';
import type { CreditMeter, ViewState } from '@/lib/tab-state/tab-state';
import { assertAnswer, type Envelope, type Reply } from './envelope';
import type { MESSAGE_SCHEMAS } from './schemas';

/**
 * The one message protocol shared by every context, and the pages' sender (`sendMessage`, at the end).
 * zod and the schemas are imported as types only, erased from the bundle; content scripts import this
 * file as types only too (their one message is ./report-profile.ts, without the polyfill). The
 * background validates every message with the zod schemas in `./schemas.ts` and checks its sender
 * (`./classify-sender.ts`) before acting: content scripts may only `reportProfile`; everything else is
 * for extension pages.
 *
 * State flows the other way through `storage.session` (see `lib/tab-state/items.ts`): the worker
 * writes, the pages watch, so nothing is lost when a page or the worker restarts.
 */

// ── What the worker's services answer (declared here: the protocol owns its types) ──────────────

/** "Enrich a list": a run started, cancelled, resumed, a candidate picked; or why not. */
export type EnrichOutcome = { ok: true } | { ok: false; message: string };

/** "Look up N · M credits" on a page's people. */
export type LookUpPeopleOutcome = { ok: true; looked: number } | { ok: false; message: string };

/** The HubSpot connection as the options page shows it. */
export interface HubSpotStatus {
  connected: boolean;
  portalId: string | null;
  markPeople: boolean;
  baseUrl: string;
  /** HubSpot refused the stored token (401): the words to show. */
  problem: string | null;
  /** "Keep HubSpot up to date": the rep's opt-in to send saved and changed leads without a click. */
  keepUpToDate: boolean;
  /** The last run of it (null before the first). */
  lastSync: CrmSyncReport | null;
}

export type ConnectHubSpotOutcome = { ok: true; portalId: string; missingProperties: string[] } | { ok: false; message: string };
export type HubSpotMarksOutcome =
  { enabled: false } | { enabled: true; marks: Record<string, CrmMark | null> } | { enabled: true; error: string };
export type HubSpotPlanOutcome = { ok: true; plan: CrmPlan } | { ok: false; message: string };
export type HubSpotSendOutcome = { ok: true; outcomes: CrmOutcome[] } | { ok: false; message: string };

/**
 * Which view an action is about: a browser tab, or the selection (the card on top of the panel's back
 * stack: a popup pick, a clicked coworker). The one way to address either; see `./view-ref.ts`.
 */
export type ViewRef = { tabId: number } | { selection: true };

export type RevealOutcome =
  | { ok: true; personId: string; record: RevealRecord; creditsCharged: number }
  | {
      ok: false;
      reason: 'missing-scope' | 'reveal-cap' | 'out-of-credits' | 'bad-key' | 'budget' | 'unknown-outcome' | 'do-not-contact' | 'error';
      message: string;
    };

export type SaveLeadOutcome = { ok: true; personId: string; status: LeadStatus; created: boolean } | { ok: false; message: string };
export type RefreshLeadOutcome = { ok: true; creditsCharged: number } | { ok: false; message: string };

/** Why a paid page action was not answered with records (the popup search's reasons, in its words). */
export type PaidFailure = { ok: false; reason: 'no-key' | 'budget' | 'halted' | ApiErrorKind; message: string; remainingToday?: number };

export type SearchOutcome =
  | { ok: true; q: string; people: Person[]; projects: Project[]; sample: SampleInfo | null; creditsCharged: number; fromCache: boolean }
  | PaidFailure;

/** The rows of one prospect answer, by list. */
export type ProspectRows =
  { list: 'people'; rows: Person[] } | { list: 'projects' | 'services'; rows: Project[] } | { list: 'investors'; rows: Investor[] };

/**
 * What a prospect answer adds to its rows. `known`: the rows this account had already paid for before
 * this answer (record id → how, "from Ada Lindqvist's profile"). `remembered`: its records joined the
 * knowledge index (a live answer while the cache lifetime is on), so opening them later costs 0.
 */
export interface ProspectFacts {
  /** What the ledger booked for it; `mayHaveCost`: part of it "may have been charged" (attempts lost before a resend). */
  creditsCharged: number;
  mayHaveCost?: true;
  fromCache: boolean;
  /** Set: NOT REAL DATA. Nothing of it is kept, learned or savable. */
  sample: SampleInfo | null;
  known: Record<string, string>;
  remembered: boolean;
}

export type ProspectOutcome =
  (ProspectRows & ProspectFacts & { ok: true; total: number; page: number; totalPages: number | null; facets: PeopleFacets }) | PaidFailure;

export type TeamOutcome = (ProspectFacts & { ok: true; organizationId: string; people: Person[] }) | PaidFailure;

export type SaveKeyOutcome =
  /**
   * The key is saved for `baseUrl`, the address the user gave. `proposedBaseUrl`: /v1/me named another
   * (https) API address; the options page shows it and, only if the user confirms, saves again with it.
   * `refusedBaseUrl`: it named one the key may never go to (plain http, or not an address).
   */
  | { ok: true; account: Account; baseUrl: string; proposedBaseUrl?: string; refusedBaseUrl?: string }
  | { ok: false; reason: ApiErrorKind | 'invalid-base-url' | 'no-permission'; message: string };

export interface Spending {
  spentToday: number;
  days: DayTotal[];
  entries: LedgerEntry[];
  reveals: RevealRecord[];
}

/**
 * What each message answers. Requests are not declared here: they are the zod schemas in ./schemas.ts
 * (what the background validates is, by construction, what pages may send).
 */
interface Responses {
  /** Content script → background: the profile on this tab (or none). */
  reportProfile: void;
  getTabState: ViewState | null;
  /**
   * Look up the tab's profile now: manual lookups, retries, and "look up anyway" (`override` after the page asked).
   * `refresh`: pay for a new answer instead of the one already known; `q`: search these words instead ("Not them?").
   */
  lookUp: void;
  pickCandidate: void;
  loadDetails: void;
  /** Spends 10 credits (5 if already unlocked): only after the page's confirmation dialog. */
  reveal: RevealOutcome;
  search: SearchOutcome;
  /** One page (100 records) of a prospect search: one paid call, or the cache's answer for 0. */
  prospect: ProspectOutcome;
  /** "Load team · 5 credits" on a prospect row: the organisation's detail read (its team), or the cache's. */
  loadTeam: TeamOutcome;
  /** Save a person already paid for as a lead: 0 credits, no call. */
  saveLead: SaveLeadOutcome;
  /** "Refresh · 5 credits" on a lead: one paid person read, then a new snapshot. */
  refreshLead: RefreshLeadOutcome;
  /** "Look up N · M credits" on a list page's rows: refused whole, before anything is sent, if the total does not fit today's budget. */
  lookUpPeople: LookUpPeopleOutcome;
  /** A lead's reveal, after the Leads page's confirmation dialog (the same paid path as the panel's). */
  revealLead: RevealOutcome;
  /** The Leads page changed follow-ups or statuses: count the ones due again (the badge). */
  followUpsChanged: number;
  /** Every account's revealed contacts (the one reveal store), and the account in use. */
  getReveals: { accountId: string | null; reveals: RevealRecord[] };
  /** Show a search row in the side panel (no call: the row is already paid for), on top of its back stack. */
  showRecord: void;
  /** Open someone `from` lists (a coworker, a team member) on top of the back stack: no call, the row is paid for. */
  openPerson: void;
  /** "← Back": close the card on top of the back stack (nothing is fetched again). */
  back: void;
  /**
   * "+50 today and look up": raise today's budget by 50 credits for today only, then look up the tab's
   * paused profile (the lookup's own price, within the raised budget).
   */
  raiseBudgetToday: void;
  getMeter: CreditMeter;
  /** `baseUrl`: where the saved key goes, kept with it in the background's secret store ('' with no key). */
  getAccount: { account: Account | null; baseUrl: string; hasKey: boolean };
  saveApiKey: SaveKeyOutcome;
  removeApiKey: void;
  getSpending: Spending;
  clearCache: { cleared: number };
  /** Every storage area and database wiped; the extension then restarts at its welcome page (lib/privacy/delete-all.ts). */
  deleteAllData: void;
  /** Whether HubSpot is connected (never the token). */
  hubspotStatus: HubSpotStatus;
  /** Checks the token with a free read, then stores it in the background's secret store. */
  connectHubSpot: ConnectHubSpotOutcome;
  disconnectHubSpot: void;
  /** "In HubSpot" for the people shown: cached for a while, `refresh` asks again. */
  hubspotMarks: HubSpotMarksOutcome;
  /** "Send to HubSpot"'s preview: reads only. */
  planHubSpotSend: HubSpotPlanOutcome;
  /** The send, with the rep's choices from the preview (a lead needing one and given none is held). */
  sendToHubSpot: HubSpotSendOutcome;
  setHubSpotSync: HubSpotStatus;
  /** Runs "Keep HubSpot up to date" now (the options' "Sync now"); answers the status after it. */
  syncHubSpotNow: HubSpotStatus;
  /** "Enrich a list": every row with what it will be and the exact price of the rest; nothing is sent. */
  quoteList: ListQuote;
  /** Quoted again and refused before anything is sent if it does not fit or costs more than `quoted`; then run by the worker. */
  enrichList: EnrichOutcome;
  /** The account's last list and its run (the page asks again while it runs). */
  getEnrichRun: EnrichRun | null;
  cancelEnrich: EnrichOutcome;
  /** An `interrupted` run (a browser restart) goes on. */
  resumeEnrich: EnrichOutcome;
  /** One of a row's candidates is its person: 0 credits. */
  pickListCandidate: EnrichOutcome;
}

/** The message names: the schemas' keys (a message without a schema cannot exist). */
export type MessageType = keyof typeof MESSAGE_SCHEMAS;

/** What a page sends for `K`: the schema's input type (before trims and defaults). */
export type MessageInput<K extends MessageType> = z.input<(typeof MESSAGE_SCHEMAS)[K]>;
/** What a handler receives for `K`: the schema's output, after validation. */
export type MessageData<K extends MessageType> = z.output<(typeof MESSAGE_SCHEMAS)[K]>;
export type MessageResponse<K extends MessageType> = Responses[K];

/** What `sendMessage` takes after the type: nothing for a message without a payload, else its input. */
type SendArgs<K extends MessageType> = MessageInput<K> extends undefined | null ? [data?: MessageInput<K>] : [data: MessageInput<K>];

// Every schema has an answer and every answer a schema (a compile error names the odd one out).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const protocolIsComplete: Same<MessageType, keyof Responses> = true;
void protocolIsComplete;

/**
 * Sends one message from an extension page to the background (`runtime.sendMessage`, in the envelope of
 * ./envelope.ts that lib/messaging/message-listener.ts reads) and resolves with its answer. A refusal
 * or a handler's failure rejects with an Error carrying the background's message, and no stack.
 */
export async function sendMessage<K extends MessageType>(type: K, ...[data]: SendArgs<K>): Promise<MessageResponse<K>> {
  const message: Envelope<K> = { type, data };
  const reply = await browser.runtime.sendMessage<Envelope<K>, Reply | undefined>(message);
  assertAnswer(reply);
  return reply.res as MessageResponse<K>;
}
