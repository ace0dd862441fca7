/*
 * HubSpot as a `Crm` (../crm.ts). A send, per up to 100 leads:
 *  1. find each lead's contact: the id kept from an earlier send (batch read), else a search by email,
 *     LinkedIn URL and X handle (one search, filter groups OR'ed);
 *  2. contacts with an email are upserted by email (idempotent); others are created, or updated by id;
 *     a contact already holding every value is skipped;
 *  3. each company is found by domain (search) or created, once per domain;
 *  4. contact → company default association (v4), once;
 *  5. each lead note becomes a HubSpot note on the contact, once.
 * Every id is written onto the lead (../crm-links.ts) as soon as HubSpot answers, and the lead's outcome
 * is `pending` until its steps are done, so a browser closed mid-send resumes without doubling anything.
 * Do not contact leads are never sent.
 */
import { blocksContact } from '@/lib/leads/lead';
import type { Crm, CrmLead, CrmMark, CrmOutcome, CrmPerson, CrmPlan, CrmResult } from '../crm';
import type { CrmLinks } from '../crm-links';
import type { CrmLink } from '@/lib/leads/lead-db';
import type { HubSpotClient } from './client';
import { HUBSPOT_BATCH_MAX, HUBSPOT_PATHS, NOTE_TO_CONTACT_TYPE_ID } from './paths';
import {
  companyDomain,
  contactProperties,
  isPerson,
  LINKEDIN_PROPERTY,
  noteBody,
  readProperties,
  sameProperties,
  type CustomProperties,
} from './properties';
import {
  AccountDetailsSchema,
  AssociationResponseSchema,
  BatchResponseSchema,
  OwnersSchema,
  SearchResponseSchema,
  type HubSpotObjectRecord,
} from './schemas';

export interface HubSpotCrmOptions {
  client: HubSpotClient;
  links: CrmLinks;
  /** The portal id, as the CRM account id links are kept under. */
  portalId: string;
  custom: CustomProperties;
  now?: () => number;
}

const chunks = <T>(items: readonly T[], size = HUBSPOT_BATCH_MAX): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const personOf = (l: CrmLead): CrmPerson => ({
  personId: l.lead.personId,
  email: l.email,
  linkedinUrl: l.lead.linkedinUrl,
  xHandle: l.lead.xHandle,
});

interface Classified {
  lead: CrmLead;
  props: Record<string, string>;
  record: HubSpotObjectRecord | null;
  action: 'create' | 'update' | 'skip';
  domain: string | null;
}

/** What one batch of a send shares: the contacts found or made, what each lead came to, what failed. */
interface SendBatch {
  items: Classified[];
  contactOf: Map<string, string>;
  status: Map<string, 'created' | 'updated' | 'unchanged'>;
  fail: (personIds: readonly string[], reason: string) => void;
  patch: (personId: string, change: (link: CrmLink) => CrmLink) => Promise<unknown>;
}

export function createHubSpotCrm(options: HubSpotCrmOptions): Crm & { owners(): Promise<Map<string, string>> } {
  return new HubSpotCrm(options);
}

class HubSpotCrm implements Crm {
  private readonly now: () => number;
  private readonly properties: string[];
  private ownerNames: Promise<Map<string, string>> | null = null;

  constructor(private readonly o: HubSpotCrmOptions) {
    this.now = o.now ?? (() => Date.now());
    this.properties = readProperties(o.custom);
  }

  /** Owner id → name; empty when the token may not read owners (the mark then shows the id). */
  owners(): Promise<Map<string, string>> {
    this.ownerNames ??= this.o.client
      .call({ method: 'GET', path: HUBSPOT_PATHS.owners, schema: OwnersSchema, resend: 'always' })
      .then((r) =>
        r.ok
          ? new Map(r.data.results.map((o) => [o.id, [o.firstName, o.lastName].filter(Boolean).join(' ') || o.email || o.id]))
          : new Map<string, string>(),
      );
    return this.ownerNames;
  }

  /** One search per 100 people: email IN, LinkedIn URL IN, X handle IN, OR'ed. Matched back by identifier. */
  private async search(people: readonly CrmPerson[]): Promise<CrmResult<Map<string, HubSpotObjectRecord>>> {
    const found = new Map<string, HubSpotObjectRecord>();
    for (const group of chunks(people)) {
      const values = (pick: (p: CrmPerson) => string | null) => [...new Set(group.map(pick).filter((v): v is string => !!v))];
      const filterGroups = [
        { property: 'email', values: values((p) => p.email) },
        // Both spellings of a profile URL (with and without the trailing slash): IN compares whole values.
        ...(this.o.custom.linkedinUrl
          ? [
              {
                property: LINKEDIN_PROPERTY,
                values: [...new Set(values((p) => p.linkedinUrl).flatMap((u) => [u.replace(/\/+$/, ''), `${u.replace(/\/+$/, '')}/`]))],
              },
            ]
          : []),
        { property: 'twitterhandle', values: values((p) => p.xHandle) },
      ]
        .filter((g) => g.values.length > 0)
        .map((g) => ({ filters: [{ propertyName: g.property, operator: 'IN', values: g.values }] }));
      if (filterGroups.length === 0) continue;
      const out = await this.o.client.call({
        method: 'POST',
        path: HUBSPOT_PATHS.search('contacts'),
        body: { filterGroups, properties: this.properties, limit: 200 },
        schema: SearchResponseSchema,
        search: true,
        resend: 'always',
      });
      if (!out.ok) return out;
      for (const person of group) {
        const match = out.data.results.find((r) => isPerson(person, r.properties));
        if (match) found.set(person.personId, match);
      }
    }
    return { ok: true, value: found };
  }

  private async readByIds(ids: readonly string[]): Promise<CrmResult<Map<string, HubSpotObjectRecord>>> {
    const found = new Map<string, HubSpotObjectRecord>();
    for (const group of chunks(ids)) {
      const out = await this.o.client.call({
        method: 'POST',
        path: HUBSPOT_PATHS.batchRead('contacts'),
        body: { inputs: group.map((id) => ({ id })), properties: this.properties },
        schema: BatchResponseSchema,
        resend: 'always',
      });
      if (!out.ok) return out;
      for (const r of out.data.results) found.set(r.id, r);
    }
    return { ok: true, value: found };
  }

  /** Each lead's contact in HubSpot, if any: its kept id first (a deleted one falls back to the search), then the search. */
  private async existing(leads: readonly CrmLead[], kept: Map<string, CrmLink>): Promise<CrmResult<Map<string, HubSpotObjectRecord>>> {
    const byId = await this.readByIds([...new Set([...kept.values()].flatMap((l) => (l.contactId ? [l.contactId] : [])))]);
    if (!byId.ok) return byId;
    const result = new Map<string, HubSpotObjectRecord>();
    const rest: CrmPerson[] = [];
    for (const l of leads) {
      const id = kept.get(l.lead.personId)?.contactId;
      const record = id ? byId.value.get(id) : undefined;
      if (record) result.set(l.lead.personId, record);
      else rest.push(personOf(l));
    }
    const searched = await this.search(rest);
    if (!searched.ok) return searched;
    for (const [personId, record] of searched.value) result.set(personId, record);
    return { ok: true, value: result };
  }

  /** The companies of these domains HubSpot already has (one search per 100 domains). */
  private async companiesByDomain(domains: readonly string[]): Promise<CrmResult<Map<string, string>>> {
    const found = new Map<string, string>();
    for (const group of chunks(domains)) {
      const out = await this.o.client.call({
        method: 'POST',
        path: HUBSPOT_PATHS.search('companies'),
        body: {
          filterGroups: [{ filters: [{ propertyName: 'domain', operator: 'IN', values: group }] }],
          properties: ['domain', 'name'],
          limit: 200,
        },
        schema: SearchResponseSchema,
        search: true,
        resend: 'always',
      });
      if (!out.ok) return out;
      for (const r of out.data.results) {
        const d = companyDomain(r.properties.domain);
        if (d && !found.has(d)) found.set(d, r.id);
      }
    }
    return { ok: true, value: found };
  }

  private async classify(leads: readonly CrmLead[]): Promise<CrmResult<{ items: Classified[]; kept: Map<string, CrmLink> }>> {
    const kept = await this.o.links.get(
      this.o.portalId,
      leads.map((l) => l.lead.personId),
    );
    const found = await this.existing(leads, kept);
    if (!found.ok) return found;
    const items = leads.map((lead): Classified => {
      const props = contactProperties(lead, this.o.custom);
      const record = found.value.get(lead.lead.personId) ?? null;
      const link = kept.get(lead.lead.personId);
      const domain = companyDomain(lead.lead.company?.domain);
      // Identical contact, and nothing else left to do for this lead (company, association, notes).
      const done =
        record !== null &&
        sameProperties(props, record.properties) &&
        (!domain || (link?.companyId && link.associatedWith === link.companyId)) &&
        lead.lead.notes.every((n) => link?.noteIds[n.id]);
      return { lead, props, record, domain, action: record === null ? 'create' : done ? 'skip' : 'update' };
    });
    return { ok: true, value: { items, kept } };
  }

  async check(): Promise<CrmResult<{ accountId: string }>> {
    const out = await this.o.client.call({
      method: 'GET',
      path: HUBSPOT_PATHS.accountDetails,
      schema: AccountDetailsSchema,
      resend: 'always',
    });
    return out.ok ? { ok: true, value: { accountId: String(out.data.portalId) } } : out;
  }

  async findPeople(people: readonly CrmPerson[]): Promise<CrmResult<Map<string, CrmMark>>> {
    const found = await this.search(people);
    if (!found.ok) return found;
    const names = await this.owners();
    const marks = new Map<string, CrmMark>();
    for (const [personId, r] of found.value) {
      const owner = r.properties.hubspot_owner_id ?? null;
      marks.set(personId, {
        contactId: r.id,
        owner: owner ? (names.get(owner) ?? `owner ${owner}`) : null,
        leadStatus: r.properties.hs_lead_status ?? null,
      });
    }
    return { ok: true, value: marks };
  }

  async plan(leads: readonly CrmLead[]): Promise<CrmResult<CrmPlan>> {
    const sendable = leads.filter((l) => !blocksContact(l.lead));
    const classified = await this.classify(sendable);
    if (!classified.ok) return classified;
    const { items, kept } = classified.value;
    const needCompany = [...new Set(items.flatMap((i) => (i.domain && !kept.get(i.lead.lead.personId)?.companyId ? [i.domain] : [])))];
    const companies = await this.companiesByDomain(needCompany);
    if (!companies.ok) return companies;
    return {
      ok: true,
      value: {
        create: items.filter((i) => i.action === 'create').length,
        update: items.filter((i) => i.action === 'update').length,
        skip: items.filter((i) => i.action === 'skip').length,
        createCompanies: needCompany.filter((d) => !companies.value.has(d)).length,
        blocked: leads.length - sendable.length,
      },
    };
  }

  async send(leads: readonly CrmLead[]): Promise<CrmOutcome[]> {
    const { links, portalId } = this.o;
    const outcomes = new Map<string, CrmOutcome>();
    const sendable = leads.filter((l) => {
      if (blocksContact(l.lead)) outcomes.set(l.lead.personId, { personId: l.lead.personId, status: 'blocked' });
      return !blocksContact(l.lead);
    });
    const at = this.now();
    // Written first: a send the browser cuts off is resumed from here, never forgotten.
    for (const l of sendable) await links.patch(portalId, l.lead.personId, (link) => ({ ...link, outcome: { status: 'pending', at } }));

    const failed = new Map<string, string>();
    const fail = (personIds: readonly string[], reason: string) => personIds.forEach((id) => failed.has(id) || failed.set(id, reason));
    const patch = (personId: string, change: (link: CrmLink) => CrmLink) => links.patch(portalId, personId, change);

    for (const batch of chunks(sendable)) {
      const classified = await this.classify(batch);
      if (!classified.ok) {
        fail(
          batch.map((l) => l.lead.personId),
          classified.error.message,
        );
        continue;
      }
      const { items } = classified.value;
      const b: SendBatch = { items, contactOf: new Map(), status: new Map(), fail, patch };
      for (const i of items) if (i.record) b.contactOf.set(i.lead.lead.personId, i.record.id);
      await this.sendContacts(b);
      await this.sendCompanies(b);
      await this.sendNotes(b, await this.associate(b));
      for (const i of items) {
        const personId = i.lead.lead.personId;
        if (failed.has(personId)) continue;
        const s = b.status.get(personId) ?? (i.action === 'skip' || !i.record ? 'unchanged' : 'updated');
        outcomes.set(personId, { personId, status: i.action === 'skip' ? 'unchanged' : s });
      }
    }
    const end = this.now();
    for (const [personId, reason] of failed) {
      outcomes.set(personId, { personId, status: 'failed', reason });
      await patch(personId, (l) => ({ ...l, outcome: { status: 'failed', at: end, reason } }));
    }
    for (const o of outcomes.values())
      if (o.status !== 'failed' && o.status !== 'blocked')
        await patch(o.personId, (l) => ({ ...l, outcome: { status: o.status as 'created', at: end } }));
    return leads.map((l) => outcomes.get(l.lead.personId) ?? { personId: l.lead.personId, status: 'failed', reason: 'Not sent.' });
  }

  /** Contacts: upserted by email, created without one, updated by id; every id kept on its lead as HubSpot answers. */
  private async sendContacts(b: SendBatch): Promise<void> {
    const { items, contactOf, status, fail, patch } = b;
    const { client } = this.o;
    // With an email: upsert by email (HubSpot's unique key, safe to send twice).
    const byEmail = items.filter((i) => i.action !== 'skip' && i.props.email && !i.record);
    if (byEmail.length) {
      const out = await client.call({
        method: 'POST',
        path: HUBSPOT_PATHS.batchUpsert('contacts'),
        body: { inputs: byEmail.map((i) => ({ id: i.props.email, idProperty: 'email', properties: i.props })) },
        schema: BatchResponseSchema,
        resend: 'always',
      });
      if (!out.ok)
        fail(
          byEmail.map((i) => i.lead.lead.personId),
          out.error.message,
        );
      else
        for (const i of byEmail) {
          const r = out.data.results.find((x) => (x.properties.email ?? '').toLowerCase() === i.props.email!.toLowerCase());
          if (!r) continue;
          contactOf.set(i.lead.lead.personId, r.id);
          status.set(i.lead.lead.personId, r.new === false ? 'updated' : 'created');
          await patch(i.lead.lead.personId, (l) => ({ ...l, contactId: r.id }));
        }
    }
    // Without an email, not found: create (never resent: a lost answer may have created it).
    const toCreate = items.filter((i) => i.action === 'create' && !i.props.email);
    if (toCreate.length) {
      const out = await client.call({
        method: 'POST',
        path: HUBSPOT_PATHS.batchCreate('contacts'),
        body: { inputs: toCreate.map((i) => ({ properties: i.props })) },
        schema: BatchResponseSchema,
        resend: 'never',
      });
      if (!out.ok)
        fail(
          toCreate.map((i) => i.lead.lead.personId),
          out.error.message,
        );
      else
        for (const [n, i] of toCreate.entries()) {
          // Batch create answers in input order.
          const r = out.data.results[n];
          if (!r) continue;
          contactOf.set(i.lead.lead.personId, r.id);
          status.set(i.lead.lead.personId, 'created');
          await patch(i.lead.lead.personId, (l) => ({ ...l, contactId: r.id }));
        }
    }
    // Found, with values to change: update by id.
    const toUpdate = items.filter((i) => i.record && !sameProperties(i.props, i.record.properties));
    if (toUpdate.length) {
      const out = await client.call({
        method: 'POST',
        path: HUBSPOT_PATHS.batchUpdate('contacts'),
        body: { inputs: toUpdate.map((i) => ({ id: i.record!.id, properties: i.props })) },
        schema: BatchResponseSchema,
        resend: 'always',
      });
      if (!out.ok)
        fail(
          toUpdate.map((i) => i.lead.lead.personId),
          out.error.message,
        );
      else for (const i of toUpdate) status.set(i.lead.lead.personId, 'updated');
    }
    for (const i of items) {
      const id = contactOf.get(i.lead.lead.personId);
      if (id && i.record) await patch(i.lead.lead.personId, (l) => (l.contactId === id ? l : { ...l, contactId: id }));
    }
  }

  /** Companies, once per domain: the kept id, else HubSpot's by domain, else a new one. */
  private async sendCompanies(b: SendBatch): Promise<void> {
    const { items, fail, patch } = b;
    const kept = await this.o.links.get(
      this.o.portalId,
      items.map((i) => i.lead.lead.personId),
    );
    const companyOf = new Map<string, string>();
    for (const i of items) {
      const id = kept.get(i.lead.lead.personId)?.companyId;
      if (id && i.domain) companyOf.set(i.domain, id);
    }
    const domains = [...new Set(items.flatMap((i) => (i.domain && !companyOf.has(i.domain) ? [i.domain] : [])))];
    const leadsOfDomain = (d: string) => items.filter((i) => i.domain === d).map((i) => i.lead.lead.personId);
    if (domains.length) {
      const found = await this.companiesByDomain(domains);
      if (!found.ok) fail(domains.flatMap(leadsOfDomain), found.error.message);
      else {
        for (const [d, id] of found.value) companyOf.set(d, id);
        const missing = domains.filter((d) => !found.value.has(d));
        if (missing.length) {
          const out = await this.o.client.call({
            method: 'POST',
            path: HUBSPOT_PATHS.batchCreate('companies'),
            body: {
              inputs: missing.map((d) => ({
                properties: { domain: d, name: items.find((i) => i.domain === d)?.lead.lead.company?.name ?? d },
              })),
            },
            schema: BatchResponseSchema,
            resend: 'never',
          });
          if (!out.ok) fail(missing.flatMap(leadsOfDomain), out.error.message);
          else missing.forEach((d, n) => out.data.results[n] && companyOf.set(d, out.data.results[n].id));
        }
      }
    }
    for (const i of items) {
      const id = i.domain ? companyOf.get(i.domain) : undefined;
      if (id) await patch(i.lead.lead.personId, (l) => (l.companyId === id ? l : { ...l, companyId: id }));
    }
  }

  /** Associations: contact → its company, once. Returns the batch's links as they stand after it. */
  private async associate(b: SendBatch): Promise<Map<string, CrmLink>> {
    const { items, fail, patch } = b;
    const linked = await this.o.links.get(
      this.o.portalId,
      items.map((i) => i.lead.lead.personId),
    );
    const toAssociate = [...linked.values()].filter((l) => l.contactId && l.companyId && l.associatedWith !== l.companyId);
    if (toAssociate.length) {
      const out = await this.o.client.call({
        method: 'POST',
        path: HUBSPOT_PATHS.associateDefault('contacts', 'companies'),
        body: { inputs: toAssociate.map((l) => ({ from: { id: l.contactId }, to: { id: l.companyId } })) },
        schema: AssociationResponseSchema,
        resend: 'always',
      });
      if (!out.ok)
        fail(
          toAssociate.map((l) => l.personId),
          out.error.message,
        );
      else for (const l of toAssociate) await patch(l.personId, (x) => ({ ...x, associatedWith: l.companyId }));
    }
    return linked;
  }

  /** Notes: each lead note once, on its contact. */
  private async sendNotes(b: SendBatch, linked: Map<string, CrmLink>): Promise<void> {
    const { items, fail, patch } = b;
    const notes = items.flatMap((i) => {
      const link = linked.get(i.lead.lead.personId);
      if (!link?.contactId) return [];
      return i.lead.lead.notes
        .filter((n) => !link.noteIds[n.id])
        .map((note) => ({ personId: i.lead.lead.personId, contactId: link.contactId!, note }));
    });
    for (const group of chunks(notes)) {
      const out = await this.o.client.call({
        method: 'POST',
        path: HUBSPOT_PATHS.batchCreate('notes'),
        body: {
          inputs: group.map((n) => ({
            properties: { hs_note_body: noteBody(n.note), hs_timestamp: new Date(n.note.at).toISOString() },
            associations: [
              {
                to: { id: n.contactId },
                types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: NOTE_TO_CONTACT_TYPE_ID }],
              },
            ],
          })),
        },
        schema: BatchResponseSchema,
        resend: 'never',
      });
      if (!out.ok)
        fail(
          group.map((n) => n.personId),
          out.error.message,
        );
      else
        for (const [k, n] of group.entries()) {
          const r = out.data.results[k];
          if (r) await patch(n.personId, (l) => ({ ...l, noteIds: { ...l.noteIds, [n.note.id]: r.id } }));
        }
    }
  }
}
