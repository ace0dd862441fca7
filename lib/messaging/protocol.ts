import { browser } from 'wxt/browser';
import type { z } from 'zod';
import type { Account, ApiErrorKind, Investor, Person, Project, SampleInfo } from '@/lib/api';
import type { PeopleFacets } from '@/lib/api/facets';
import type { DayTotal, LedgerEntry } from '@/lib/credits/ledger';
import type { RevealRecord } from '@/lib/credits/reveals';
import type { EnrichRun, ListQuote } from '@/lib/enrich/enrich-run';
import type { LeadStatus } from '@/lib/leads/lead';
import type { CrmMark, CrmOutcome, CrmPlan } from '@/lib/crm/crm';
import type { CrmSyncReport } from '@/lib/crm/crm-sync';
import type { CreditMeter, ViewState } from '@/lib/tab-state/tab-state';
import { assertAnswer, type Envelope, type Reply } from './envelope';
import type { MESSAGE_SCHEMAS } from './schemas';

/*
 * The one message protocol and the pages' sender. Requests are ./schemas.ts (types only here: no zod in the bundle),
 * validated in the background with their sender (./classify-sender.ts). State flows back through storage.session
 * (lib/tab-state/items.ts), so nothing is lost when a page or the worker restarts.
 */

/** Done, or why not (in the user's words). */
type Outcome<T = unknown> = ({ ok: true } & T) | { ok: false; message: string };

/** "Enrich a list": a run started, cancelled, resumed, a candidate picked. */
export type EnrichOutcome = Outcome;
export type LookUpPeopleOutcome = Outcome<{ looked: number }>;

/** The HubSpot connection as the options page shows it. */
export interface HubSpotStatus {
  connected: boolean;
  portalId: string | null;
  markPeople: boolean;
  baseUrl: string;
  /** HubSpot refused the stored token (401): the words to show. */
  problem: string | null;
  /** "Keep HubSpot up to date": the rep's opt-in to send saved and changed leads without a click; its last run. */
  keepUpToDate: boolean;
  lastSync: CrmSyncReport | null;
}

export type ConnectHubSpotOutcome = Outcome<{ portalId: string; missingProperties: string[] }>;
export type HubSpotMarksOutcome =
  { enabled: false } | { enabled: true; marks: Record<string, CrmMark | null> } | { enabled: true; error: string };
export type HubSpotPlanOutcome = Outcome<{ plan: CrmPlan }>;
export type HubSpotSendOutcome = Outcome<{ outcomes: CrmOutcome[] }>;

/** A browser tab, or the selection (the card on top of the panel's back stack): see ./view-ref.ts. */
export type ViewRef = { tabId: number } | { selection: true };

export type RevealOutcome =
  | { ok: true; personId: string; record: RevealRecord; creditsCharged: number }
  | {
      ok: false;
      reason: 'missing-scope' | 'reveal-cap' | 'out-of-credits' | 'bad-key' | 'budget' | 'unknown-outcome' | 'do-not-contact' | 'error';
      message: string;
    };

export type SaveLeadOutcome = Outcome<{ personId: string; status: LeadStatus; created: boolean }>;
export type RefreshLeadOutcome = Outcome<{ creditsCharged: number }>;

/** Why a paid page action was not answered with records (the popup search's reasons, in its words). */
export type PaidFailure = { ok: false; reason: 'no-key' | 'budget' | 'halted' | ApiErrorKind; message: string; remainingToday?: number };

export type SearchOutcome =
  | { ok: true; q: string; people: Person[]; projects: Project[]; sample: SampleInfo | null; creditsCharged: number; fromCache: boolean }
  | PaidFailure;

/** The rows of one prospect answer, by list. */
export type ProspectRows =
  { list: 'people'; rows: Person[] } | { list: 'projects' | 'services'; rows: Project[] } | { list: 'investors'; rows: Investor[] };

/** `known`: rows paid for before (record id → how: "from Ada Lindqvist's profile"); `remembered`: opening them costs 0. */
export interface ProspectFacts {
  /** What the ledger booked; `mayHaveCost`: part of it "may have been charged" (attempts lost before a resend). */
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

/** `proposedBaseUrl`: /v1/me named another https address (used if confirmed); `refusedBaseUrl`: one the key never goes to. */
export type SaveKeyOutcome =
  | { ok: true; account: Account; baseUrl: string; proposedBaseUrl?: string; refusedBaseUrl?: string }
  | { ok: false; reason: ApiErrorKind | 'invalid-base-url' | 'no-permission'; message: string };

export interface Spending {
  spentToday: number;
  days: DayTotal[];
  entries: LedgerEntry[];
  reveals: RevealRecord[];
}

/** What each message answers; one not listed answers nothing (what each one asks is said once, at its schema in ./schemas.ts). */
export interface Responses {
  getTabState: ViewState | null;
  reveal: RevealOutcome;
  search: SearchOutcome;
  prospect: ProspectOutcome;
  loadTeam: TeamOutcome;
  saveLead: SaveLeadOutcome;
  refreshLead: RefreshLeadOutcome;
  lookUpPeople: LookUpPeopleOutcome;
  revealLead: RevealOutcome;
  /** How many follow-ups are due now (the badge). */
  followUpsChanged: number;
  /** Every account's revealed contacts (the one reveal store), and the account in use. */
  getReveals: { accountId: string | null; reveals: RevealRecord[] };
  getMeter: CreditMeter;
  /** `baseUrl`: where the saved key goes ('' with no key); never the key. */
  getAccount: { account: Account | null; baseUrl: string; hasKey: boolean };
  saveApiKey: SaveKeyOutcome;
  getSpending: Spending;
  clearCache: { cleared: number };
  hubspotStatus: HubSpotStatus;
  connectHubSpot: ConnectHubSpotOutcome;
  hubspotMarks: HubSpotMarksOutcome;
  planHubSpotSend: HubSpotPlanOutcome;
  sendToHubSpot: HubSpotSendOutcome;
  setHubSpotSync: HubSpotStatus;
  syncHubSpotNow: HubSpotStatus;
  quoteList: ListQuote;
  enrichList: EnrichOutcome;
  getEnrichRun: EnrichRun | null;
  cancelEnrich: EnrichOutcome;
  resumeEnrich: EnrichOutcome;
  pickListCandidate: EnrichOutcome;
}

/** The message names: the schemas' keys (a message without a schema cannot exist). */
export type MessageType = keyof typeof MESSAGE_SCHEMAS;

/** What a page sends for `K`: the schema's input type (before trims and defaults). */
export type MessageInput<K extends MessageType> = z.input<(typeof MESSAGE_SCHEMAS)[K]>;
/** What a handler receives for `K`: the schema's output, after validation. */
export type MessageData<K extends MessageType> = z.output<(typeof MESSAGE_SCHEMAS)[K]>;
export type MessageResponse<K extends MessageType> = (Responses & Record<Exclude<MessageType, keyof Responses>, void>)[K];

/** What `sendMessage` takes after the type: nothing for a message without a payload, else its input. */
type SendArgs<K extends MessageType> = MessageInput<K> extends undefined | null ? [data?: MessageInput<K>] : [data: MessageInput<K>];

/** Sends one message from an extension page to the background; a refusal or failure rejects with the background's message. */
export async function sendMessage<K extends MessageType>(type: K, ...[data]: SendArgs<K>): Promise<MessageResponse<K>> {
  const message: Envelope<K> = { type, data };
  const reply = await browser.runtime.sendMessage<Envelope<K>, Reply | undefined>(message);
  assertAnswer(reply);
  return reply.res as MessageResponse<K>;
}
