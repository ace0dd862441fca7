import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { PersonSchema } from '@/lib/api';
import { browserKvStore } from '@/lib/storage/kv-store';
import { RevealStore } from '@/lib/credits';
import { HUBSPOT_PATHS } from '@/lib/crm/hubspot/paths';
import { HUBSPOT_RECORD_NAME } from '@/lib/crm/hubspot/token-store';
import { memorySecretStore } from '@/lib/settings/secret-store';
import { createHubSpotEmulator, FULL_SCOPES } from '@/tests/hubspot-emulator';
import { testLeadStore } from '@/tests/support/test-leads';
import { CrmLinks } from '@/lib/crm/crm-links';
import { HubSpotService } from './hubspot';

const BASE = 'http://127.0.0.1:9';

async function setup() {
  const hubspot = createHubSpotEmulator();
  const secrets = memorySecretStore();
  const leads = testLeadStore();
  const reveals = new RevealStore(browserKvStore(fakeBrowser.storage.local));
  const clock = { ms: 1_000_000 };
  const h = new HubSpotService({
    fetch: hubspot.fetch,
    secrets,
    leads,
    reveals,
    accountInUse: () => 'acc',
    now: () => clock.ms,
    rateOptions: { backoffBaseMs: 1, backoffMaxMs: 5 },
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
      missingProperties: ['LinkedIn URL', 'Telegram'],
    });
    expect(hubspot.contactProperties.has('linkedin_url')).toBe(false);
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
      marks: { p1: expect.objectContaining({ owner: 'Mia Owner', leadStatus: 'NEW' }), p2: null },
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
