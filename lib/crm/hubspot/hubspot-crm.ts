/*
 * The CRM verbs over HubSpot. A send, per up to 100 leads:
 *  1. find each lead's contact (./contact-finder.ts): its kept id (batch read), else one search by identifiers;
 *  2. decide (./merge.ts): create, link, update, skip — or hold it for the rep's choice (several same-name
 *     contacts; unattended, also a name-only match or a teammate's value ours would change), writing nothing;
 *  3. contacts: new ones by `batch/upsert` on the unique "Crypto Directory ID" (any resend lands on the same
 *     contact); existing ones updated by id, teammate's values kept;
 *  4. companies found by domain or created, once per domain; contact → company associated;
 *  5. notes and the follow-up task (./activities.ts), each keyed so it exists once.
 * Every id is kept on the lead (../crm-links.ts) as HubSpot answers, and its outcome stays `pending` until
 * its steps are done: a browser closed mid-send resumes without doubling anything. Do not contact: never sent.
 */
import { blocksContact } from '@/lib/leads/lead';
import type { CrmLink, CrmOutcomeStatus } from '@/lib/leads/lead-db';
import { crmHeldText } from '@/lib/messages/texts';
import type {
  CrmAction,
  CrmCandidate,
  CrmChoice,
  CrmLead,
  CrmMark,
  CrmOutcome,
  CrmPerson,
  CrmPlan,
  CrmPlanItem,
  CrmResult,
  CrmSendMode,
} from '../crm';
import type { CrmLinks } from '../crm-links';
import { Activities, type Fail } from './activities';
import type { HubSpotClient } from './client';
import { chunks, contactFinder, personIds, type Found } from './contact-finder';
import { mergeContact, type Merge } from './merge';
import { HUBSPOT_PATHS } from './paths';
import {
  companyDomain,
  contactProperties,
  DIRECTORY_ID_PROPERTY,
  readProperties,
  taskInStep,
  taskProperties,
  TASK_WRITTEN_PREFIX,
  type CustomProperties,
} from './properties';
import { OwnersSchema, PropertySchema, type HubSpotObjectRecord } from './schemas';

export interface HubSpotCrmOptions {
  client: HubSpotClient;
  links: CrmLinks;
  /** The portal id, as the CRM account id links are kept under. */
  portalId: string;
  custom: CustomProperties;
  now?: () => number;
}

/** One lead decided against what HubSpot holds: what a send writes, or why it waits for the rep (`hold`). */
function decide(
  lead: CrmLead,
  link: CrmLink | undefined,
  kept: HubSpotObjectRecord | undefined,
  f: Found | undefined,
  choice: CrmChoice | undefined,
  mode: CrmSendMode,
  custom: CustomProperties,
) {
  const { personId } = lead.lead;
  let contact: HubSpotObjectRecord | null = kept ?? null;
  let matchedBy: CrmPlanItem['matchedBy'] = contact ? 'kept' : null;
  let candidates: HubSpotObjectRecord[] = [];
  // Waits for the rep: several same-name contacts, or (automatic sync) anything the rep should decide.
  let hold: 'choose' | 'conflict' | null = null;
  if (!contact && choice?.contactId !== 'new' && f && f.kind !== 'none') {
    if (f.kind === 'identifier') [contact, matchedBy] = [f.record, 'identifier'];
    else {
      candidates = f.records;
      const chosen = candidates.find((r) => r.id === choice?.contactId);
      // One exact name + company match is linked by default when the rep sees the preview; several are theirs to pick.
      const pick = chosen ?? (candidates.length === 1 && mode === 'manual' ? candidates[0] : undefined);
      if (pick) [contact, matchedBy] = [pick, 'name'];
      // Unattended, even one name-only match is the rep's to confirm.
      else hold = candidates.length > 1 ? 'choose' : 'conflict';
    }
  }
  const props = contactProperties(lead.contact, custom);
  const merged = contact ? mergeContact(props, contact, link, choice?.useOurs) : null;
  // Unattended, nothing a teammate holds is decided for the rep: a name-only match or a value ours would change waits.
  if (!hold && mode === 'auto' && !choice && merged && (merged.conflicts.length > 0 || matchedBy === 'name')) hold = 'conflict';
  const hadTask = !!link?.taskId && link.written[`${TASK_WRITTEN_PREFIX}hs_task_status`] !== 'COMPLETED';
  const wanted = taskProperties(lead.contact, hadTask);
  const task = wanted && !taskInStep(wanted, link?.written ?? {}) ? wanted : null;
  const domain = companyDomain(lead.contact.companyDomain);
  // The company step is done once the company is known and the contact associated with it.
  const companyDone = !domain || (!!link?.companyId && link.associatedWith === link.companyId);
  const notesDone = lead.lead.notes.every((n) => link?.noteIds[n.id]);
  const work = (merged && Object.keys(merged.write).length > 0) || !companyDone || !notesDone || task !== null;
  const action: CrmAction = hold ? 'choose' : !contact ? 'create' : matchedBy !== 'kept' ? 'link' : work ? 'update' : 'skip';
  return { personId, lead, props, domain, link, contact, matchedBy, candidates, merge: merged, hold, task, action };
}

type Prepared = ReturnType<typeof decide>;

/** What a lead that went came to, by what the plan said it would do (a held or blocked lead never gets here). */
const DONE = { create: 'created', link: 'linked', update: 'updated', skip: 'unchanged' } as const satisfies Partial<
  Record<CrmAction, CrmOutcomeStatus>
>;

const NOT_RETURNED = 'HubSpot did not return the contact.';

const withoutKey = (props: Record<string, string>, key: string) => Object.fromEntries(Object.entries(props).filter(([k]) => k !== key));

/** The CRM verbs, over HubSpot. */
export class HubSpotCrm {
  private readonly now: () => number;
  private readonly api: HubSpotClient;
  private readonly finder: ReturnType<typeof contactFinder>;
  private ownerNames: Promise<Map<string, string>> | null = null;
  private statusLabels: Promise<Map<string, string>> | null = null;

  constructor(private readonly o: HubSpotCrmOptions) {
    this.now = o.now ?? (() => Date.now());
    this.api = o.client;
    this.finder = contactFinder(this.api, o.custom, readProperties(o.custom));
  }

  private patch(personId: string, change: (link: CrmLink) => CrmLink): Promise<CrmLink> {
    return this.o.links.patch(this.o.portalId, personId, change);
  }

  private links(of: readonly { personId: string }[]): Promise<Map<string, CrmLink>> {
    return this.o.links.get(this.o.portalId, personIds(of));
  }

  /** Owner id → name; empty when the token may not read owners (the mark then shows the id). */
  owners(): Promise<Map<string, string>> {
    this.ownerNames ??= this.api
      .get(HUBSPOT_PATHS.owners, OwnersSchema)
      .then((r) =>
        r.ok
          ? new Map(r.data.results.map((o) => [o.id, [o.firstName, o.lastName].filter(Boolean).join(' ') || o.email || o.id]))
          : new Map<string, string>(),
      );
    return this.ownerNames;
  }

  /** `hs_lead_status` value → the label this portal shows ("IN_PROGRESS" → "In Progress"); empty when unreadable (values show). */
  labels(): Promise<Map<string, string>> {
    this.statusLabels ??= this.api
      .get(HUBSPOT_PATHS.property('contacts', 'hs_lead_status'), PropertySchema)
      .then((r) => new Map(r.ok ? (r.data.options ?? []).map((o) => [o.value, o.label]) : []));
    return this.statusLabels;
  }

  private async candidate(r: HubSpotObjectRecord, conflicts: CrmCandidate['conflicts'] = []): Promise<CrmCandidate> {
    const [owners, labels] = await Promise.all([this.owners(), this.labels()]);
    const p = r.properties;
    const owner = p.hubspot_owner_id ?? null;
    return {
      contactId: r.id,
      name: [p.firstname, p.lastname].filter(Boolean).join(' ') || p.email || `Contact ${r.id}`,
      owner: owner ? (owners.get(owner) ?? `owner ${owner}`) : null,
      leadStatus: p.hs_lead_status ? (labels.get(p.hs_lead_status) ?? p.hs_lead_status) : null,
      jobTitle: p.jobtitle || null,
      company: p.company || null,
      email: p.email || null,
      conflicts,
    };
  }

  /** Each lead decided against what HubSpot holds (reads only). */
  private async prepare(
    leads: readonly CrmLead[],
    choices: ReadonlyMap<string, CrmChoice>,
    mode: CrmSendMode,
  ): Promise<CrmResult<Prepared[]>> {
    const kept = await this.links(leads.map((l) => l.lead));
    const byId = await this.finder.byIds([...kept.values()].flatMap((l) => (l.contactId ? [l.contactId] : [])));
    if (!byId.ok) return byId;
    const keptRecord = (l: CrmLead) => byId.value.get(kept.get(l.lead.personId)?.contactId ?? '');
    const found = await this.finder.find(leads.filter((l) => !keptRecord(l)).map((l) => l.contact));
    if (!found.ok) return found;
    const prepared = leads.map((lead) => {
      const { personId } = lead.lead;
      return decide(lead, kept.get(personId), keptRecord(lead), found.value.get(personId), choices.get(personId), mode, this.o.custom);
    });
    return { ok: true, value: prepared };
  }

  /** The preview's line for a lead: every candidate with the conflicts linking to it would raise, statuses by their labels. */
  private async planItem(p: Prepared, newCompany: string | null): Promise<CrmPlanItem> {
    const labels = await this.labels();
    const label = (field: string, v: string) => (field === 'leadStatus' ? (labels.get(v) ?? v) : v);
    const shown = (m: Merge | null) =>
      (m?.conflicts ?? []).map((c) => ({ field: c.field, theirs: label(c.field, c.theirs), ours: label(c.field, c.ours) }));
    const conflicts = shown(p.merge);
    return {
      personId: p.personId,
      name: p.lead.contact.name,
      action: p.action,
      contact: p.contact ? await this.candidate(p.contact, conflicts) : null,
      matchedBy: p.matchedBy,
      candidates: await Promise.all(
        p.candidates.map((r) => this.candidate(r, r.id === p.contact?.id ? conflicts : shown(mergeContact(p.props, r, p.link)))),
      ),
      conflicts,
      newCompany,
    };
  }

  /** Who of these people HubSpot already holds ("In HubSpot"). */
  async findPeople(people: readonly CrmPerson[]): Promise<CrmResult<Map<string, CrmMark>>> {
    const found = await this.finder.marks(people);
    if (!found.ok) return found;
    const marks = new Map<string, CrmMark>();
    for (const [personId, r] of found.value) {
      const c = await this.candidate(r);
      marks.set(personId, { contactId: c.contactId, owner: c.owner, leadStatus: c.leadStatus });
    }
    return { ok: true, value: marks };
  }

  /** What a send of these leads would do, without writing anything. */
  async plan(leads: readonly CrmLead[]): Promise<CrmResult<CrmPlan>> {
    const items: CrmPlanItem[] = [];
    const prepared: Prepared[] = [];
    for (const batch of chunks(leads.filter((l) => !blocksContact(l.lead)))) {
      const out = await this.prepare(batch, new Map(), 'manual');
      if (!out.ok) return out;
      prepared.push(...out.value);
    }
    // Held leads too: once the rep picks a contact in the preview, their company is created like any other's.
    const needCompany = [...new Set(prepared.flatMap((p) => (p.domain && !p.link?.companyId ? [p.domain] : [])))];
    const companies = await this.companiesByDomain(needCompany);
    if (!companies.ok) return companies;
    for (const p of prepared) {
      const fresh = p.domain && !p.link?.companyId && !companies.value.has(p.domain) ? p.domain : null;
      items.push(await this.planItem(p, fresh));
    }
    for (const { lead, contact } of leads.filter((x) => blocksContact(x.lead))) {
      const none = { contact: null, matchedBy: null, candidates: [], conflicts: [], newCompany: null };
      items.push({ personId: lead.personId, name: contact.name, action: 'blocked', ...none });
    }
    return { ok: true, value: { items } };
  }

  /** Send: each lead's outcome, every created id kept on the lead as it is learnt. */
  async send(leads: readonly CrmLead[], choices: readonly CrmChoice[] = [], mode: CrmSendMode = 'manual'): Promise<CrmOutcome[]> {
    const outcomes = new Map<string, CrmOutcome>();
    const sendable = leads.filter((l) => !blocksContact(l.lead));
    const at = this.now();
    // Written first: a send the browser cuts off is resumed from here, never forgotten.
    for (const l of sendable) await this.patch(l.lead.personId, (link) => ({ ...link, outcome: { status: 'pending', at } }));
    const byPerson = new Map(choices.map((c) => [c.personId, c]));
    for (const batch of chunks(sendable)) {
      const prepared = await this.prepare(batch, byPerson, mode);
      if (!prepared.ok) {
        for (const { lead } of batch) outcomes.set(lead.personId, await this.settle(lead.personId, 'failed', prepared.error.message));
        continue;
      }
      const failed = new Map<string, string>();
      await this.write(prepared.value, (reason, ids) => ids.forEach((id) => failed.has(id) || failed.set(id, reason)), mode);
      for (const p of prepared.value) {
        const reason = failed.get(p.personId) ?? (p.hold ? crmHeldText(p.hold) : undefined);
        const status = failed.has(p.personId) ? 'failed' : p.hold ? 'needs-choice' : DONE[p.action as keyof typeof DONE];
        // A lead that went keeps the version sent: "Keep HubSpot up to date" sends it again only once it changes.
        outcomes.set(p.personId, await this.settle(p.personId, status, reason, reason === undefined ? p.lead.lead.updatedAt : undefined));
      }
    }
    return leads.map((l) => outcomes.get(l.lead.personId) ?? { personId: l.lead.personId, status: 'blocked' });
  }

  /** A lead's outcome, kept on its link (a finished one with the version sent). */
  private async settle(personId: string, status: CrmOutcomeStatus, reason?: string, sentVersion?: number): Promise<CrmOutcome> {
    const outcome = { status, at: this.now(), ...(reason !== undefined ? { reason } : {}) };
    await this.patch(personId, (l) => ({ ...l, outcome, ...(sentVersion !== undefined ? { sentVersion } : {}) }));
    return { personId, status, ...(reason !== undefined ? { reason } : {}) };
  }

  /** Every write for the leads that go (a held one does not): contacts, companies, associations, notes, tasks. */
  private async write(decided: readonly Prepared[], fail: Fail, mode: CrmSendMode): Promise<void> {
    const go = decided.filter((p) => !p.hold);
    const contactOf = await this.writeContacts(go, fail, mode);
    await this.sendCompanies(go, fail);
    await this.associate(go, fail);
    const sent = go.flatMap((p) => {
      const contactId = contactOf.get(p.personId);
      return contactId ? [{ ...p, contactId }] : [];
    });
    await new Activities(this.api, this.o.custom, (id, change) => this.patch(id, change), fail).write(sent);
  }

  /** New contacts (keyed upsert), teammate's and our own contacts updated by id. Returns each lead's contact id. */
  private async writeContacts(go: readonly Prepared[], fail: Fail, mode: CrmSendMode): Promise<Map<string, string>> {
    const contactOf = await this.createContacts(
      go.filter((p) => !p.contact),
      fail,
    );
    const existing = go.filter((p) => p.contact);
    const refused = new Set<Prepared>();
    for (const group of chunks(existing.filter((p) => Object.keys(p.merge!.write).length > 0))) {
      const inputs = group.map((p) => ({ id: p.contact!.id, properties: p.merge!.write }));
      const out = await this.api.update('contacts', inputs);
      if (out.ok) continue;
      fail(out.error.message, personIds(group));
      group.forEach((p) => refused.add(p));
    }
    for (const p of existing.filter((x) => !refused.has(x))) {
      const contactId = p.contact!.id;
      contactOf.set(p.personId, contactId);
      // The rep saw the teammate's values and kept them: not asked again while both stand.
      const kept =
        mode === 'manual' ? Object.fromEntries(p.merge!.conflicts.map((c) => [c.property, { theirs: c.theirs, ours: c.ours }])) : {};
      await this.patch(p.personId, (l) => ({
        ...l,
        contactId,
        written: { ...(l.contactId === contactId ? l.written : {}), ...p.merge!.write },
        kept: { ...l.kept, ...kept },
      }));
    }
    return contactOf;
  }

  /** New contacts: by the extension's unique id where the portal has it (any resend lands on the same one), else by email, else created once. */
  private async createContacts(fresh: readonly Prepared[], fail: Fail): Promise<Map<string, string>> {
    const contactOf = new Map<string, string>();
    const idProperty = this.o.custom.directoryId ? DIRECTORY_ID_PROPERTY : 'email';
    const key = (p: Prepared) => (this.o.custom.directoryId ? p.personId : p.props.email);
    // Keyed: the key is the input's id (HubSpot sets it on a record it creates), not a property written beside it.
    const upsert = (p: Prepared) => ({ idProperty, id: key(p)!, properties: withoutKey(p.props, idProperty) });
    const create = (p: Prepared) => ({ properties: p.props });
    for (const group of [...chunks(fresh.filter(key)), ...chunks(fresh.filter((p) => !key(p)))]) {
      const out = key(group[0]!)
        ? await this.api.upsert('contacts', group.map(upsert))
        : await this.api.create('contacts', group.map(create));
      for (const [n, p] of group.entries()) {
        // An upsert's answer is matched back by its key; a batch create answers in input order.
        const k = key(p)?.toLowerCase();
        const byKey = k && out.ok ? out.data.results.find((x) => (x.properties[idProperty] ?? '').toLowerCase() === k) : undefined;
        const r = out.ok ? (byKey ?? out.data.results[n]) : undefined;
        if (!r) fail(out.ok ? NOT_RETURNED : out.error.message, [p.personId]);
        else {
          contactOf.set(p.personId, r.id);
          await this.patch(p.personId, (l) => ({ ...l, contactId: r.id, written: { ...l.written, ...p.props } }));
        }
      }
    }
    return contactOf;
  }

  /** The companies of these domains HubSpot already has (one search per 100 domains). */
  private async companiesByDomain(domains: readonly string[]): Promise<CrmResult<Map<string, string>>> {
    const found = new Map<string, string>();
    for (const group of chunks(domains)) {
      const out = await this.api.search('companies', {
        filterGroups: [{ filters: [{ propertyName: 'domain', operator: 'IN', values: group }] }],
        properties: ['domain', 'name'],
        limit: 200,
      });
      if (!out.ok) return out;
      for (const r of out.data.results) {
        const d = companyDomain(r.properties.domain);
        if (d && !found.has(d)) found.set(d, r.id);
      }
    }
    return { ok: true, value: found };
  }

  /** Companies, once per domain: the kept id, else HubSpot's by domain, else a new one. */
  private async sendCompanies(go: readonly Prepared[], fail: Fail): Promise<void> {
    // The kept ids (the contact steps before do not change them).
    const companyOf = new Map(go.flatMap((p) => (p.domain && p.link?.companyId ? [[p.domain, p.link.companyId] as const] : [])));
    const domains = [...new Set(go.flatMap((p) => (p.domain && !companyOf.has(p.domain) ? [p.domain] : [])))];
    const leadsOf = (ds: readonly string[]) => personIds(go.filter((p) => p.domain && ds.includes(p.domain)));
    const found = await this.companiesByDomain(domains);
    if (!found.ok) fail(found.error.message, leadsOf(domains));
    else {
      for (const [d, id] of found.value) companyOf.set(d, id);
      const missing = domains.filter((d) => !found.value.has(d));
      const inputs = missing.map((d) => ({
        properties: { domain: d, name: go.find((p) => p.domain === d)?.lead.contact.companyName ?? d },
      }));
      const out = missing.length ? await this.api.create('companies', inputs) : null;
      if (out && !out.ok) fail(out.error.message, leadsOf(missing));
      else if (out) missing.forEach((d, n) => out.data.results[n] && companyOf.set(d, out.data.results[n].id));
    }
    for (const p of go) {
      const id = p.domain ? companyOf.get(p.domain) : undefined;
      if (id) await this.patch(p.personId, (l) => (l.companyId === id ? l : { ...l, companyId: id }));
    }
  }

  /** Associations: contact → its company, once. */
  private async associate(go: readonly Prepared[], fail: Fail): Promise<void> {
    const linked = await this.links(go);
    const toAssociate = [...linked.values()].filter((l) => l.contactId && l.companyId && l.associatedWith !== l.companyId);
    if (toAssociate.length === 0) return;
    const pairs = toAssociate.map((l) => ({ from: l.contactId!, to: l.companyId! }));
    const out = await this.api.associate('contacts', 'companies', pairs);
    if (!out.ok) fail(out.error.message, personIds(toAssociate));
    else for (const l of toAssociate) await this.patch(l.personId, (x) => ({ ...x, associatedWith: l.companyId }));
  }
}
