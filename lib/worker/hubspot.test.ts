import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { PersonSchema } from '@/lib/api';
import { browserKvStore } from '@/lib/storage/kv-store';
import { RevealStore } from '@/lib/credits/reveals';
import { HUBSPOT_PATHS } from '@/lib/crm/hubspot/paths';
import { HUBSPOT_RECORD_NAME } from '@/lib/crm/hubspot/token-store';
import { memorySecretStore } from '@/lib/settings/secret-store';
import { createHubSpotEmulator, FULL_SCOPES } from '@/tests/hubspot-emulator';
import { testLeadStore } from '@/tests/support/test-leads';
import { CrmLinks } from '@/lib/crm/crm-links';
import { HubSpotService } from './hubspot';

const BASE = 'http://127.0.0.1:9';

async function setup(extra: { schedule?: (ms: number) => void } = {}) {
  const hubspot = createHubSpotEmulator();
  const secrets = memorySecretStore();
  const clock = { ms: 1_000_000 };
  const leads = testLeadStore(() => clock.ms);
  const reveals = new RevealStore(browserKvStore(fakeBrowser.storage.local));
  const h = new HubSpotService({
    fetch: hubspot.fetch,
    secrets,
    leads,
    reveals,
    accountInUse: () => 'acc',
    now: () => clock.ms,
    rateOptions: { backoffBaseMs: 1, backoffMaxMs: 5 },
    ...(extra.schedule ? { schedule: extra.schedule } : {}),
  });
  const connect = (token = 'pat-test', extra: { markPeople?: boolean; createProperties?: boolean } = {}) =>
    h.connect({ token, markPeople: extra.markPeople ?? true, createProperties: extra.createProperties ?? true, baseUrl: BASE });
  return { hubspot, secrets, leads, reveals, clock, h, connect };
}

beforeEach(() => fakeBrowser.reset());

describe('HubSpot connect', () => {
  it('a refused token is not stored, and the answer says why without the token', async () => {
    const { h, secrets, connect } = await setup();
    const out = await connect('pat-wrong-123');
    expect(out).toEqual({ ok: false, message: expect.stringMatching(/refused the access token/) });
    expect(JSON.stringify(out)).not.toContain('pat-wrong-123');
    expect(secrets.data.size).toBe(0);
    expect((await h.status()).connected).toBe(false);
  });

  it('a working token is stored in the secret store only; the status never carries it; Disconnect forgets it', async () => {
    const { h, secrets, connect, hubspot } = await setup();
    expect(await connect('  Bearer pat-test ')).toEqual({ ok: true, portalId: '4242', missingProperties: [] });
    // The two custom properties were created with the rep's consent, under the CSV preset's names.
    expect(hubspot.contactProperties.has('linkedin_url') && hubspot.contactProperties.has('telegram')).toBe(true);
    expect(JSON.parse(secrets.data.get(HUBSPOT_RECORD_NAME)!)).toMatchObject({ token: 'pat-test', portalId: '4242' });
    expect(await fakeBrowser.storage.local.get(null)).toEqual({});
    const status = await h.status();
    expect(status).toMatchObject({ connected: true, portalId: '4242', markPeople: true, problem: null });
    expect(JSON.stringify(status)).not.toContain('pat-test');
    await h.disconnect();
    expect(secrets.data.has(HUBSPOT_RECORD_NAME)).toBe(false);
  });

  it('without consent the custom properties are not created, and the answer names them', async () => {
    const { hubspot, connect } = await setup();
    expect(await connect('pat-test', { createProperties: false })).toEqual({
      ok: true,
      portalId: '4242',
      missingProperties: ['LinkedIn URL', 'Telegram', 'Crypto Directory ID', 'Crypto Directory tags', 'Next follow-up', 'X user ID'],
    });
    expect(hubspot.contactProperties.has('linkedin_url')).toBe(false);
  });

  it('a connection kept before the X user id property (issue 42) checks for it once, with the consent given at Connect', async () => {
    const { h, hubspot, secrets, connect } = await setup();
    await connect('pat-test', { createProperties: true });
    // The record as kept before issue 42: it knows nothing of the X user id property.
    const stored = JSON.parse(secrets.data.get(HUBSPOT_RECORD_NAME)!) as { custom: Record<string, boolean> };
    const { xId: _, ...before } = stored.custom;
    secrets.data.set(HUBSPOT_RECORD_NAME, JSON.stringify({ ...stored, custom: before }));
    const reads = () => hubspot.count(HUBSPOT_PATHS.properties('contacts'));
    const first = reads();
    await h.plan([]);
    await h.plan([]);
    expect(reads()).toBe(first + 1);
    expect(JSON.parse(secrets.data.get(HUBSPOT_RECORD_NAME)!)).toMatchObject({ custom: { xId: true } });
  });

  it('a token HubSpot later revokes: the status says so', async () => {
    const { h, hubspot, connect, leads } = await setup();
    hubspot.control.addToken('pat-later', FULL_SCOPES);
    await connect('pat-later');
    hubspot.control.revoke('pat-later');
    await leads.save({
      person: PersonSchema.parse({ id: 'p1', firstName: 'Ada', twitterHandle: 'ada' }),
      organization: null,
      accountId: 'acc',
      savedFrom: null,
    });
    const plan = await h.plan(['p1']);
    expect(plan).toEqual({ ok: false, message: expect.stringMatching(/revoked/) });
    expect((await h.status()).problem).toMatch(/revoked/);
  });
});

describe('"In HubSpot" marks', () => {
  it('off until the rep opts in; then one batched search, a revealed email used, answers cached until refreshed', async () => {
    const { h, hubspot, connect, reveals, clock } = await setup();
    await connect('pat-test', { markPeople: false });
    expect(await h.marks([{ personId: 'p1', xHandle: 'ada' }], false)).toEqual({ enabled: false });
    expect(hubspot.count(HUBSPOT_PATHS.search('contacts'))).toBe(0);

    await connect('pat-test', { markPeople: true });
    hubspot.control.addContact({ email: 'ada@chain.example', hubspot_owner_id: hubspot.control.ownerId, hs_lead_status: 'NEW' });
    await reveals.recordReveal({
      accountId: 'acc',
      personId: 'p1',
      name: 'Ada',
      channels: { email: 'ada@chain.example' },
      at: 1,
      creditsCharged: 10,
    });
    const people = [{ personId: 'p1' }, { personId: 'p2', xHandle: 'nobody' }];
    expect(await h.marks(people, false)).toEqual({
      enabled: true,
      // The status as the portal labels it (hs_lead_status's options), not its internal value.
      marks: { p1: expect.objectContaining({ owner: 'Mia Owner', leadStatus: 'New' }), p2: null },
    });
    expect(hubspot.count(HUBSPOT_PATHS.search('contacts'))).toBe(1);
    await h.marks(people, false);
    expect(hubspot.count(HUBSPOT_PATHS.search('contacts'))).toBe(1);
    await h.marks(people, true);
    expect(hubspot.count(HUBSPOT_PATHS.search('contacts'))).toBe(2);
    clock.ms += 61 * 60_000;
    await h.marks(people, false);
    expect(hubspot.count(HUBSPOT_PATHS.search('contacts'))).toBe(3);
  });
});

describe('"In HubSpot" marks and Do not contact', () => {
  it('a Do-not-contact lead is not asked about: none of its identifiers goes to HubSpot', async () => {
    const { h, hubspot, connect, leads } = await setup();
    await connect('pat-test', { markPeople: true });
    await leads.save({
      person: PersonSchema.parse({ id: 'p1', firstName: 'Ada', twitterHandle: 'ada' }),
      organization: null,
      accountId: 'acc',
      savedFrom: null,
    });
    await leads.update('p1', { status: 'do-not-contact' });
    expect(await h.marks([{ personId: 'p1', xHandle: 'ada' }], true)).toEqual({ enabled: true, marks: {} });
    expect(hubspot.count(HUBSPOT_PATHS.search('contacts'))).toBe(0);
  });
});

describe('a send the browser cut off', () => {
  it('is finished at the next start, from the ids already kept: nothing lost, nothing doubled', async () => {
    const { h, hubspot, connect, leads } = await setup();
    await connect();
    await leads.save({
      person: PersonSchema.parse({ id: 'p1', firstName: 'Ada', twitterHandle: 'ada' }),
      organization: null,
      accountId: 'acc',
      savedFrom: null,
    });
    await leads.save({
      person: PersonSchema.parse({ id: 'p2', firstName: 'Bo', twitterHandle: 'bo' }),
      organization: null,
      accountId: 'acc',
      savedFrom: null,
    });
    // The browser closed after p1's contact was created and before anything else: p1 has its id, both are pending.
    const made = hubspot.control.addContact({ twitterhandle: 'ada', firstname: 'Ada' });
    const links = new CrmLinks(leads.db);
    await links.patch('4242', 'p1', (l) => ({ ...l, contactId: made.id, outcome: { status: 'pending', at: 1 } }));
    await links.patch('4242', 'p2', (l) => ({ ...l, outcome: { status: 'pending', at: 1 } }));

    await h.resume();
    expect(hubspot.contacts.size).toBe(2);
    const after = await links.get('4242', ['p1', 'p2']);
    expect([after.get('p1')?.contactId, after.get('p1')?.outcome.status]).toEqual([made.id, 'updated']);
    expect(after.get('p2')?.outcome.status).toBe('created');
    expect(await links.pending()).toEqual([]);
  });
});

const person = (id: string, firstName: string, extra: Record<string, unknown> = {}) =>
  PersonSchema.parse({ id, firstName, lastName: 'Tester', twitterHandle: `${firstName.toLowerCase()}x`, ...extra });

describe('one send at a time', () => {
  it('two overlapping sends of different selections (a double send from two pages) leave one contact, one note, one task per lead', async () => {
    const { h, hubspot, connect, leads } = await setup();
    await connect();
    for (const [id, name] of [
      ['p1', 'Jonas'],
      ['p2', 'Dario'],
      ['p3', 'Mei'],
    ] as const) {
      const company = { id: 'c_h', name: 'Harborline', domain: 'harborline.example' };
      await leads.save({
        person: person(id, name, { twitterHandle: null, company }),
        organization: null,
        accountId: 'acc',
        savedFrom: null,
      });
      await leads.update(id, { followUpOn: '2026-12-03' });
      await leads.addNote(id, 'Met at Devcon');
    }
    const [a, b] = await Promise.all([h.send(['p1', 'p2']), h.send(['p2', 'p3', 'p1'])]);
    expect(a.ok && b.ok).toBe(true);
    const live = <T extends object>(m: ReadonlyMap<string, T>) => [...m.values()].filter((r) => !('archived' in r && r.archived));
    expect([live(hubspot.contacts).length, live(hubspot.notes).length, live(hubspot.tasks).length]).toEqual([3, 3, 3]);
    // The company (created once, never resent) too: the second send waited for the first.
    expect(hubspot.companies.size).toBe(1);
  });
});

describe('the "In HubSpot" mark after a reveal', () => {
  it('is asked again with the email now known', async () => {
    const { h, hubspot, connect, reveals } = await setup();
    await connect('pat-test', { markPeople: true });
    hubspot.control.addContact({ email: 'ada@chain.example', firstname: 'Ada' });
    const people = [{ personId: 'p1', xHandle: 'ada_unknown' }];
    expect(await h.marks(people, false)).toEqual({ enabled: true, marks: { p1: null } });
    await reveals.recordReveal({
      accountId: 'acc',
      personId: 'p1',
      name: 'Ada',
      channels: { email: 'ada@chain.example' },
      at: 1,
      creditsCharged: 10,
    });
    await h.personChanged('p1');
    expect(await h.marks(people, false)).toEqual({
      enabled: true,
      marks: { p1: expect.objectContaining({ contactId: expect.any(String) }) },
    });
  });
});

describe('"Keep HubSpot up to date"', () => {
  it('off by default; on: a lead saved from now reaches HubSpot on the scheduled run, with the report the options show', async () => {
    const scheduled: number[] = [];
    const { h, hubspot, connect, leads, clock } = await setup({ schedule: (ms) => scheduled.push(ms) });
    await connect();
    await leads.save({ person: person('p0', 'Old'), organization: null, accountId: 'acc', savedFrom: null });
    expect((await h.status()).keepUpToDate).toBe(false);
    clock.ms += 1_000;
    expect(await h.setSync(true)).toMatchObject({ keepUpToDate: true, lastSync: null });
    clock.ms += 1_000;
    await leads.save({ person: person('p1', 'Ada'), organization: null, accountId: 'acc', savedFrom: null });
    await h.personChanged('p1');
    expect(scheduled.at(-1)).toBe(3_000);
    await h.sync();
    // Only the lead saved after it was turned on (the older ones go by "Send to HubSpot").
    expect([...hubspot.contacts.values()].map((c) => c.properties.crypto_directory_id)).toEqual(['p1']);
    expect((await h.status()).lastSync).toEqual({ at: clock.ms, sent: 1, waiting: 0, failures: [] });
    // Nothing changed: the next run sends nothing.
    await h.sync();
    expect(hubspot.contacts.size).toBe(1);
  });

  it('a reveal of a lead already sent (no change of the lead itself) sends its email on the next run', async () => {
    const { h, hubspot, connect, leads, reveals, clock } = await setup();
    await connect();
    await h.setSync(true);
    clock.ms += 1_000;
    await leads.save({ person: person('p1', 'Ada'), organization: null, accountId: 'acc', savedFrom: null });
    await h.sync();
    expect([...hubspot.contacts.values()].map((c) => c.properties.email ?? null)).toEqual([null]);
    await reveals.recordReveal({
      accountId: 'acc',
      personId: 'p1',
      name: 'Ada',
      channels: { email: 'ada@chain.example' },
      at: 2,
      creditsCharged: 10,
    });
    await h.personChanged('p1');
    await h.sync();
    expect([...hubspot.contacts.values()].map((c) => c.properties.email)).toEqual(['ada@chain.example']);
    // Once sent, it is not sent again.
    const writes = hubspot.log.length;
    await h.sync();
    expect(hubspot.log.length).toBe(writes);
  });

  it('a lead that needs the rep’s choice waits as "Needs your choice"; Do-not-contact leads are never sent', async () => {
    const { h, hubspot, connect, leads, clock } = await setup();
    await connect();
    await h.setSync(true);
    hubspot.control.addContact({ firstname: 'Mei', lastname: 'Tanaka', company: 'Harborline' });
    hubspot.control.addContact({ firstname: 'Mei', lastname: 'Tanaka', company: 'Harborline' });
    clock.ms += 1_000;
    const harborline = { id: 'c_h', name: 'Harborline', domain: 'harborline.example' };
    await leads.save({
      person: person('p1', 'Mei', { lastName: 'Tanaka', twitterHandle: null, company: harborline }),
      organization: null,
      accountId: 'acc',
      savedFrom: null,
    });
    await leads.save({ person: person('p2', 'Dnc'), organization: null, accountId: 'acc', savedFrom: null });
    await leads.update('p2', { status: 'do-not-contact' });
    await h.sync();
    expect(hubspot.contacts.size).toBe(2);
    expect((await h.status()).lastSync).toMatchObject({ sent: 0, waiting: 1 });
    expect((await new CrmLinks(leads.db).get('4242', ['p1'])).get('p1')?.outcome.status).toBe('needs-choice');
  });
});
