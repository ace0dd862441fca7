/*
 * The background's HubSpot actions (issues 27, 39): connect, disconnect, the "In HubSpot" marks, the
 * preview, the send and "Keep HubSpot up to date". The token is read from the secret store here and never
 * leaves the background; revealed channels come from the one reveal store, never copied onto leads, and a
 * lead becomes a contact by the one mapping every export uses (lib/leads/export/contact.ts).
 * One send at a time, so two pages or a sync never write the same lead at once.
 */
import type { FetchLike } from '@/lib/api';
import { blocksContact, type Lead } from '@/lib/leads/lead';
import type { RevealStore } from '@/lib/credits/reveals';
import type { CrmChoice, CrmLead, CrmMark, CrmSendMode } from '@/lib/crm/crm';
import { CrmLinks, markKey } from '@/lib/crm/crm-links';
import { leadsToSync, syncReport, type CrmSyncReport } from '@/lib/crm/crm-sync';
import type { LeadDb } from '@/lib/leads/lead-db';
import { checkHubSpotBase } from '@/lib/crm/hubspot/base-url';
import { createHubSpotClient, type HubSpotClient } from '@/lib/crm/hubspot/client';
import { HubSpotCrm } from '@/lib/crm/hubspot/hubspot-crm';
import { HUBSPOT_PATHS } from '@/lib/crm/hubspot/paths';
import { NO_CUSTOM_PROPERTIES, type CustomProperties } from '@/lib/crm/hubspot/properties';
import { AccountDetailsSchema, PropertiesSchema, PropertySchema } from '@/lib/crm/hubspot/schemas';
import { createHubSpotTokenStore, type StoredHubSpot } from '@/lib/crm/hubspot/token-store';
import { HUBSPOT_CUSTOM_PROPERTIES, type HubSpotCustomProperty } from '@/lib/leads/export/crm-status';
import { contactsFromLeads, indexReveals, revealedValue, revealForLead } from '@/lib/leads/export/contact';
import type { LeadStore } from '@/lib/leads/lead-store';
import { hubspotFailureText, HUBSPOT_TOKEN_MISSING, HUBSPOT_BASE_NOT_ALLOWED } from '@/lib/messages/texts';
import type { RateGovernorOptions } from '@/lib/rate/rate-governor';
import { normalizeApiKey } from '@/lib/settings/api-key';
import type { SecretStore } from '@/lib/settings/secret-store';
import type {
  ConnectHubSpotOutcome,
  HubSpotMarksOutcome,
  HubSpotPlanOutcome,
  HubSpotSendOutcome,
  HubSpotStatus,
  MessageData,
} from '@/lib/messaging/protocol';
import { OnceInFlight } from './once-in-flight';

/** How long an "In HubSpot" answer is used before it is asked again (the rep can refresh on demand). */
export const HUBSPOT_MARK_TTL_MS = 60 * 60_000;
/** A save or a change is sent this long after it (changes in a burst go in one run). */
export const SYNC_DELAY_MS = 3_000;
/** While "Keep HubSpot up to date" is on, a run at least this often (edits made while the worker slept). */
export const SYNC_EVERY_MS = 60_000;

export interface HubSpotDeps {
  fetch: FetchLike;
  /** The background's secret store; memory when absent (workers built in tests). */
  secrets?: SecretStore;
  leads: LeadStore;
  reveals: RevealStore;
  accountInUse: () => string | null;
  now: () => number;
  rateOptions?: RateGovernorOptions;
  /** Run the sync in `ms` (the worker's wake-ups: a timer backed by an alarm); absent in plain tests. */
  schedule?: (ms: number) => void;
}

/** Only workers built in tests have no secret store (only the background may open the real one). */
function inMemory(): SecretStore {
  const data = new Map<string, string>();
  return {
    get: async (name) => data.get(name) ?? null,
    set: async (name, value) => void data.set(name, value),
    remove: async (name) => void data.delete(name),
  };
}

/** The last sync's report and how far it read, in the leads database (the rep's data). */
interface SyncRow {
  report: CrmSyncReport | null;
  /** Leads changed after this were not yet looked at. */
  mark: number;
  /** Leads made more known without a change of their own (a reveal: an email to send), for the next run. */
  revealed?: string[];
}

/** The HubSpot connection, its "In HubSpot" marks, the sends and the sync: the worker's CRM service. */
export class HubSpotService {
  private readonly store: ReturnType<typeof createHubSpotTokenStore>;
  private readonly links: CrmLinks;
  private readonly db: LeadDb;
  private readonly once = new OnceInFlight();
  private queue: Promise<unknown> = Promise.resolve();
  // One client (one governor) and one CRM (its owners and labels read once) per token: HubSpot counts per token.
  private client: { key: string; client: HubSpotClient } | null = null;
  private crm: { key: string; crm: HubSpotCrm } | null = null;

  constructor(private readonly deps: HubSpotDeps) {
    this.store = createHubSpotTokenStore(deps.secrets ?? inMemory());
    this.links = new CrmLinks(deps.leads.db);
    this.db = deps.leads.db;
  }

  /** One write to HubSpot at a time: the next waits for the one before, whatever became of it. */
  private exclusive<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private clientFor({ token, baseUrl }: Pick<StoredHubSpot, 'token' | 'baseUrl'>): HubSpotClient {
    const { fetch, now, rateOptions } = this.deps;
    const key = JSON.stringify([token, baseUrl]);
    if (this.client?.key !== key)
      this.client = { key, client: createHubSpotClient({ fetch, baseUrl, token, now, ...(rateOptions ? { rateOptions } : {}) }) };
    return this.client.client;
  }

  private crmFor({ portalId, ...record }: StoredHubSpot): HubSpotCrm {
    const key = JSON.stringify([record.token, record.baseUrl, portalId, record.custom]);
    const custom = { ...record.custom, xId: record.custom.xId ?? false };
    const { now } = this.deps;
    if (this.crm?.key !== key)
      this.crm = { key, crm: new HubSpotCrm({ client: this.clientFor(record), links: this.links, portalId, custom, now }) };
    return this.crm.crm;
  }

  /** A 401 anywhere: remember it, so the options and the Leads page say the token was revoked. */
  private async noteRefusal(kind: string): Promise<void> {
    if (kind !== 'unauthorized') return;
    const record = await this.store.get();
    if (record && record.refusedAt === undefined) await this.store.set({ ...record, refusedAt: this.deps.now() });
  }

  private async leadsOf(personIds: readonly string[]): Promise<Lead[]> {
    return (await this.db.leads.bulkGet([...personIds])).filter((l) => l !== undefined);
  }

  /** The extension's properties: which the portal has, creating the missing ones when the rep agreed. */
  private async customProperties(
    client: HubSpotClient,
    create: boolean,
  ): Promise<{ custom: CustomProperties; missing: string[] } | { error: string }> {
    const custom: CustomProperties = { ...NO_CUSTOM_PROPERTIES };
    const missing: string[] = [];
    for (const object of ['contacts', 'notes', 'tasks'] as const) {
      const path = HUBSPOT_PATHS.properties(object);
      const read = await client.get(path, PropertiesSchema);
      if (!read.ok) {
        if (object === 'contacts') return { error: read.error.message };
        continue; // a portal or token without notes/tasks properties: those are written the plain way
      }
      const names = new Set(read.data.results.map((p) => p.name));
      // A group the portal has: the one its own note body / task subject / contact email is in.
      const anchor = { contacts: 'email', notes: 'hs_note_body', tasks: 'hs_task_subject' }[object];
      const held = read.data.results;
      const groupName = held.find((p) => p.name === anchor)?.groupName ?? held.find((p) => p.groupName)?.groupName ?? 'contactinformation';
      for (const key of Object.keys(HUBSPOT_CUSTOM_PROPERTIES) as HubSpotCustomProperty[]) {
        const def = HUBSPOT_CUSTOM_PROPERTIES[key];
        if (def.object !== object) continue;
        if (!names.has(def.name) && create) {
          // `hasUniqueValue` only on a unique one (undefined is left out of the JSON body).
          const { name, label, type, unique } = def;
          const body = { name, label, type, fieldType: type === 'date' ? 'date' : 'text', groupName, hasUniqueValue: unique || undefined };
          const made = await client.call({ method: 'POST', path, body, schema: PropertySchema, resend: 'never' });
          if (made.ok || made.error.status === 409) names.add(def.name);
        }
        custom[key] = names.has(def.name);
        if (!custom[key] && object === 'contacts') missing.push(def.label);
      }
    }
    return { custom, missing };
  }

  /**
   * A record from before issue 39 (or 42: the X user id's) learns the new properties once (created with the
   * consent given at Connect).
   */
  private async upToDate(record: StoredHubSpot): Promise<StoredHubSpot> {
    const consent = record.createProperties ?? (record.custom.linkedinUrl && record.custom.telegram);
    if (!consent || (record.createProperties !== undefined && record.custom.xId !== undefined)) return record;
    const props = await this.customProperties(this.clientFor(record), true);
    if ('error' in props) return record;
    const next = { ...record, custom: props.custom, createProperties: true };
    await this.store.set(next);
    return next;
  }

  private async syncRow(): Promise<SyncRow | null> {
    const row = await this.db.prefs.get('hubspotSync');
    return (row?.value as SyncRow | undefined) ?? null;
  }

  private putSyncRow(value: SyncRow): Promise<unknown> {
    return this.db.prefs.put({ key: 'hubspotSync', value });
  }

  async status(): Promise<HubSpotStatus> {
    const record = await this.store.get();
    return {
      connected: record !== null,
      portalId: record?.portalId ?? null,
      markPeople: record?.markPeople ?? false,
      baseUrl: record?.baseUrl ?? checkHubSpotBase(undefined) ?? '',
      problem: record?.refusedAt !== undefined ? hubspotFailureText('unauthorized') : null,
      keepUpToDate: record?.keepUpToDate ?? false,
      lastSync: record ? ((await this.syncRow())?.report ?? null) : null,
    };
  }

  async connect(input: MessageData<'connectHubSpot'>): Promise<ConnectHubSpotOutcome> {
    const token = normalizeApiKey(input.token);
    if (!token) return { ok: false, message: HUBSPOT_TOKEN_MISSING };
    const baseUrl = checkHubSpotBase(input.baseUrl);
    if (!baseUrl) return { ok: false, message: HUBSPOT_BASE_NOT_ALLOWED };
    const client = this.clientFor({ token, baseUrl });
    // The free read first: nothing is stored for a token HubSpot refuses.
    const check = await client.get(HUBSPOT_PATHS.accountDetails, AccountDetailsSchema);
    if (!check.ok) return { ok: false, message: check.error.message };
    const props = await this.customProperties(client, input.createProperties);
    if ('error' in props) return { ok: false, message: props.error };
    const { markPeople, createProperties } = input;
    const portalId = String(check.data.portalId);
    await this.store.set({ token, baseUrl, portalId, markPeople, custom: props.custom, createProperties });
    await this.db.crmMarks.clear();
    return { ok: true, portalId, missingProperties: props.missing };
  }

  async disconnect(): Promise<void> {
    await this.store.remove();
    this.client = null;
    this.crm = null;
    // The marks are the portal's answers, dropped with the token; the links stay: they are the lead's
    // history, and the next send updates the contacts they name instead of creating duplicates.
    await this.db.crmMarks.clear();
    await this.db.prefs.delete('hubspotSync');
  }

  /** "In HubSpot" for people shown: cached answers first, one batched search for the rest. */
  async marks(people: MessageData<'hubspotMarks'>['people'], refresh: boolean): Promise<HubSpotMarksOutcome> {
    const record = await this.store.get();
    if (!record?.markPeople || record.refusedAt !== undefined) return { enabled: false };
    const reveals = indexReveals(await this.deps.reveals.all());
    const inUse = this.deps.accountInUse();
    // A Do-not-contact lead is never sent to the CRM, not even its identifiers to ask whether it is there.
    const saved = new Map((await this.leadsOf(people.map((p) => p.personId))).map((l) => [l.personId, l]));
    const wanted = people.flatMap((p) => {
      const lead = saved.get(p.personId);
      if (lead && blocksContact(lead)) return [];
      // The reveal the send reads its email from (the one contact mapping's pick), so the mark asks what the send would find.
      const reveal = revealForLead({ personId: p.personId, accountId: lead?.accountId ?? '' }, reveals, inUse);
      return [
        { personId: p.personId, email: revealedValue(reveal, 'email'), linkedinUrl: p.linkedinUrl ?? null, xHandle: p.xHandle ?? null },
      ];
    });
    // The identifiers it was asked with: a newly revealed email is a new question.
    const ids = (p: (typeof wanted)[number]) => JSON.stringify([p.email, p.linkedinUrl, p.xHandle]);
    const key = (p: { personId: string }) => markKey(record.portalId, p.personId);
    const cached = refresh ? [] : await this.db.crmMarks.bulkGet(wanted.map(key));
    const at = this.deps.now();
    const marks: Record<string, CrmMark | null> = {};
    wanted.forEach((p, i) => {
      const row = cached[i];
      if (row && row.ids === ids(p) && at - row.at < HUBSPOT_MARK_TTL_MS) marks[p.personId] = row.mark;
    });
    const ask = wanted.filter((p) => !Object.hasOwn(marks, p.personId));
    if (ask.length) {
      const found = await this.crmFor(record).findPeople(ask);
      if (!found.ok) {
        await this.noteRefusal(found.error.kind);
        return { enabled: true, error: found.error.message };
      }
      const mark = (p: { personId: string }) => found.value.get(p.personId) ?? null;
      const rows = ask.map((p) => ({ key: key(p), accountId: record.portalId, personId: p.personId, ids: ids(p), mark: mark(p), at }));
      await this.db.crmMarks.bulkPut(rows);
      for (const r of rows) marks[r.personId] = r.mark;
    }
    return { enabled: true, marks };
  }

  /** A person was saved or revealed: their mark is asked again with what is known now, and the sync runs soon. */
  async personChanged(personId: string): Promise<void> {
    const record = await this.store.get();
    if (!record) return;
    await this.db.crmMarks.delete(markKey(record.portalId, personId));
    if (!record.keepUpToDate) return;
    // A reveal changes no lead, yet makes an email to send: the next run sends this lead (if it is one) too.
    const row = await this.syncRow();
    if (row && !row.revealed?.includes(personId)) await this.putSyncRow({ ...row, revealed: [...(row.revealed ?? []), personId] });
    await this.leadsChanged();
  }

  /** A lead changed (a page's edit, a save): the sync runs shortly, when it is on. */
  async leadsChanged(): Promise<void> {
    const record = await this.store.get();
    if (record?.keepUpToDate && record.refusedAt === undefined) this.deps.schedule?.(SYNC_DELAY_MS);
  }

  /**
   * The connection's CRM (its new properties learnt first) and these leads as the one contact mapping makes
   * them (the account in use's reveal first, else another account's).
   */
  private async ready(personIds: readonly string[]): Promise<{ crm: HubSpotCrm; leads: CrmLead[] } | null> {
    const stored = await this.store.get();
    if (!stored) return null;
    // The properties call may wait on the rate governor: leads are read after it, so an edit made meanwhile is sent.
    const crm = this.crmFor(await this.upToDate(stored));
    const leads = await this.leadsOf(personIds);
    const contacts = contactsFromLeads(leads, await this.deps.reveals.all(), this.deps.accountInUse());
    return { crm, leads: leads.map((lead, i) => ({ lead, contact: contacts[i]! })) };
  }

  async plan(personIds: readonly string[]): Promise<HubSpotPlanOutcome> {
    const ready = await this.ready(personIds);
    if (!ready) return { ok: false, message: hubspotFailureText('no-token') };
    const plan = await ready.crm.plan(ready.leads);
    if (!plan.ok) await this.noteRefusal(plan.error.kind);
    return plan.ok ? { ok: true, plan: plan.value } : { ok: false, message: plan.error.message };
  }

  /** A send: a double click, or a second page, with the same leads joins the send under way; another waits its turn. */
  send(personIds: readonly string[], choices: readonly CrmChoice[] = []): Promise<HubSpotSendOutcome> {
    const key = `hubspot-send:${[...personIds].sort().join(',')}:${JSON.stringify(choices)}`;
    return this.once.run(key, () => this.exclusive(() => this.sendNow(personIds, choices, 'manual')));
  }

  private async sendNow(personIds: readonly string[], choices: readonly CrmChoice[], mode: CrmSendMode): Promise<HubSpotSendOutcome> {
    const ready = await this.ready(personIds);
    if (!ready) return { ok: false, message: hubspotFailureText('no-token') };
    const outcomes = await ready.crm.send(ready.leads, choices, mode);
    if (outcomes.some((o) => o.reason === hubspotFailureText('unauthorized'))) await this.noteRefusal('unauthorized');
    return { ok: true, outcomes };
  }

  /** At start: a send the browser cut off (outcomes still `pending`) is finished; the kept ids stop any doubling. */
  async resume(): Promise<void> {
    const record = await this.store.get();
    if (!record || record.refusedAt !== undefined) return;
    const pending = (await this.links.pending()).filter((l) => l.accountId === record.portalId).map((l) => l.personId);
    if (pending.length) await this.exclusive(() => this.sendNow(pending, [], 'manual'));
    await this.leadsChanged();
  }

  /** "Keep HubSpot up to date" on or off. On: from now (the leads already saved go by "Send to HubSpot"). */
  async setSync(keepUpToDate: boolean): Promise<HubSpotStatus> {
    const record = await this.store.get();
    if (record) {
      await this.store.set({ ...record, keepUpToDate });
      if (keepUpToDate && !record.keepUpToDate)
        await this.putSyncRow({ report: (await this.syncRow())?.report ?? null, mark: this.deps.now() });
      if (keepUpToDate) this.deps.schedule?.(SYNC_EVERY_MS);
    }
    return this.status();
  }

  /** "Sync now" (also retries the leads that failed). */
  async syncNow(): Promise<HubSpotStatus> {
    await this.sync(true);
    return this.status();
  }

  /** One run: the leads saved or changed since the last, in HubSpot's batches; held ones wait as "Needs your choice". */
  sync(retryFailed = false): Promise<void> {
    return this.exclusive(async () => {
      const record = await this.store.get();
      if (!record?.keepUpToDate || record.refusedAt !== undefined) return;
      const row = (await this.syncRow()) ?? { report: null, mark: this.deps.now() };
      const changed = await this.db.leads.where('updatedAt').above(row.mark).toArray();
      const failed = retryFailed ? await this.db.crmLinks.where('outcome.status').equals('failed').toArray() : [];
      const forced = new Set([...(row.revealed ?? []), ...failed.map((l) => l.personId)]);
      const candidates = [...changed, ...(await this.leadsOf([...forced].filter((id) => !changed.some((c) => c.personId === id))))];
      const ids = candidates.map((l) => l.personId);
      const links = await this.links.get(record.portalId, ids);
      const { due, mark, more } = leadsToSync(candidates, links, row.mark, forced);
      const at = this.deps.now();
      // A run with nothing to send keeps the last report (its failures stay in view); only how far it read moves on.
      let report = row.report;
      if (due.length) {
        const dueIds = due.map((l) => l.personId);
        const out = await this.sendNow(dueIds, [], 'auto');
        const names = new Map(due.map((l) => [l.personId, l.name]));
        report = out.ok ? syncReport(at, out.outcomes, names) : { at, sent: 0, waiting: 0, failures: [] };
      }
      // A reveal told while this run sent stays for the next.
      const left = ((await this.syncRow())?.revealed ?? []).filter((id) => !forced.has(id));
      await this.putSyncRow({ report, mark, ...(left.length ? { revealed: left } : {}) });
      this.deps.schedule?.(more ? SYNC_DELAY_MS : SYNC_EVERY_MS);
    });
  }
}
