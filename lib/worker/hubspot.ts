/*
 * The background's HubSpot actions (issue 27): connect (a free read before the token is stored),
 * disconnect, the "In HubSpot" marks and the send. The token is read from the secret store here and
 * never leaves the background. Revealed emails, phones and Telegram handles are read from the one
 * reveal store (lib/credits/reveals.ts), never copied onto leads.
 */
import type { FetchLike } from '@/lib/api';
import { blocksContact } from '@/lib/leads/lead';
import type { RevealStore } from '@/lib/credits';
import type { Crm, CrmLead, CrmMark } from '@/lib/crm/crm';
import { CrmLinks, markKey } from '@/lib/crm/crm-links';
import type { CrmMarkRow } from '@/lib/leads/lead-db';
import { checkHubSpotBase } from '@/lib/crm/hubspot/base-url';
import { createHubSpotClient, type HubSpotClient } from '@/lib/crm/hubspot/client';
import { createHubSpotCrm } from '@/lib/crm/hubspot/hubspot-crm';
import { HUBSPOT_PATHS } from '@/lib/crm/hubspot/paths';
import { LINKEDIN_PROPERTY, TELEGRAM_PROPERTY, type CustomProperties } from '@/lib/crm/hubspot/properties';
import { PropertiesSchema, PropertySchema } from '@/lib/crm/hubspot/schemas';
import { createHubSpotTokenStore, type StoredHubSpot } from '@/lib/crm/hubspot/token-store';
import { HUBSPOT_CUSTOM_PROPERTIES } from '@/lib/leads/export/crm-status';
import { revealsByPerson } from '@/lib/leads/lead-reveals';
import type { LeadStore } from '@/lib/leads/lead-store';
import { hubspotFailureText, HUBSPOT_TOKEN_MISSING, HUBSPOT_BASE_NOT_ALLOWED } from '@/lib/messages/texts';
import type { RateGovernorOptions } from '@/lib/rate';
import { normalizeApiKey } from '@/lib/settings/api-key';
import type { SecretStore } from '@/lib/settings/secret-store';
import type {
  ConnectHubSpotOutcome,
  HubSpotMarksOutcome,
  HubSpotPlanOutcome,
  HubSpotSendOutcome,
  HubSpotStatus,
} from '@/lib/messaging/protocol';
import { OnceInFlight } from './once-in-flight';

/** How long an "In HubSpot" answer is used before it is asked again (the rep can refresh on demand). */
export const HUBSPOT_MARK_TTL_MS = 60 * 60_000;

export interface HubSpotDeps {
  fetch: FetchLike;
  /** The background's secret store; memory when absent (workers built in tests). */
  secrets?: SecretStore;
  leads: LeadStore;
  reveals: RevealStore;
  accountInUse: () => string | null;
  now: () => number;
  rateOptions?: RateGovernorOptions;
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

/** The HubSpot connection, its "In HubSpot" marks and the sends: the worker's CRM service. */
export class HubSpotService {
  private readonly store: ReturnType<typeof createHubSpotTokenStore>;
  private readonly links: CrmLinks;
  private readonly once = new OnceInFlight();
  // One client (one governor) per token: HubSpot counts per token.
  private current: { token: string; baseUrl: string; client: HubSpotClient } | null = null;

  constructor(private readonly deps: HubSpotDeps) {
    this.store = createHubSpotTokenStore(deps.secrets ?? inMemory());
    this.links = new CrmLinks(deps.leads.db);
  }

  private clientFor(record: Pick<StoredHubSpot, 'token' | 'baseUrl'>): HubSpotClient {
    if (this.current?.token !== record.token || this.current.baseUrl !== record.baseUrl)
      this.current = {
        token: record.token,
        baseUrl: record.baseUrl,
        client: createHubSpotClient({
          fetch: this.deps.fetch,
          baseUrl: record.baseUrl,
          token: record.token,
          now: this.deps.now,
          ...(this.deps.rateOptions ? { rateOptions: this.deps.rateOptions } : {}),
        }),
      };
    return this.current.client;
  }

  private crmFor(record: StoredHubSpot): Crm & { owners(): Promise<Map<string, string>> } {
    return createHubSpotCrm({
      client: this.clientFor(record),
      links: this.links,
      portalId: record.portalId,
      custom: record.custom,
      now: this.deps.now,
    });
  }

  /** A 401 anywhere: remember it, so the options and the Leads page say the token was revoked. */
  private async noteRefusal(kind: string): Promise<void> {
    if (kind !== 'unauthorized') return;
    const record = await this.store.get();
    if (record && record.refusedAt === undefined) await this.store.set({ ...record, refusedAt: this.deps.now() });
  }

  /** Leads with the channels revealed for them (the account in use's reveal first, else another account's). */
  private async crmLeads(personIds: readonly string[]): Promise<CrmLead[]> {
    const leads = (await this.deps.leads.db.leads.bulkGet([...personIds])).filter((l) => l !== undefined);
    const byPerson = revealsByPerson(await this.deps.reveals.all(), this.deps.accountInUse());
    return leads.map((lead) => {
      const r = byPerson.get(lead.personId);
      const value = (id: 'email' | 'phone' | 'telegram') =>
        [r?.inUse, ...(r?.other ?? [])].map((x) => x?.channels[id]).find((v): v is string => typeof v === 'string' && v.trim() !== '') ??
        null;
      return { lead, email: value('email'), phone: value('phone'), telegram: value('telegram') };
    });
  }

  /** The two custom properties: which the portal has, creating the missing ones when the rep agreed. */
  private async customProperties(
    client: HubSpotClient,
    create: boolean,
  ): Promise<{ custom: CustomProperties; missing: string[] } | { error: string }> {
    const read = await client.call({
      method: 'GET',
      path: HUBSPOT_PATHS.properties('contacts'),
      schema: PropertiesSchema,
      resend: 'always',
    });
    if (!read.ok) return { error: read.error.message };
    const names = new Set(read.data.results.map((p) => p.name));
    const missing: string[] = [];
    for (const def of Object.values(HUBSPOT_CUSTOM_PROPERTIES)) {
      if (names.has(def.name)) continue;
      if (create) {
        const made = await client.call({
          method: 'POST',
          path: HUBSPOT_PATHS.properties('contacts'),
          body: { name: def.name, label: def.label, type: 'string', fieldType: 'text', groupName: 'contactinformation' },
          schema: PropertySchema,
          resend: 'never',
        });
        if (made.ok || made.error.status === 409) {
          names.add(def.name);
          continue;
        }
      }
      missing.push(def.label);
    }
    return { custom: { linkedinUrl: names.has(LINKEDIN_PROPERTY), telegram: names.has(TELEGRAM_PROPERTY) }, missing };
  }

  async status(): Promise<HubSpotStatus> {
    const record = await this.store.get();
    return {
      connected: record !== null,
      portalId: record?.portalId ?? null,
      markPeople: record?.markPeople ?? false,
      baseUrl: record?.baseUrl ?? checkHubSpotBase(undefined) ?? '',
      problem: record?.refusedAt !== undefined ? hubspotFailureText('unauthorized') : null,
    };
  }

  async connect(input: {
    token: string;
    markPeople: boolean;
    createProperties: boolean;
    baseUrl?: string | undefined;
  }): Promise<ConnectHubSpotOutcome> {
    const token = normalizeApiKey(input.token);
    if (!token) return { ok: false, message: HUBSPOT_TOKEN_MISSING };
    const baseUrl = checkHubSpotBase(input.baseUrl);
    if (!baseUrl) return { ok: false, message: HUBSPOT_BASE_NOT_ALLOWED };
    const client = this.clientFor({ token, baseUrl });
    // The free read first: nothing is stored for a token HubSpot refuses.
    const check = await createHubSpotCrm({
      client,
      links: this.links,
      portalId: '',
      custom: { linkedinUrl: false, telegram: false },
    }).check();
    if (!check.ok) return { ok: false, message: check.error.message };
    const props = await this.customProperties(client, input.createProperties);
    if ('error' in props) return { ok: false, message: props.error };
    await this.store.set({ token, baseUrl, portalId: check.value.accountId, markPeople: input.markPeople, custom: props.custom });
    await this.links.clearMarks();
    return { ok: true, portalId: check.value.accountId, missingProperties: props.missing };
  }

  async disconnect(): Promise<void> {
    await this.store.remove();
    this.current = null;
    await this.links.clearMarks();
  }

  /** "In HubSpot" for people shown: cached answers first, one batched search for the rest. */
  async marks(
    people: readonly { personId: string; linkedinUrl?: string | undefined; xHandle?: string | undefined }[],
    refresh: boolean,
  ): Promise<HubSpotMarksOutcome> {
    const record = await this.store.get();
    if (!record?.markPeople || record.refusedAt !== undefined) return { enabled: false };
    const byPerson = revealsByPerson(await this.deps.reveals.all(), this.deps.accountInUse());
    // A Do-not-contact lead is never sent to the CRM, not even its identifiers to ask whether it is there.
    const saved = await this.deps.leads.db.leads.bulkGet(people.map((p) => p.personId));
    const blocked = new Set(saved.filter((l) => l !== undefined && blocksContact(l)).map((l) => l!.personId));
    const wanted = people
      .filter((p) => !blocked.has(p.personId))
      .map((p) => {
        const r = byPerson.get(p.personId);
        const email =
          [r?.inUse, ...(r?.other ?? [])].map((x) => x?.channels.email).find((v): v is string => typeof v === 'string' && v !== '') ?? null;
        return { personId: p.personId, email, linkedinUrl: p.linkedinUrl ?? null, xHandle: p.xHandle ?? null };
      });
    const ids = (p: (typeof wanted)[number]) => JSON.stringify([p.email, p.linkedinUrl, p.xHandle]);
    const cached = refresh
      ? new Map<string, CrmMarkRow>()
      : await this.links.marks(wanted.map((p) => markKey(record.portalId, p.personId)));
    const at = this.deps.now();
    const marks: Record<string, CrmMark | null> = {};
    const ask = wanted.filter((p) => {
      const row = cached.get(markKey(record.portalId, p.personId));
      if (row && row.ids === ids(p) && at - row.at < HUBSPOT_MARK_TTL_MS) {
        marks[p.personId] = row.mark;
        return false;
      }
      return p.email || p.linkedinUrl || p.xHandle;
    });
    if (ask.length) {
      const found = await this.crmFor(record).findPeople(ask);
      if (!found.ok) {
        await this.noteRefusal(found.error.kind);
        return { enabled: true, error: found.error.message };
      }
      await this.links.putMarks(
        ask.map((p) => ({
          key: markKey(record.portalId, p.personId),
          accountId: record.portalId,
          personId: p.personId,
          ids: ids(p),
          mark: found.value.get(p.personId) ?? null,
          at,
        })),
      );
      for (const p of ask) marks[p.personId] = found.value.get(p.personId) ?? null;
    }
    return { enabled: true, marks };
  }

  async plan(personIds: readonly string[]): Promise<HubSpotPlanOutcome> {
    const record = await this.store.get();
    if (!record) return { ok: false, message: hubspotFailureText('no-token') };
    const plan = await this.crmFor(record).plan(await this.crmLeads(personIds));
    if (!plan.ok) await this.noteRefusal(plan.error.kind);
    return plan.ok ? { ok: true, plan: plan.value } : { ok: false, message: plan.error.message };
  }

  /** One send at a time: a double click, or a second page, joins the send under way. */
  send(personIds: readonly string[]): Promise<HubSpotSendOutcome> {
    // Keyed by the leads sent: a second click joins its own send, another selection is its own send.
    return this.once.run(`hubspot-send:${[...personIds].sort().join(',')}`, async () => {
      const record = await this.store.get();
      if (!record) return { ok: false, message: hubspotFailureText('no-token') };
      const outcomes = await this.crmFor(record).send(await this.crmLeads(personIds));
      const refused = outcomes.find((o) => o.reason === hubspotFailureText('unauthorized'));
      if (refused) await this.noteRefusal('unauthorized');
      return { ok: true, outcomes };
    });
  }

  /** At start: a send the browser cut off (outcomes still `pending`) is finished; the kept ids stop any doubling. */
  async resume(): Promise<void> {
    const record = await this.store.get();
    if (!record || record.refusedAt !== undefined) return;
    const pending = (await this.links.pending()).filter((l) => l.accountId === record.portalId).map((l) => l.personId);
    if (pending.length) await this.send(pending);
  }
}
