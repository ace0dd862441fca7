import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { PersonSchema, ProjectSchema } from '@/lib/api';
import { newLead, type Lead, type LeadStatus } from '@/lib/leads/lead';
import { openLeadDb } from '@/lib/leads/lead-db';
import { createHubSpotEmulator } from '@/tests/hubspot-emulator';
import type { CrmLead } from '../crm';
import { CrmLinks } from '../crm-links';
import { checkHubSpotBase } from './base-url';
import { createHubSpotClient } from './client';
import { createHubSpotCrm } from './hubspot-crm';
import { HUBSPOT_PATHS } from './paths';
import { AccountDetailsSchema, SearchResponseSchema } from './schemas';

const BASE = 'http://127.0.0.1:9';
const fast = { backoffBaseMs: 1, backoffMaxMs: 5, minSafetyMs: 0 };

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

function setup(opts: { token?: string; windowMs?: number; wrap?: (fetch: Fetch) => Fetch } = {}) {
  const hubspot = createHubSpotEmulator({ windowMs: opts.windowMs ?? 10_000 });
  const fetch = opts.wrap ? opts.wrap(hubspot.fetch) : hubspot.fetch;
  const client = createHubSpotClient({ fetch, baseUrl: BASE, token: opts.token ?? 'pat-test', rateOptions: fast });
  const db = openLeadDb({ indexedDB: new IDBFactory(), IDBKeyRange });
  const links = new CrmLinks(db);
  const crm = createHubSpotCrm({ client, links, portalId: '4242', custom: { linkedinUrl: true, telegram: true } });
  hubspot.contactProperties.add('linkedin_url');
  hubspot.contactProperties.add('telegram');
  return { hubspot, client, crm, links };
}

function lead(n: number, extra: { status?: LeadStatus; domain?: string; notes?: string[] } = {}): Lead {
  const person = PersonSchema.parse({
    id: `p${n}`,
    firstName: `Ada${n}`,
    lastName: 'Lindqvist',
    jobTitle: 'BD lead',
    twitterHandle: `ada${n}`,
    linkedinUrl: `https://www.linkedin.com/in/ada-${n}`,
    company: ProjectSchema.parse({ id: `c${n}`, name: `Chain ${n}`, domain: extra.domain ?? `chain${n}.example` }),
  });
  const { lead: l } = newLead({ person, organization: null, accountId: 'acc', savedFrom: null, cost: { credits: 0, estimated: false } }, 1);
  return {
    ...l,
    status: extra.status ?? 'contacted',
    notes: (extra.notes ?? []).map((text, i) => ({ id: `n${n}-${i}`, at: 1_700_000_000_000 + i, text })),
  };
}
const crmLead = (l: Lead, email: string | null = null): CrmLead => ({ lead: l, email, phone: null, telegram: null });

describe('HubSpot client against the emulator', () => {
  it.each([
    ['a revoked token', 'pat-gone-1', 'unauthorized', /revoked/],
    ['an unknown token', 'nobody', 'unauthorized', /revoked/],
    ['a token without the contacts scope', 'no-scope', 'forbidden-scope', /scope/],
  ])('%s: the failure says so plainly', async (_, token, kind, words) => {
    const { hubspot, client } = setup({ token });
    hubspot.control.addToken('pat-gone-1');
    hubspot.control.revoke('pat-gone-1');
    hubspot.control.addToken('no-scope', []);
    const out = await client.call({
      method: 'POST',
      path: HUBSPOT_PATHS.search('contacts'),
      body: { filterGroups: [] },
      schema: SearchResponseSchema,
      search: true,
      resend: 'always',
    });
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error.kind).toBe(kind);
    expect(out.error.message).toMatch(words);
    expect(out.error.message).not.toContain(token);
  });

  it('an HTML page (a login wall, a wrong address) is a clear "not HubSpot" failure, never a parse crash', async () => {
    const { hubspot, client } = setup();
    hubspot.control.htmlNext(1);
    const out = await client.call({ method: 'GET', path: HUBSPOT_PATHS.accountDetails, schema: AccountDetailsSchema, resend: 'always' });
    expect(!out.ok && out.error.message).toMatch(/not HubSpot’s API/);
  });

  it('a 429 waits for the window and is sent again; a 5xx backs off and is sent again', async () => {
    const { hubspot, client } = setup({ windowMs: 50 });
    hubspot.control.rateLimitNext(1);
    hubspot.control.serverErrorNext(1);
    const out = await client.call({ method: 'GET', path: HUBSPOT_PATHS.accountDetails, schema: AccountDetailsSchema, resend: 'always' });
    expect(out.ok && out.data.portalId).toBe(4242);
    expect(hubspot.log.map((l) => l.status)).toEqual([429, 502, 200]);
  });

  it('never sends more than HubSpot’s window allows: 120 reads against 100 per window get no 429', async () => {
    const { hubspot, client } = setup({ windowMs: 300 });
    const outs = await Promise.all(
      Array.from({ length: 120 }, () =>
        client.call({ method: 'GET', path: HUBSPOT_PATHS.accountDetails, schema: AccountDetailsSchema, resend: 'always' }),
      ),
    );
    expect(outs.every((o) => o.ok)).toBe(true);
    expect(hubspot.log.filter((l) => l.status === 429)).toHaveLength(0);
  });

  it('a Professional portal announces 190 per 10 s in its headers and gets them: 150 reads in one window, none refused, none held back', async () => {
    const { hubspot, client } = setup();
    hubspot.control.setTier('professional');
    // Held to the default 100 per 10 s, the last 50 would wait ten seconds (past this test's timeout).
    const outs = await Promise.all(
      Array.from({ length: 150 }, () =>
        client.call({ method: 'GET', path: HUBSPOT_PATHS.accountDetails, schema: AccountDetailsSchema, resend: 'always' }),
      ),
    );
    expect(outs.every((o) => o.ok)).toBe(true);
    expect(hubspot.log.filter((l) => l.status === 429)).toHaveLength(0);
  });

  it.each([
    [undefined, true, 'https://api.hubapi.com'],
    ['http://127.0.0.1:4010', true, 'http://127.0.0.1:4010'],
    ['http://127.0.0.1:4010', false, null],
    ['https://evil.example', false, null],
    ['http://evil.example', true, null],
  ])('base URL %s (other addresses allowed: %s) → %s', (input, allowOther, expected) => {
    expect(checkHubSpotBase(input, allowOther)).toBe(expected);
  });
});

describe('HubSpot send against the emulator', () => {
  it.each([
    ['POST', 200],
    ['PUT', 404],
  ])('the emulator answers %s batch/associate/default as HubSpot documents it: %d', async (method, status) => {
    const { hubspot } = setup();
    const answer = await hubspot.fetch(`${BASE}${HUBSPOT_PATHS.associateDefault('contacts', 'companies')}`, {
      method,
      headers: { Authorization: 'Bearer pat-test', 'Content-Type': 'application/json' },
      body: JSON.stringify({ inputs: [] }),
    });
    expect(answer.status).toBe(status);
  });

  it('5 leads, 2 already in HubSpot: preview, then 3 created with companies and associations, 2 updated; again: nothing new', async () => {
    const { hubspot, crm } = setup();
    hubspot.control.addContact({ email: 'ada1@chain1.example', firstname: 'Ada1', hubspot_owner_id: hubspot.control.ownerId });
    hubspot.control.addContact({ twitterhandle: 'ada2', hs_lead_status: 'NEW' });
    hubspot.control.addCompany({ domain: 'chain2.example', name: 'Chain 2' });
    const leads = [
      crmLead(lead(1, { notes: ['Met at ETHDenver'] }), 'ada1@chain1.example'),
      crmLead(lead(2)),
      crmLead(lead(3), 'ada3@chain3.example'),
      crmLead(lead(4, { notes: ['Wants <b>intro</b>', 'Follow up in Q1'] })),
      crmLead(lead(5)),
      crmLead(lead(6, { status: 'do-not-contact' }), 'dnc@x.example'),
    ];

    const plan = await crm.plan(leads);
    expect(plan).toEqual({ ok: true, value: { create: 3, update: 2, skip: 0, createCompanies: 4, blocked: 1 } });
    expect(hubspot.contacts.size).toBe(2); // a preview writes nothing

    const outcomes = await crm.send(leads);
    expect(outcomes.map((o) => o.status)).toEqual(['updated', 'updated', 'created', 'created', 'created', 'blocked']);
    expect(hubspot.contacts.size).toBe(5);
    expect(hubspot.companies.size).toBe(5); // chain2 existed; 4 created
    expect([...hubspot.contacts.values()].some((c) => c.properties.email === 'dnc@x.example')).toBe(false);
    for (const c of hubspot.contacts.values()) expect(hubspot.associations.get(c.id)?.size).toBe(1);
    expect([...hubspot.contacts.values()].map((c) => c.properties.hs_lead_status)).toEqual(Array(5).fill('ATTEMPTED_TO_CONTACT'));
    expect(hubspot.notes.size).toBe(3);
    expect([...hubspot.notes.values()].map((n) => n.properties.hs_note_body)).toContain('Wants &lt;b&gt;intro&lt;/b&gt;');

    const again = await crm.send(leads);
    expect(again.map((o) => o.status)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'blocked']);
    expect([hubspot.contacts.size, hubspot.companies.size, hubspot.notes.size]).toEqual([5, 5, 3]);
    expect(await crm.plan(leads)).toEqual({ ok: true, value: { create: 0, update: 0, skip: 5, createCompanies: 0, blocked: 1 } });
  });

  it('a 429 in the middle of a send: it finishes after the wait, nothing lost, nothing doubled', async () => {
    let calls = 0;
    const { hubspot, crm } = setup({
      windowMs: 40,
      // The 4th request (past the searches, among the writes) meets a 429 with Retry-After: 0.
      wrap: (fetch) => (input, init) => {
        if (++calls === 4) hubspot.control.rateLimitNext(1, 0);
        return fetch(input, init);
      },
    });
    const leads = [1, 2, 3].map((n) => crmLead(lead(n, { notes: ['hello'] })));
    const outcomes = await crm.send(leads);
    expect(hubspot.log.filter((l) => l.status === 429)).toHaveLength(1);
    expect(outcomes.map((o) => o.status)).toEqual(['created', 'created', 'created']);
    expect([hubspot.contacts.size, hubspot.companies.size, hubspot.notes.size]).toEqual([3, 3, 3]);
  });

  it('a send cut off after the contacts were created is resumed without creating them again (the ids are on the lead)', async () => {
    const { hubspot, crm, links } = setup();
    const leads = [crmLead(lead(1)), crmLead(lead(2))];
    // The company create is lost on the way (never resent: it may have created): contacts exist, companies do not.
    const client = createHubSpotClient({
      fetch: (input, init) =>
        input.endsWith(HUBSPOT_PATHS.batchCreate('companies'))
          ? Promise.reject(new TypeError('Failed to fetch'))
          : hubspot.fetch(input, init),
      baseUrl: BASE,
      token: 'pat-test',
      rateOptions: fast,
    });
    const cut = createHubSpotCrm({ client, links, portalId: '4242', custom: { linkedinUrl: true, telegram: true } });
    const first = await cut.send(leads);
    expect(first.map((o) => o.status)).toEqual(['failed', 'failed']);
    expect(first[0]?.reason).toMatch(/could not be reached/);
    expect(hubspot.contacts.size).toBe(2);
    expect((await links.get('4242', ['p1'])).get('p1')?.outcome.status).toBe('failed');

    // Retry: the kept contact ids are used (even if HubSpot's search has not indexed them yet).
    const retried = await crm.send(leads);
    expect(retried.map((o) => o.status)).toEqual(['updated', 'updated']);
    expect([hubspot.contacts.size, hubspot.companies.size]).toEqual([2, 2]);
  });

  it('findPeople: one search marks who is in HubSpot, with the owner’s name and lead status', async () => {
    const { hubspot, crm } = setup();
    hubspot.control.addContact({ email: 'ada1@x.example', hubspot_owner_id: hubspot.control.ownerId, hs_lead_status: 'IN_PROGRESS' });
    hubspot.control.addContact({ linkedin_url: 'https://www.linkedin.com/in/ada-2' });
    const out = await crm.findPeople([
      { personId: 'p1', email: 'ADA1@x.example', linkedinUrl: null, xHandle: null },
      { personId: 'p2', email: null, linkedinUrl: 'https://www.linkedin.com/in/ada-2/', xHandle: null },
      { personId: 'p3', email: null, linkedinUrl: null, xHandle: 'nobody' },
    ]);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value.get('p1')).toMatchObject({ owner: 'Mia Owner', leadStatus: 'IN_PROGRESS' });
    expect(out.value.get('p2')).toMatchObject({ owner: null });
    expect(out.value.has('p3')).toBe(false);
    expect(hubspot.count(HUBSPOT_PATHS.search('contacts'))).toBe(1);
  });
});
