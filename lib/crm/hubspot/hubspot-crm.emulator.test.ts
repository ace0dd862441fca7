import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { PersonSchema, ProjectSchema } from '@/lib/api';
import { newLead, type Lead, type LeadStatus } from '@/lib/leads/lead';
import { openLeadDb } from '@/lib/leads/lead-db';
import { createHubSpotEmulator } from '@/tests/hubspot-emulator';
import { HUBSPOT_CUSTOM_PROPERTIES } from '@/lib/leads/export/crm-status';
import { contactFromLead } from '@/lib/leads/export/contact';
import type { CrmLead, CrmPlanItem } from '../crm';
import { CrmLinks } from '../crm-links';
import { checkHubSpotBase } from './base-url';
import { createHubSpotClient } from './client';
import { HubSpotCrm } from './hubspot-crm';
import { HUBSPOT_PATHS } from './paths';
import type { CustomProperties } from './properties';
import { AccountDetailsSchema, ResultsSchema } from './schemas';

const BASE = 'http://127.0.0.1:9';
const fast = { backoffBaseMs: 1, backoffMaxMs: 5, minSafetyMs: 0 };

type Fetch = (input: string, init: RequestInit) => Promise<Response>;

const ALL: CustomProperties = {
  linkedinUrl: true,
  telegram: true,
  directoryId: true,
  tags: true,
  followUp: true,
  xId: true,
  noteKey: true,
  taskKey: true,
};

/** The extension's own properties, created in the portal through HubSpot's properties API (as Connect does). */
async function defineProperties(hubspot: ReturnType<typeof createHubSpotEmulator>, custom: CustomProperties): Promise<void> {
  for (const [key, def] of Object.entries(HUBSPOT_CUSTOM_PROPERTIES)) {
    if (!custom[key as keyof CustomProperties]) continue;
    await hubspot.fetch(`${BASE}${HUBSPOT_PATHS.properties(def.object)}`, {
      method: 'POST',
      headers: { Authorization: 'Bearer pat-test', 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: def.name,
        label: def.label,
        type: def.type,
        fieldType: 'text',
        groupName: 'x',
        hasUniqueValue: def.unique,
      }),
    });
  }
}

function setup(
  opts: {
    token?: string;
    windowMs?: number;
    wrap?: (fetch: Fetch) => Fetch;
    custom?: CustomProperties;
    emulator?: Parameters<typeof createHubSpotEmulator>[0];
  } = {},
) {
  const hubspot = createHubSpotEmulator({ windowMs: opts.windowMs ?? 10_000, ...opts.emulator });
  const fetch = opts.wrap ? opts.wrap(hubspot.fetch) : hubspot.fetch;
  const client = createHubSpotClient({ fetch, baseUrl: BASE, token: opts.token ?? 'pat-test', rateOptions: fast });
  const db = openLeadDb({ indexedDB: new IDBFactory(), IDBKeyRange });
  const links = new CrmLinks(db);
  const custom = opts.custom ?? ALL;
  const crm = new HubSpotCrm({ client, links, portalId: '4242', custom });
  const ready = () => defineProperties(hubspot, custom);
  return { hubspot, client, crm, links, ready };
}

function lead(
  n: number,
  extra: {
    status?: LeadStatus;
    domain?: string;
    notes?: string[];
    followUpOn?: string;
    first?: string;
    last?: string;
    handle?: string | null;
    linkedin?: string | null;
    company?: string;
    title?: string;
  } = {},
): Lead {
  const person = PersonSchema.parse({
    id: `p${n}`,
    firstName: extra.first ?? `Ada${n}`,
    lastName: extra.last ?? 'Lindqvist',
    jobTitle: extra.title ?? 'BD lead',
    twitterHandle: extra.handle === undefined ? `ada${n}` : extra.handle,
    linkedinUrl: extra.linkedin === undefined ? `https://www.linkedin.com/in/ada-${n}` : extra.linkedin,
    company: ProjectSchema.parse({ id: `c${n}`, name: extra.company ?? `Chain ${n}`, domain: extra.domain ?? `chain${n}.example` }),
  });
  const { lead: l } = newLead({ person, organization: null, accountId: 'acc', savedFrom: null, cost: { credits: 0, estimated: false } }, 1);
  return {
    ...l,
    status: extra.status ?? 'contacted',
    notes: (extra.notes ?? []).map((text, i) => ({ id: `n${n}-${i}`, at: 1_700_000_000_000 + i, text })),
    followUpOn: extra.followUpOn ?? null,
  };
}
/** A lead as the one contact mapping makes it, with a revealed email when given. */
const crmLead = (l: Lead, email: string | null = null): CrmLead => ({
  lead: l,
  contact: { ...contactFromLead(l, undefined, 'acc'), email },
});
const actions = (items: readonly CrmPlanItem[]) => Object.fromEntries(items.map((i) => [i.personId, i.action]));

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
      schema: ResultsSchema,
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

/** Live (not archived) records of a kind the emulator holds. */
const live = <T extends object>(records: ReadonlyMap<string, T>) => [...records.values()].filter((r) => !('archived' in r && r.archived));

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

  it('5 leads, 2 already in HubSpot: preview by name, then 3 created with companies and associations, 2 linked; again: nothing new', async () => {
    const { hubspot, crm, ready } = setup();
    await ready();
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
    if (!plan.ok) throw new Error(plan.error.message);
    expect(actions(plan.value.items)).toEqual({ p1: 'link', p2: 'link', p3: 'create', p4: 'create', p5: 'create', p6: 'blocked' });
    expect(plan.value.items[0]).toMatchObject({ name: 'Ada1 Lindqvist', matchedBy: 'identifier', contact: { owner: 'Mia Owner' } });
    // chain2 is in HubSpot; the other four are new (one company per lead that would create it).
    expect(plan.value.items.map((i) => i.newCompany)).toEqual([
      'chain1.example',
      null,
      'chain3.example',
      'chain4.example',
      'chain5.example',
      null,
    ]);
    expect(hubspot.contacts.size).toBe(2); // a preview writes nothing

    const outcomes = await crm.send(leads);
    expect(outcomes.map((o) => o.status)).toEqual(['linked', 'linked', 'created', 'created', 'created', 'blocked']);
    expect(hubspot.contacts.size).toBe(5);
    expect(hubspot.companies.size).toBe(5); // chain2 existed; 4 created
    expect([...hubspot.contacts.values()].some((c) => c.properties.email === 'dnc@x.example')).toBe(false);
    for (const c of hubspot.contacts.values()) expect(hubspot.associations.get(c.id)?.size).toBe(1);
    expect([...hubspot.contacts.values()].map((c) => c.properties.hs_lead_status)).toEqual(Array(5).fill('ATTEMPTED_TO_CONTACT'));
    // Every contact carries the extension's id and the lead's LinkedIn URL.
    expect([...hubspot.contacts.values()].map((c) => c.properties.crypto_directory_id).sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect([...hubspot.contacts.values()].every((c) => /linkedin\.com\/in\/ada-\d$/.test(c.properties.linkedin_url ?? ''))).toBe(true);
    expect(hubspot.notes.size).toBe(3);
    expect([...hubspot.notes.values()].map((n) => n.properties.hs_note_body)).toContain('Wants &lt;b&gt;intro&lt;/b&gt;');
    for (const n of hubspot.notes.values()) expect(n.contactIds).toHaveLength(1);

    const again = await crm.send(leads);
    expect(again.map((o) => o.status)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged', 'unchanged', 'blocked']);
    expect([hubspot.contacts.size, hubspot.companies.size, hubspot.notes.size]).toEqual([5, 5, 3]);
    const replan = await crm.plan(leads);
    expect(replan.ok && actions(replan.value.items)).toEqual({ p1: 'skip', p2: 'skip', p3: 'skip', p4: 'skip', p5: 'skip', p6: 'blocked' });
  });

  it.each([
    ['created at Connect: the contact carries the X user id', true, '1456432000471212032'],
    ['missing (no consent): the rest is sent without it', false, undefined],
  ])('the X user id property %s', async (_, xId, stored) => {
    const { hubspot, crm, ready } = setup({ custom: { ...ALL, xId } });
    await ready();
    const x = { id: '1456432000471212032', handles: [{ handle: 'ada8', at: 1 }] };
    const [out] = await crm.send([crmLead({ ...lead(8), xAccount: x })]);
    expect(out?.status).toBe('created');
    const [contact] = live(hubspot.contacts);
    expect(contact?.properties).toMatchObject({ crypto_directory_id: 'p8', twitterhandle: 'ada8' });
    expect(contact?.properties.crypto_directory_x_id).toBe(stored);
  });

  it('a teammate’s "Mei Tanaka" (email, owner, status, title) and our Mei without an email: linked by name + company, nothing of theirs overwritten', async () => {
    const { hubspot, crm, ready } = setup();
    await ready();
    const theirs = hubspot.control.addContact({
      email: 'mei@harborline.example',
      firstname: 'Mei',
      lastname: 'Tanaka',
      company: 'Harborline',
      jobtitle: 'VP Partnerships',
      hs_lead_status: 'IN_PROGRESS',
      hubspot_owner_id: hubspot.control.ownerId,
    });
    const mei = crmLead(
      lead(7, { first: 'Mei', last: 'Tanaka', company: 'Harborline', title: 'Head of BD', handle: null, linkedin: null, status: 'new' }),
    );
    const plan = await crm.plan([mei]);
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.items[0]).toMatchObject({
      action: 'link',
      matchedBy: 'name',
      contact: { contactId: theirs.id, owner: 'Mia Owner', leadStatus: 'In Progress' },
      // Ours is New (nobody's decision): not even offered over theirs. The title is the rep's to pick.
      conflicts: [{ field: 'jobTitle', theirs: 'VP Partnerships', ours: 'Head of BD' }],
    });
    const [out] = await crm.send([mei]);
    expect(out?.status).toBe('linked');
    expect(hubspot.contacts.size).toBe(1);
    // Theirs stay: status, title (not picked), owner, email.
    expect(hubspot.contacts.get(theirs.id)?.properties).toMatchObject({
      hs_lead_status: 'IN_PROGRESS',
      jobtitle: 'VP Partnerships',
      hubspot_owner_id: hubspot.control.ownerId,
      email: 'mei@harborline.example',
      crypto_directory_id: 'p7',
    });
  });

  it('a teammate’s status ours would change is listed; kept unless the rep picks ours', async () => {
    const { hubspot, crm, ready } = setup();
    await ready();
    const theirs = hubspot.control.addContact({
      firstname: 'Mei',
      lastname: 'Tanaka',
      company: 'Harborline',
      jobtitle: 'VP',
      hs_lead_status: 'IN_PROGRESS',
    });
    const mei = crmLead(
      lead(7, {
        first: 'Mei',
        last: 'Tanaka',
        company: 'Harborline',
        title: 'Head of BD',
        handle: null,
        linkedin: null,
        status: 'replied',
      }),
    );
    const plan = await crm.plan([mei]);
    expect(plan.ok && plan.value.items[0]?.conflicts).toEqual([
      { field: 'leadStatus', theirs: 'In Progress', ours: 'Connected' },
      { field: 'jobTitle', theirs: 'VP', ours: 'Head of BD' },
    ]);
    await crm.send([mei]);
    expect(hubspot.contacts.get(theirs.id)?.properties).toMatchObject({ hs_lead_status: 'IN_PROGRESS', jobtitle: 'VP' });
    // Decided once: the next send does not ask again, and still keeps theirs.
    const again = await crm.plan([mei]);
    expect(again.ok && again.value.items[0]).toMatchObject({ action: 'skip', conflicts: [] });
    await crm.send([mei], [{ personId: 'p7', useOurs: ['leadStatus'] }]);
    expect(hubspot.contacts.get(theirs.id)?.properties).toMatchObject({ hs_lead_status: 'CONNECTED', jobtitle: 'VP' });
  });

  it('two same-name contacts at the same company: the rep is asked; nothing is written until they choose', async () => {
    const { hubspot, crm, links, ready } = setup();
    await ready();
    const a = hubspot.control.addContact({ firstname: 'Mei', lastname: 'Tanaka', company: 'Harborline', email: 'mei@a.example' });
    const b = hubspot.control.addContact({
      firstname: 'mei',
      lastname: 'TANAKA',
      company: 'Harborline',
      email: 'mei@b.example',
      hubspot_owner_id: '78',
      jobtitle: 'CTO',
    });
    const mei = crmLead(lead(7, { first: 'Mei', last: 'Tanaka', company: 'Harborline', handle: null, linkedin: null }));
    const plan = await crm.plan([mei]);
    if (!plan.ok) throw new Error(plan.error.message);
    expect(plan.value.items[0]).toMatchObject({ action: 'choose', contact: null });
    expect(plan.value.items[0]?.candidates.map((c) => c.contactId).sort()).toEqual([a.id, b.id].sort());
    // Each candidate says what linking to it would raise: b's title is a teammate's, a's is empty (filled).
    const conflictsOf = (id: string) => plan.value.items[0]?.candidates.find((c) => c.contactId === id)?.conflicts;
    expect([conflictsOf(a.id), conflictsOf(b.id)]).toEqual([[], [{ field: 'jobTitle', theirs: 'CTO', ours: 'BD lead' }]]);
    const writes = () =>
      hubspot.log.filter(
        (l) =>
          !l.path.endsWith('/search') && !l.path.includes('/batch/read') && !l.path.includes('/properties') && !l.path.includes('/owners'),
      );
    hubspot.log.splice(0);
    const [held] = await crm.send([mei]);
    expect(held).toMatchObject({ status: 'needs-choice', reason: expect.stringMatching(/pick one/) });
    expect(writes()).toEqual([]);
    expect((await links.get('4242', ['p7'])).get('p7')?.outcome.status).toBe('needs-choice');
    const [chosen] = await crm.send([mei], [{ personId: 'p7', contactId: b.id }]);
    expect(chosen?.status).toBe('linked');
    expect(hubspot.contacts.size).toBe(2);
    expect(hubspot.contacts.get(b.id)?.properties.crypto_directory_id).toBe('p7');
  });

  it('"Keep HubSpot up to date" holds a name-only match or a teammate’s value ours would change, and writes nothing of it', async () => {
    const { hubspot, crm, ready } = setup();
    await ready();
    hubspot.control.addContact({ firstname: 'Mei', lastname: 'Tanaka', company: 'Harborline' });
    hubspot.control.addContact({ email: 'jonas@x.example', jobtitle: 'CTO' });
    const before = hubspot.contacts.size;
    const outcomes = await crm.send(
      [
        crmLead(lead(7, { first: 'Mei', last: 'Tanaka', company: 'Harborline', handle: null, linkedin: null })),
        crmLead(lead(8, { first: 'Jonas', title: 'Head of BD' }), 'jonas@x.example'),
        crmLead(lead(9)),
      ],
      [],
      'auto',
    );
    expect(outcomes.map((o) => o.status)).toEqual(['needs-choice', 'needs-choice', 'created']);
    // Said for what it is: one possible contact to confirm, not "several".
    expect(outcomes[0]?.reason).toMatch(/teammate/);
    expect(hubspot.contacts.size).toBe(before + 1);
    expect([...hubspot.contacts.values()].find((c) => c.properties.email === 'jonas@x.example')?.properties.jobtitle).toBe('CTO');
  });

  it('a follow-up is one task (due that day, on the contact); a new date updates it; cleared, it is completed; sending twice makes nothing new', async () => {
    const { hubspot, crm, ready } = setup();
    await ready();
    const l = lead(1, { followUpOn: '2026-12-03' });
    await crm.send([crmLead(l)]);
    const tasks = () => live(hubspot.tasks);
    expect(tasks()).toHaveLength(1);
    const [task] = tasks();
    expect(task?.properties).toMatchObject({ hs_task_subject: 'Follow up: Ada1 Lindqvist', hs_task_status: 'NOT_STARTED' });
    expect(task?.properties.hs_timestamp).toMatch(/^2026-12-03T/);
    expect(task?.contactIds).toEqual([[...hubspot.contacts.values()][0]?.id]);
    await crm.send([crmLead(l)]);
    expect(tasks()).toHaveLength(1);
    await crm.send([crmLead({ ...l, followUpOn: '2026-12-10', updatedAt: l.updatedAt + 1 })]);
    expect(tasks()).toHaveLength(1);
    expect(tasks()[0]?.properties.hs_timestamp).toMatch(/^2026-12-10T/);
    await crm.send([crmLead({ ...l, followUpOn: null, updatedAt: l.updatedAt + 2 })]);
    expect(tasks().map((t) => t.properties.hs_task_status)).toEqual(['COMPLETED']);
  });

  it.each([
    ['the browser resends a create whose answer was lost before any byte', 'resend'],
    ['the create’s answer is lost, then the rep sends again', 'lose'],
  ])('%s: one contact, one note, one task per lead', async (_, fault) => {
    const { hubspot, crm, ready } = setup();
    await ready();
    const leads = [1, 2].map((n) =>
      crmLead(lead(n, { notes: ['Met at Token2049'], followUpOn: '2026-12-03', handle: null, linkedin: null })),
    );
    for (const path of [HUBSPOT_PATHS.batchUpsert('contacts'), HUBSPOT_PATHS.batchUpsert('notes'), HUBSPOT_PATHS.batchUpsert('tasks')]) {
      if (fault === 'resend') hubspot.control.resendNext(path);
      else hubspot.control.loseAnswerNext(1, path);
      await crm.send(leads);
    }
    await crm.send(leads);
    expect([live(hubspot.contacts).length, live(hubspot.notes).length, live(hubspot.tasks).length]).toEqual([2, 2, 2]);
    for (const n of live(hubspot.notes)) expect(n.contactIds).toHaveLength(1);
  });

  it('a portal that refuses the note and task keys: notes and the task are created once and kept by id', async () => {
    const custom = { ...ALL, noteKey: false, taskKey: false };
    const { hubspot, crm, ready } = setup({ custom });
    await ready();
    const l = lead(1, { notes: ['hello'], followUpOn: '2026-12-03' });
    await crm.send([crmLead(l)]);
    await crm.send([crmLead({ ...l, followUpOn: '2026-12-04', updatedAt: l.updatedAt + 1 })]);
    expect([live(hubspot.notes).length, live(hubspot.tasks).length]).toEqual([1, 1]);
    expect(live(hubspot.tasks)[0]?.properties.hs_timestamp).toMatch(/^2026-12-04T/);
  });

  it('a portal that refuses the note and task keys, and a create whose answer is lost while search lags: the copy is adopted or archived, one note and one task remain', async () => {
    const { hubspot, crm, ready } = setup({ custom: { ...ALL, noteKey: false, taskKey: false } });
    await ready();
    const l0 = lead(1, { notes: ['hello'] });
    const l = { ...l0, followUpOn: '2026-12-03', updatedAt: l0.updatedAt + 1 };
    // A create is made and its answer lost, then sent again while search does not see it yet: two copies.
    hubspot.control.setSearchLag(60_000);
    hubspot.control.loseAnswerNext(1, HUBSPOT_PATHS.batchCreate('notes'));
    await crm.send([crmLead(l0)]);
    await crm.send([crmLead(l0)]);
    hubspot.control.loseAnswerNext(1, HUBSPOT_PATHS.batchCreate('tasks'));
    await crm.send([crmLead(l)]);
    await crm.send([crmLead(l)]);
    expect([live(hubspot.notes).length, live(hubspot.tasks).length]).toEqual([2, 2]);
    // Search catches up: the next send finds the copies by what they say and archives the extra ones.
    hubspot.control.setSearchLag(0);
    await crm.send([crmLead(l)]);
    expect([live(hubspot.notes).length, live(hubspot.tasks).length]).toEqual([1, 1]);
    await crm.send([crmLead({ ...l, followUpOn: '2026-12-05', updatedAt: l.updatedAt + 1 })]);
    expect(live(hubspot.tasks).map((t) => t.properties.hs_timestamp?.slice(0, 10))).toEqual(['2026-12-05']);
  });

  it('a 429 in the middle of a send: it finishes after the wait, nothing lost, nothing doubled', async () => {
    let calls = 0;
    const { hubspot, crm, ready } = setup({
      windowMs: 40,
      // The 7th request (past the searches, among the writes: the association) meets a 429 with Retry-After: 0.
      wrap: (fetch) => (input, init) => {
        if (++calls === 7) hubspot.control.rateLimitNext(1, 0);
        return fetch(input, init);
      },
    });
    await ready();
    const leads = [1, 2, 3].map((n) => crmLead(lead(n, { notes: ['hello'] })));
    const outcomes = await crm.send(leads);
    expect(hubspot.log.filter((l) => l.status === 429)).toHaveLength(1);
    expect(outcomes.map((o) => o.status)).toEqual(['created', 'created', 'created']);
    expect([hubspot.contacts.size, hubspot.companies.size, hubspot.notes.size]).toEqual([3, 3, 3]);
  });

  it('a 429 during the preview is waited out and the preview completes', async () => {
    const { hubspot, crm, ready } = setup({ windowMs: 40 });
    await ready();
    hubspot.control.rateLimitAt(HUBSPOT_PATHS.search('contacts'), 0);
    const plan = await crm.plan([crmLead(lead(1))]);
    expect(plan.ok && actions(plan.value.items)).toEqual({ p1: 'create' });
    expect(hubspot.log.filter((l) => l.status === 429)).toHaveLength(1);
  });

  it('a send cut off after the contacts were created is resumed without creating them again (the ids are on the lead)', async () => {
    const { hubspot, crm, links, ready } = setup();
    await ready();
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
    const cut = new HubSpotCrm({ client, links, portalId: '4242', custom: ALL });
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

  it('findPeople: one search marks who is in HubSpot, with the owner’s name and the status as the portal labels it', async () => {
    const { hubspot, crm, ready } = setup();
    await ready();
    hubspot.control.addContact({ email: 'ada1@x.example', hubspot_owner_id: hubspot.control.ownerId, hs_lead_status: 'IN_PROGRESS' });
    hubspot.control.addContact({ linkedin_url: 'https://www.linkedin.com/in/ada-2' });
    const out = await crm.findPeople([
      { personId: 'p1', email: 'ADA1@x.example', linkedinUrl: null, xHandle: null },
      { personId: 'p2', email: null, linkedinUrl: 'https://www.linkedin.com/in/ada-2/', xHandle: null },
      { personId: 'p3', email: null, linkedinUrl: null, xHandle: 'nobody' },
    ]);
    expect(out.ok).toBe(true);
    if (!out.ok) return;
    expect(out.value.get('p1')).toMatchObject({ owner: 'Mia Owner', leadStatus: 'In Progress' });
    expect(out.value.get('p2')).toMatchObject({ owner: null });
    expect(out.value.has('p3')).toBe(false);
    expect(hubspot.count(HUBSPOT_PATHS.search('contacts'))).toBe(1);
  });
});
