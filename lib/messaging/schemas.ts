import { z } from 'zod';
import { PersonSchema, ProjectSchema } from '@/lib/api';
import { ProspectQuerySchema } from '@/lib/api/calls';
import { MAX_PAGE_PEOPLE } from '@/lib/profile/list-pages';
import { X_HANDLE } from '@/lib/profile/sites';
import { ListRowSchema, MAX_LIST_ROWS } from '@/lib/enrich/enrich-run';
import { X_USER_ID } from '@/lib/profile/types';
import type { Responses } from './protocol';

// The protocol's requests and what each means (./protocol.ts derives its types from these). Every message is untrusted
// until accepted here: a content script runs next to a hostile page, and a page's bug must not smuggle a shape into a spend.

const tabId = z.number().int().nonnegative();
const id = z.string().min(1).max(200);
/** A price the page showed the rep before the click: the worker pays no more (lib/credits/quote.ts). */
const credits = z.number().int().nonnegative().max(1_000_000);
const httpUrl = z.string().max(2048);

const DetectedProfileSchema = z.discriminatedUnion('site', [
  z.object({ site: z.literal('x'), handle: z.string().regex(X_HANDLE), key: z.string().max(64), url: httpUrl }),
  z.object({
    site: z.literal('linkedin'),
    kind: z.enum(['person', 'company']),
    slug: z.string().min(1).max(200),
    key: z.string().max(256),
    url: httpUrl,
  }),
]);
const UnsupportedPageSchema = z.object({
  site: z.literal('linkedin'),
  kind: z.literal('unsupported'),
  reason: z.literal('recruiter'),
  url: httpUrl,
});
// A LinkedIn profile URL that served no profile (not found, sign-in wall, restriction, empty shell).
const NotShownPageSchema = z.object({ site: z.literal('linkedin'), kind: z.literal('not-shown'), url: httpUrl });
const hint = z.string().max(300).optional();
const xId = z.string().regex(X_USER_ID).optional();

// A list page's row (lib/profile/read-*-people.ts): text only, bounded; a Sales Navigator row has no slug.
/** A row's text, cut to `max` (a long headline or snippet must not make the page's whole list refused); absurd lengths still are. */
const rowText = (max: number, text = z.string()) => text.max(20_000).transform((t) => t.slice(0, max));
const PagePersonSchema = z.strictObject({
  name: rowText(200, z.string().trim().min(1)),
  handle: z.string().regex(X_HANDLE).optional(),
  xId,
  slug: z.string().min(1).max(200).optional(),
  headline: rowText(300).optional(),
  company: rowText(200).optional(),
});

export const ProfileReportSchema = z.object({
  url: httpUrl,
  profile: z.union([DetectedProfileSchema, UnsupportedPageSchema, NotShownPageSchema]).nullable(),
  hints: z.object({ name: hint, headline: hint, company: hint, xId }),
  // Only with no profile (a rows report changes no profile): see ProfileReport.people.
  people: z.array(PagePersonSchema).max(MAX_PAGE_PEOPLE).optional(),
  fresh: z.literal(true).optional(),
  ahead: z.literal(true).optional(),
});

// "Enrich a list" (issue 43): rows as lib/enrich/read-list.ts read them, checked again.
const ListSchema = {
  name: z.string().trim().min(1).max(200),
  rows: z
    .array(ListRowSchema)
    .min(1)
    .max(MAX_LIST_ROWS)
    .refine((rows) => new Set(rows.map((r) => r.key)).size === rows.length, 'a row twice'),
};

const ViewRefSchema = z.union([z.object({ tabId }), z.object({ selection: z.literal(true) })]);
const none = z.undefined().or(z.null());

/** A rep's decision in the HubSpot preview (lib/crm/crm.ts `CrmChoice`). */
const CrmChoiceSchema = z.object({
  personId: id,
  contactId: z.union([z.literal('new'), z.string().regex(/^\d{1,20}$/)]).optional(),
  useOurs: z
    .array(z.enum(['leadStatus', 'jobTitle']))
    .max(2)
    .optional(),
});

export const MESSAGE_SCHEMAS = {
  reportProfile: ProfileReportSchema,
  getTabState: ViewRefSchema,
  // Look up the tab's profile now (manual, retry; `override`: "look up anyway"). `refresh`: pay for a new
  // answer instead of the known one; `q`: search these words instead ("Not them?").
  lookUp: z.object({
    tabId,
    override: z.boolean().optional(),
    refresh: z.boolean().optional(),
    q: z.string().trim().min(1).max(200).optional(),
  }),
  pickCandidate: z
    .object({ tabId, personId: id.optional(), organizationId: id.optional() })
    .refine((v) => !!v.personId !== !!v.organizationId, 'pick exactly one'),
  loadDetails: z.object({ view: ViewRefSchema, target: z.enum(['person', 'organization']), override: z.boolean().optional() }),
  // 10 credits (5 if already unlocked), only after the page's confirmation dialog; `quoted`: the worker pays no more.
  reveal: z.object({ view: ViewRefSchema, personId: id, confirmed: z.literal(true), quoted: credits.optional() }),
  // 0 credits, no call: a record already paid for, by id, from a view (its person or a row it lists), the knowledge index, or the worker's copy of a live popup/prospect answer.
  saveLead: z.object({ personId: id, view: ViewRefSchema.optional(), tag: z.string().max(200).optional() }),
  // "Refresh · 5 credits" on a lead: one paid person read, then a new snapshot.
  refreshLead: z.object({ personId: id }),
  // "Look up N · M credits" on "People on this page": the rows (by key) the rep selected; `raise`: "+50 today and look up".
  // Refused whole, before anything is sent, when the total does not fit today's budget.
  lookUpPeople: z.object({
    tabId,
    keys: z.array(z.string().min(1).max(500)).min(1).max(MAX_PAGE_PEOPLE),
    quoted: credits.optional(),
    raise: z.literal(true).optional(),
  }),
  // The Leads page's reveal, after its confirmation dialog: the panel's paid path.
  revealLead: z.object({ personId: id, confirmed: z.literal(true), quoted: credits.optional() }),
  // The Leads page changed follow-ups or statuses: count the due ones again.
  followUpsChanged: none,
  getReveals: none,
  search: z.object({ q: z.string().trim().min(1).max(200), override: z.boolean().optional() }),
  // One page (100 records) of a list: one paid call (or the cache's answer for 0). `override`: "Search anyway" past today's budget.
  prospect: z.object({ query: ProspectQuerySchema, page: z.number().int().min(1).max(100_000), override: z.boolean().optional() }),
  // The team of an organisation a prospect answer listed (the worker finds it in its own copy of that answer), or the cache's for 0.
  loadTeam: z.object({ list: z.enum(['projects', 'investors', 'services']), organizationId: id, override: z.boolean().optional() }),
  // showRecord, openPerson (someone `from` lists: a coworker, a team member), back: the panel's back stack;
  // no call, every row shown is already paid for.
  showRecord: z
    .object({ person: PersonSchema.optional(), organization: ProjectSchema.optional() })
    .refine((v) => v.person || v.organization, 'nothing to show'),
  openPerson: z.object({ from: ViewRefSchema, personId: id }),
  back: none,
  // "+50 today and look up": today's budget raised by 50, then the tab's paused lookup at its own price.
  raiseBudgetToday: z.object({ tabId }),
  getMeter: none,
  getAccount: none,
  saveApiKey: z.object({ apiKey: z.string().trim().min(1).max(512), baseUrl: z.string().trim().min(1).max(2048) }),
  removeApiKey: none,
  getSpending: none,
  clearCache: none,
  // "Delete everything": an extension page only (the router refuses every message but reportProfile from content scripts).
  deleteAllData: none,
  // HubSpot (issue 27): the token goes to the background once, at Connect, and never comes back.
  hubspotStatus: none,
  // The token is checked with a free read, then kept in the background's secret store.
  connectHubSpot: z.object({
    token: z.string().trim().min(1).max(512),
    markPeople: z.boolean(),
    createProperties: z.boolean(),
    baseUrl: z.string().trim().max(2048).optional(),
  }),
  disconnectHubSpot: none,
  // "In HubSpot" for the people shown: cached for a while, `refresh` asks again.
  hubspotMarks: z.object({
    people: z.array(z.object({ personId: id, linkedinUrl: httpUrl.optional(), xHandle: z.string().regex(X_HANDLE).optional() })).max(500),
    refresh: z.boolean().optional(),
  }),
  // "Send to HubSpot": its preview (reads only), then the send with the rep's choices (a lead needing one and given none is held).
  planHubSpotSend: z.object({ personIds: z.array(id).min(1).max(2_000) }),
  sendToHubSpot: z.object({ personIds: z.array(id).min(1).max(2_000), choices: z.array(CrmChoiceSchema).max(2_000).optional() }),
  // "Keep HubSpot up to date": the opt-in, and "Sync now"; both answer the status.
  setHubSpotSync: z.object({ keepUpToDate: z.boolean() }),
  syncHubSpotNow: none,
  // "Enrich a list": the free quote (nothing sent); the run, quoted again and refused before anything is sent if it costs more
  // than `quoted` (the price the rep clicked) or does not fit (`fit`: only the lookups that fit; `raise`: today's budget raised).
  quoteList: z.object(ListSchema),
  enrichList: z.object({ ...ListSchema, quoted: credits, fit: z.literal(true).optional(), raise: z.literal(true).optional() }),
  getEnrichRun: none,
  cancelEnrich: none,
  // An `interrupted` run (a browser restart) goes on.
  resumeEnrich: none,
  // One of a row's candidates is its person: 0 credits.
  pickListCandidate: z.object({ key: z.string().min(1).max(500), personId: id }),
  // Every answer (./protocol.ts Responses) has its message: a compile error names a stray one.
} satisfies Record<keyof Responses, z.ZodType> & Record<string, z.ZodType>;

/** Which sender may send what: pages report, extension pages ask. */
export const CONTENT_SCRIPT_MESSAGES: ReadonlySet<keyof typeof MESSAGE_SCHEMAS> = new Set(['reportProfile']);
