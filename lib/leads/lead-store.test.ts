import { describe, expect, it } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { Dexie } from 'dexie';
import { PersonSchema, ProjectSchema } from '@/lib/api';
import { testLeadStore } from '@/tests/support/test-leads';
import { LEAD_DB_VERSIONS, openLeadDb } from './lead-db';
import { LeadStore } from './lead-store';
import { readBackup } from './lead-backup';

const person = (id: string, extra: Record<string, unknown> = {}) =>
  PersonSchema.parse({
    id,
    firstName: 'Ada',
    lastName: id,
    jobTitle: 'BD',
    company: ProjectSchema.parse({ id: 'prj', name: 'Acme' }),
    ...extra,
  });

function clock(start = 1_000) {
  const c = { ms: start, now: () => c.ms };
  return c;
}

describe('LeadStore', () => {
  it('saves once: a second save changes nothing', async () => {
    const leads = testLeadStore();
    const first = await leads.save({ person: person('p1'), organization: null, accountId: 'acc', savedFrom: null });
    await leads.update('p1', { status: 'contacted' });
    const second = await leads.save({ person: person('p1', { jobTitle: 'CEO' }), organization: null, accountId: 'acc', savedFrom: null });
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, lead: { status: 'contacted', title: 'BD' } });
    expect(await leads.all()).toHaveLength(1);
  });

  it('books costs as they happen: earlier ones when saved, later ones onto the lead', async () => {
    const leads = testLeadStore();
    await leads.bookCosts([{ personId: 'p1', accountId: 'acc', at: 1, credits: 2.5, estimated: false, what: 'lookup' }]);
    await leads.save({ person: person('p1'), organization: null, accountId: 'acc', savedFrom: null });
    expect((await leads.get('p1'))?.cost).toEqual({ credits: 2.5, estimated: false });
    await leads.bookCosts([
      { personId: 'p1', accountId: 'acc', at: 2, credits: 10, estimated: true, what: 'reveal' },
      { personId: 'other', accountId: 'acc', at: 2, credits: 5, estimated: false, what: 'details' },
    ]);
    expect((await leads.get('p1'))?.cost).toEqual({ credits: 12.5, estimated: true });
    expect(await leads.get('other')).toBeUndefined();
  });

  it('status, tags, notes and follow-ups; the status date moves only when the status changes', async () => {
    const c = clock();
    const leads = testLeadStore(c.now);
    await leads.save({ person: person('p1'), organization: null, accountId: 'acc', savedFrom: null });
    c.ms = 2_000;
    await leads.update('p1', { status: 'meeting', tags: ['defi', ' DeFi ', 'fund'], followUpOn: '2026-12-01' });
    c.ms = 3_000;
    await leads.update('p1', { status: 'meeting', followUpOn: 'not a date' });
    await leads.addNote('p1', '  Met at Token2049\n\n\n\nfollow up  ');
    await leads.addNote('p1', '   ');
    const lead = await leads.get('p1');
    expect(lead).toMatchObject({ status: 'meeting', statusAt: 2_000, tags: ['defi', 'fund'], followUpOn: null, updatedAt: 3_000 });
    expect(lead?.notes.map((n) => n.text)).toEqual(['Met at Token2049\n\nfollow up']);
  });

  it('bulk changes and delete with undo', async () => {
    const leads = testLeadStore();
    for (const id of ['a', 'b', 'c']) await leads.save({ person: person(id), organization: null, accountId: 'acc', savedFrom: null });
    await leads.bulkUpdate(['a', 'b'], { status: 'contacted', addTags: ['q4'] });
    await leads.bulkUpdate(['a'], { removeTags: ['Q4'] });
    expect((await leads.all()).map((l) => [l.personId, l.status, l.tags])).toEqual([
      ['a', 'contacted', []],
      ['b', 'contacted', ['q4']],
      ['c', 'new', []],
    ]);
    const removed = await leads.remove(['a', 'b']);
    expect(await leads.all()).toHaveLength(1);
    expect(await leads.snapshot('a')).toBeUndefined();
    await leads.putBack(removed);
    expect((await leads.all()).map((l) => l.personId)).toEqual(['a', 'b', 'c']);
    expect((await leads.snapshot('a'))?.person.id).toBe('a');
  });

  it('counts follow-ups due today and before, never for Do not contact', async () => {
    const leads = testLeadStore();
    const days = { a: '2026-11-25', b: '2026-11-26', c: '2026-11-27', d: '2026-11-01' };
    for (const [id, day] of Object.entries(days)) {
      await leads.save({ person: person(id), organization: null, accountId: 'acc', savedFrom: null });
      await leads.update(id, { followUpOn: day });
    }
    await leads.update('d', { status: 'do-not-contact' });
    expect(await leads.dueCount('2026-11-26')).toBe(2);
  });

  it('a refreshed snapshot updates the record fields and keeps the rep’s', async () => {
    const c = clock();
    const leads = testLeadStore(c.now);
    await leads.save({ person: person('p1'), organization: null, accountId: 'acc', savedFrom: 'https://x.com/a' });
    await leads.update('p1', { status: 'replied', tags: ['vip'] });
    c.ms = 9_000;
    expect((await leads.snapshot('p1'))?.fetchedBy).toBe('acc');
    // Refreshed under another account: the record is that account's, the lead stays the first's.
    await leads.refreshSnapshot(person('p1', { jobTitle: 'CEO' }), null, 'other');
    expect(await leads.get('p1')).toMatchObject({
      title: 'CEO',
      status: 'replied',
      tags: ['vip'],
      snapshotAt: 9_000,
      savedFrom: 'https://x.com/a',
      accountId: 'acc',
    });
    expect(await leads.snapshot('p1')).toMatchObject({ person: { jobTitle: 'CEO' }, fetchedBy: 'other' });
  });

  it('back up → fresh database → restore gives the same leads; restoring twice adds nothing', async () => {
    const source = testLeadStore();
    await source.save({ person: person('p1'), organization: null, accountId: 'acc', savedFrom: null });
    await source.addNote('p1', 'first call');
    await source.update('p1', { status: 'won', tags: ['a'] });
    const file = JSON.stringify(await source.backup());

    const target = testLeadStore();
    const read = readBackup(file);
    if (!read.ok) throw new Error(read.message);
    const checked = { foreignRecords: 0, futureDated: 0, keptDoNotContact: 0 };
    expect(await target.restore(read.backup)).toEqual({ added: 1, updated: 0, ...checked });
    expect(await target.restore(read.backup)).toEqual({ added: 0, updated: 0, ...checked });
    expect(await target.all()).toEqual(await source.all());
    // The record comes back, but not whose account fetched it: a file proves nothing of that (a reveal
    // of it is quoted as a first reveal: lib/credits/quote.ts `revealEndpoint`).
    const { fetchedBy, ...record } = (await source.snapshot('p1'))!;
    expect(fetchedBy).toBe('acc');
    expect(await target.snapshot('p1')).toEqual(record);
  });

  it('restore checks what it restores: another person’s record is left out, a future status lifts no local "Do not contact"', async () => {
    const c = clock(10_000);
    const target = testLeadStore(c.now);
    await target.save({ person: person('per_dario'), organization: null, accountId: 'acc', savedFrom: null });
    await target.update('per_dario', { status: 'do-not-contact' });
    const ahead = c.ms + 30 * 86_400_000;
    // Written by a store whose clock ran 30 days ahead, then doctored: Ana's snapshot is Dario's record.
    const source = testLeadStore(() => ahead);
    await source.save({
      person: person('per_ana', { firstName: 'Ana', lastName: 'Ruiz' }),
      organization: null,
      accountId: 'acc',
      savedFrom: null,
    });
    await source.save({ person: person('per_dario'), organization: null, accountId: 'acc', savedFrom: null });
    await source.update('per_dario', { status: 'contacted' });
    const backup = await source.backup();
    const doctored = {
      ...backup,
      snapshots: backup.snapshots.map((s) => (s.personId === 'per_ana' ? { ...s, person: person('per_dario') } : s)),
    };
    const read = readBackup(JSON.stringify(doctored));
    if (!read.ok) throw new Error(read.message);

    c.ms += 1_000;
    expect(await target.restore(read.backup)).toEqual({ added: 1, updated: 0, foreignRecords: 1, futureDated: 2, keptDoNotContact: 1 });
    expect(await target.snapshot('per_ana')).toBeUndefined();
    expect(await target.get('per_ana')).toMatchObject({ name: 'Ana Ruiz', updatedAt: c.ms, statusAt: c.ms });
    expect(await target.get('per_dario')).toMatchObject({ status: 'do-not-contact', updatedAt: 10_000 });
    expect((await target.snapshot('per_dario'))?.at).toBe(10_000);
  });

  describe('X accounts', () => {
    // @AdaQuant's X user id, renamed to @ada_eth on Nov 27.
    const ID = '1456432000471212032';
    const NOV_12 = Date.UTC(2026, 10, 12);
    const NOV_27 = Date.UTC(2026, 10, 27);
    const before = { id: ID, handles: [{ handle: 'AdaQuant', at: NOV_12 }] };
    const renamed = { id: ID, handles: [...before.handles, { handle: 'ada_eth', at: NOV_27 }] };
    const working = async (leads: LeadStore) => {
      await leads.save({ person: person('p1', { twitterHandle: 'AdaQuant' }), organization: null, accountId: 'acc', savedFrom: null });
      await leads.update('p1', { status: 'meeting', tags: ['vip'], followUpOn: '2026-12-01' });
      await leads.addNote('p1', 'Met at Devcon');
    };
    const rep = { status: 'meeting', tags: ['vip'], followUpOn: '2026-12-01', notes: [{ text: 'Met at Devcon' }] };

    it.each([
      ['sawXAccount', (leads: LeadStore) => leads.sawXAccount('p1', renamed)],
      [
        'a save with a newer X account',
        async (leads: LeadStore) =>
          (await leads.save({ person: person('p1'), organization: null, accountId: 'acc', savedFrom: null, xAccount: renamed })).lead,
      ],
    ])('%s: the handle follows the account, its history and the rep’s fields kept', async (_, see) => {
      const leads = testLeadStore();
      await working(leads);
      await leads.sawXAccount('p1', before);
      const expected = { ...rep, xHandle: 'ada_eth', xAccount: renamed };
      expect(await see(leads)).toMatchObject(expected);
      expect(await leads.get('p1')).toMatchObject(expected);
      expect(await leads.all()).toHaveLength(1);
    });

    it('found by its X id whatever its handle now; none for an unknown id or a person who is not a lead', async () => {
      const leads = testLeadStore();
      await working(leads);
      expect(await leads.byXId(ID)).toBeUndefined();
      await leads.sawXAccount('p1', renamed);
      expect((await leads.byXId(ID))?.personId).toBe('p1');
      expect(await leads.byXId('44196397')).toBeUndefined();
      expect(await leads.sawXAccount('not-a-lead', renamed)).toBeNull();
      expect(await leads.get('not-a-lead')).toBeUndefined();
    });

    it('a new lead saved with its account; its snapshot refreshed keeps the account and its handle now', async () => {
      const c = clock();
      const leads = testLeadStore(c.now);
      await leads.save({
        person: person('p1', { twitterHandle: 'AdaQuant' }),
        organization: null,
        accountId: 'acc',
        savedFrom: null,
        xAccount: renamed,
      });
      c.ms = 9_000;
      // The directory still lists the old handle.
      await leads.refreshSnapshot(person('p1', { twitterHandle: 'AdaQuant', jobTitle: 'CEO' }), null, 'acc');
      expect(await leads.get('p1')).toMatchObject({ title: 'CEO', xHandle: 'ada_eth', xAccount: renamed });
    });
  });

  it('survives a reopen (a worker or browser restart opens the same database again)', async () => {
    const factory = new IDBFactory();
    const open = () => new LeadStore(openLeadDb({ indexedDB: factory, IDBKeyRange }));
    await open().save({ person: person('p1'), organization: null, accountId: 'acc', savedFrom: null });
    expect((await open().get('p1'))?.personId).toBe('p1');
  });
});

describe('lead database migrations', () => {
  it('v1 → current: a v1 lead gets a zero cost and the costs store exists', async () => {
    const factory = new IDBFactory();
    const v1 = new Dexie('crypto-directory-leads', { indexedDB: factory, IDBKeyRange });
    v1.version(1).stores(LEAD_DB_VERSIONS[1]);
    const { lead, snapshot } = (await import('./lead')).newLead(
      { person: person('old'), organization: null, accountId: 'acc', savedFrom: null, cost: { credits: 0, estimated: false } },
      1,
    );
    const { cost: _cost, ...v1Lead } = lead;
    await v1.table('leads').put({ ...v1Lead, tags: ['x'] });
    await v1.table('snapshots').put(snapshot);
    v1.close();

    const store = new LeadStore(openLeadDb({ indexedDB: factory, IDBKeyRange }));
    expect((await store.get('old'))?.cost).toEqual({ credits: 0, estimated: false });
    expect(await store.db.leads.where('tags').equals('x').count()).toBe(1);
    await store.bookCosts([{ personId: 'old', accountId: 'acc', at: 2, credits: 5, estimated: false, what: 'details' }]);
    expect((await store.get('old'))?.cost.credits).toBe(5);
  });

  it('v2 → v3: leads and costs stay, and the CRM tables (sent ids, "In HubSpot" answers) start empty and usable', async () => {
    const factory = new IDBFactory();
    const v2 = new Dexie('crypto-directory-leads', { indexedDB: factory, IDBKeyRange });
    v2.version(1).stores(LEAD_DB_VERSIONS[1]);
    v2.version(2).stores(LEAD_DB_VERSIONS[2]);
    const { lead, snapshot } = (await import('./lead')).newLead(
      { person: person('kept'), organization: null, accountId: 'acc', savedFrom: null, cost: { credits: 5, estimated: false } },
      1,
    );
    await v2.table('leads').put(lead);
    await v2.table('snapshots').put(snapshot);
    await v2.table('costs').add({ personId: 'kept', accountId: 'acc', at: 1, credits: 5, estimated: false, what: 'details' });
    v2.close();

    const db = openLeadDb({ indexedDB: factory, IDBKeyRange });
    expect(await db.leads.get('kept')).toEqual(lead);
    expect(await db.costs.count()).toBe(1);
    expect(await db.crmLinks.count()).toBe(0);
    const links = new (await import('@/lib/crm/crm-links')).CrmLinks(db);
    await links.patch('portal-1', 'kept', (l) => ({ ...l, contactId: '101' }));
    expect((await links.get('portal-1', ['kept'])).get('kept')?.contactId).toBe('101');
    // Another portal's ids are not this portal's.
    expect((await links.get('portal-2', ['kept'])).size).toBe(0);
  });

  it('v4 → v5: a link sent before keeps its ids and outcome, gains no task, nothing known as ours, no version sent; interrupted sends are found by index', async () => {
    const factory = new IDBFactory();
    const v4 = new Dexie('crypto-directory-leads', { indexedDB: factory, IDBKeyRange });
    for (const n of [1, 2, 3, 4] as const) v4.version(n).stores(LEAD_DB_VERSIONS[n]);
    const old = {
      personId: 'kept',
      crm: 'hubspot',
      accountId: '4242',
      contactId: '101',
      companyId: '201',
      associatedWith: '201',
      noteIds: { n1: '301' },
      outcome: { status: 'updated', at: 5 },
    };
    await v4.table('crmLinks').bulkPut([old, { ...old, personId: 'cut', outcome: { status: 'pending', at: 6 } }]);
    v4.close();

    const db = openLeadDb({ indexedDB: factory, IDBKeyRange });
    expect(await db.crmLinks.get('kept')).toEqual({ ...old, taskId: null, written: {}, kept: {}, sentVersion: null });
    const links = new (await import('@/lib/crm/crm-links')).CrmLinks(db);
    expect((await links.pending()).map((l) => l.personId)).toEqual(['cut']);
  });
});

describe('lead database migrations: v5 → v6', () => {
  it('every lead, record, cost, link and preference stays, once; each lead gains no X account and is found by its X id once seen', async () => {
    const factory = new IDBFactory();
    const v5 = new Dexie('crypto-directory-leads', { indexedDB: factory, IDBKeyRange });
    for (const n of [1, 2, 3, 4, 5] as const) v5.version(n).stores(LEAD_DB_VERSIONS[n]);
    const { newLead } = await import('./lead');
    const written = ['ada', 'ben'].map((id) =>
      newLead({ person: person(id), organization: null, accountId: 'acc', savedFrom: null, cost: { credits: 5, estimated: false } }, 1),
    );
    // A lead as v5 wrote it: no X account field at all.
    const v5Leads = written.map(({ lead: { xAccount: _, ...lead } }) => ({ ...lead, tags: ['defi'] }));
    await v5.table('leads').bulkPut(v5Leads);
    await v5.table('snapshots').bulkPut(written.map((w) => w.snapshot));
    await v5.table('costs').add({ personId: 'ada', accountId: 'acc', at: 1, credits: 5, estimated: false, what: 'details' });
    await v5
      .table('crmLinks')
      .put({ personId: 'ada', crm: 'hubspot', accountId: '4242', contactId: '101', outcome: { status: 'updated', at: 2 } });
    await v5.table('prefs').put({ key: 'lastTag', value: 'defi' });
    v5.close();

    const store = new LeadStore(openLeadDb({ indexedDB: factory, IDBKeyRange }));
    expect(await store.all()).toEqual(v5Leads.map((l) => ({ ...l, xAccount: null })));
    expect((await store.snapshot('ben'))?.person.id).toBe('ben');
    expect([await store.db.costs.count(), await store.db.crmLinks.count(), (await store.tagChoices()).last]).toEqual([1, 1, 'defi']);
    expect(await store.db.leads.where('tags').equals('defi').count()).toBe(2);
    await store.sawXAccount('ben', { id: '44196397', handles: [{ handle: 'ben_eth', at: 3 }] });
    expect((await store.byXId('44196397'))?.personId).toBe('ben');
  });
});

describe('LeadStore.pruneCosts', () => {
  it('forgets old charges of people who are not leads, keeps a lead’s and recent ones', async () => {
    const leads = testLeadStore();
    const row = (personId: string, at: number) => ({
      personId,
      accountId: 'acc',
      at,
      credits: 5,
      estimated: false,
      what: 'details' as const,
    });
    await leads.bookCosts([row('lead', 10), row('gone', 10), row('recent', 500)]);
    await leads.save({ person: person('lead'), organization: null, accountId: 'acc', savedFrom: null });
    expect(await leads.pruneCosts(100)).toBe(1);
    await leads.save({ person: person('gone'), organization: null, accountId: 'acc', savedFrom: null });
    await leads.save({ person: person('recent'), organization: null, accountId: 'acc', savedFrom: null });
    expect((await leads.all()).map((l) => [l.personId, l.cost.credits])).toEqual([
      ['gone', 0],
      ['lead', 5],
      ['recent', 5],
    ]);
  });
});
