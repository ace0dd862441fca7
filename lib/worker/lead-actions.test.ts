import { beforeEach, describe, expect, it, vi } from 'vitest';
import { withPageHints } from '@/tests/support/page-hints';
import { fakeBrowser } from 'wxt/testing';
import { ANCHORS, createEmulator, type Emulator } from '@/tests/emulator';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import type { PageHints } from '@/lib/profile/types';
import { tabStateItem } from '@/lib/tab-state/items';
import { EXTENSION_PAGE, startTestWorker, TEST_BASE_URL } from '@/tests/support/test-worker';
import type { TabState } from '@/lib/tab-state/tab-state';
import { NOT_SAVABLE } from '@/lib/messages/texts';
import { aPerson } from '@/tests/support/records';
import { PersonSchema } from '@/lib/api';
import type { KnownEntry } from '@/lib/lookup/known-records';
import type { LeadStore } from '@/lib/leads/lead-store';
import { testLeadStore } from '@/tests/support/test-leads';
import { createLeadActions, type LeadActionsDeps } from './lead-actions';

// Saving a lead is 0 credits and no API call: every assertion reads the emulator's ledger, which logs
// every request the "server" received (free ones too), so "no call" means the ledger did not grow.

const page = EXTENSION_PAGE;
const A = ANCHORS;

async function setup(key: string, emulator: Emulator = createEmulator()) {
  const { worker, leads, h } = await startTestWorker({ key, emulator });
  return {
    emulator,
    worker,
    leads,
    h,
    report: (tabId: number, url: string, hints: PageHints = {}) =>
      Promise.resolve(
        h.reportProfile(
          { url, profile: parseProfileUrl(url), hints: withPageHints(url, hints) },
          { kind: 'content-script', tabId, topFrame: true },
        ),
      ),
    state: (tabId: number) => tabStateItem(tabId).getValue() as Promise<TabState>,
    /** Every request the server saw for this key, free or not. */
    requests: () => emulator.control.ledger(key).length,
    charged: () => emulator.control.ledger(key).reduce((sum, e) => sum + e.creditsCharged, 0),
    save: (input: Parameters<typeof h.saveLead>[0]) => h.saveLead(input, page),
  };
}

const xUrl = (handle: string) => `https://x.com/${handle}`;

beforeEach(() => {
  fakeBrowser.reset();
});

describe('saving a lead: 0 credits, no API call', () => {
  it('(a) the person of a matched tab view: status New, their company and the page kept', async () => {
    const t = await setup('test_pro');
    await t.report(1, xUrl(A.founder.twitterHandle));
    expect(await t.state(1)).toMatchObject({ status: 'matched', person: { id: A.founder.id } });
    const [requests, charged] = [t.requests(), t.charged()];

    expect(await t.save({ personId: A.founder.id, view: { tabId: 1 } })).toEqual({
      ok: true,
      personId: A.founder.id,
      status: 'new',
      created: true,
    });
    expect(t.requests()).toBe(requests);
    expect(t.charged()).toBe(charged);
    expect(await t.leads.get(A.founder.id)).toMatchObject({
      name: A.founder.name,
      status: 'new',
      savedFrom: xUrl(A.founder.twitterHandle),
      company: { name: A.founderCompany.name },
    });
  });

  it('(b) a coworker row after loading coworkers', async () => {
    const t = await setup('test_pro');
    await t.report(1, xUrl(A.founder.twitterHandle));
    await t.h.loadDetails({ view: { tabId: 1 }, target: 'person' }, page);
    const s = await t.state(1);
    const coworkers = s.status === 'matched' && s.personDetail?.status === 'loaded' ? s.personDetail.value.coworkers : [];
    expect(coworkers.map((p) => p.id)).toContain(A.cofounder.id);
    const requests = t.requests();

    expect(await t.save({ personId: A.cofounder.id, view: { tabId: 1 } })).toMatchObject({ ok: true, created: true });
    expect(t.requests()).toBe(requests);
    expect(await t.leads.get(A.cofounder.id)).toMatchObject({ name: A.cofounder.name, savedFrom: xUrl(A.founder.twitterHandle) });
  });

  it('(c) a popup row of a live search, named by id', async () => {
    const t = await setup('test_pro');
    const found = await t.h.search({ q: A.founder.name }, page);
    expect(found).toMatchObject({ ok: true, sample: null });
    const requests = t.requests();

    expect(await t.save({ personId: A.founder.id })).toMatchObject({ ok: true, created: true });
    expect(t.requests()).toBe(requests);
    // From the popup there is no page to remember.
    expect(await t.leads.get(A.founder.id)).toMatchObject({ name: A.founder.name, savedFrom: null });
  });

  it('a lead already saved takes the tag of a list it was found in, though no card this account paid for shows it', async () => {
    const t = await setup('test_pro');
    await t.leads.save({ person: aPerson({ id: 'per_kept' }), organization: null, accountId: 'acct', savedFrom: null });
    expect(await t.save({ personId: 'per_kept', tag: 'Token2049' })).toMatchObject({ ok: true, created: false });
    expect((await t.leads.get('per_kept'))?.tags).toEqual(['Token2049']);
    expect(await t.save({ personId: 'per_nobody', tag: 'Token2049' })).toEqual({ ok: false, message: NOT_SAVABLE });
  });

  it('(c) a popup row is saved from the worker’s own copy of the live answer (the knowledge index cleared meanwhile), never from what the page sent', async () => {
    const t = await setup('test_pro');
    const found = await t.h.search({ q: A.founder.name }, page);
    const ada = found.ok ? found.people.find((p) => p.id === A.founder.id) : undefined;
    await t.h.clearCache(undefined, page);
    const requests = t.requests();
    // A record the popup never showed is not saved (the page names a person by id, never sends a record).
    const forged = { id: 'per_forged' };
    expect(await t.save({ personId: forged.id })).toEqual({ ok: false, message: NOT_SAVABLE });
    expect(await t.save({ personId: A.founder.id })).toMatchObject({ ok: true });
    expect(t.requests()).toBe(requests);
    expect(await t.leads.get(A.founder.id)).toMatchObject({ name: A.founder.name, title: ada!.jobTitle });
  });

  it('(d) a candidate row (several people with the page name)', async () => {
    const t = await setup('test_pro');
    await t.report(1, 'https://www.linkedin.com/in/daniel-okafor-1/', { name: 'Daniel Okafor' });
    expect((await t.state(1)).status).toBe('candidates');
    const requests = t.requests();

    expect(await t.save({ personId: A.sameName.second.id, view: { tabId: 1 } })).toMatchObject({ ok: true, created: true });
    expect(t.requests()).toBe(requests);
    expect(await t.leads.get(A.sameName.second.id)).toMatchObject({ personId: A.sameName.second.id, status: 'new' });
    // Saving is not picking: the tab still asks which one it is.
    expect((await t.state(1)).status).toBe('candidates');
  });

  it('saving again changes nothing: created false, the status as it is', async () => {
    const t = await setup('test_pro');
    await t.report(1, xUrl(A.founder.twitterHandle));
    await t.save({ personId: A.founder.id, view: { tabId: 1 } });
    await t.leads.update(A.founder.id, { status: 'contacted' });
    const requests = t.requests();
    expect(await t.save({ personId: A.founder.id, view: { tabId: 1 } })).toEqual({
      ok: true,
      personId: A.founder.id,
      status: 'contacted',
      created: false,
    });
    expect(t.requests()).toBe(requests);
    expect(await t.leads.all()).toHaveLength(1);
  });

  it('someone the view does not list (and nothing paid for) is not saved, and nothing is sent', async () => {
    const t = await setup('test_pro');
    await t.report(1, xUrl(A.founder.twitterHandle));
    const requests = t.requests();
    expect(await t.save({ personId: A.telegramEmailOnly.id, view: { tabId: 1 } })).toEqual({ ok: false, message: NOT_SAVABLE });
    expect(t.requests()).toBe(requests);
    expect(await t.leads.get(A.telegramEmailOnly.id)).toBeUndefined();
  });
});

describe('"Save as leads" with a tag: 0 credits, no call', () => {
  it.each([
    // A new lead's tags; one already saved (tagged "defi")'s; then what the "Tag" offers (tags in use, last).
    { tag: 'Token2049', fresh: ['Token2049'], kept: ['defi', 'Token2049'], inUse: ['defi', 'Token2049'], last: 'Token2049' },
    { tag: '  DeFi ', fresh: ['DeFi'], kept: ['defi'], inUse: ['DeFi'], last: 'DeFi' },
    { tag: 'berlin, Q4', fresh: ['berlin', 'Q4'], kept: ['defi', 'berlin', 'Q4'], inUse: ['berlin', 'defi', 'Q4'], last: 'berlin, Q4' },
    { tag: '', fresh: [], kept: ['defi'], inUse: ['defi'], last: '' },
  ])(
    '$tag: a new lead gets $fresh; one already saved gets $kept, keeping its status and note',
    async ({ tag, fresh, kept, inUse, last }) => {
      const t = await setup('test_pro');
      for (const p of [A.founder, A.fundPerson]) await t.h.search({ q: p.name }, page);
      await t.save({ personId: A.founder.id });
      await t.leads.update(A.founder.id, { status: 'contacted', tags: ['defi'] });
      await t.leads.addNote(A.founder.id, 'Met at Token2049');
      const requests = t.requests();

      for (const p of [A.founder, A.fundPerson]) expect(await t.save({ personId: p.id, tag })).toMatchObject({ ok: true });
      expect(await t.leads.get(A.fundPerson.id)).toMatchObject({ status: 'new', tags: fresh });
      expect(await t.leads.get(A.founder.id)).toMatchObject({ status: 'contacted', tags: kept, notes: [{ text: 'Met at Token2049' }] });
      expect(await t.leads.tagChoices()).toEqual({ tags: inUse, last });
      expect(t.requests()).toBe(requests);
    },
  );

  it('without a tag (a card\'s "Save lead") the tag offered stays the last list\'s', async () => {
    const t = await setup('test_pro');
    for (const p of [A.founder, A.fundPerson]) await t.h.search({ q: p.name }, page);
    await t.save({ personId: A.founder.id, tag: 'Token2049' });
    await t.save({ personId: A.fundPerson.id });
    expect(await t.leads.get(A.fundPerson.id)).toMatchObject({ tags: [] });
    expect(await t.leads.tagChoices()).toEqual({ tags: ['Token2049'], last: 'Token2049' });
  });
});

describe('a sample (NOT REAL DATA) answer cannot be saved', () => {
  it('from a sample tab view', async () => {
    const t = await setup('test_free_empty');
    await t.report(1, xUrl(A.founder.twitterHandle));
    const s = await t.state(1);
    expect(s.status).toBe('sample');
    const people = s.status === 'sample' ? s.people : [];
    expect(people.length).toBeGreaterThan(0);
    const requests = t.requests();
    for (const p of people) expect(await t.save({ personId: p.id, view: { tabId: 1 } })).toEqual({ ok: false, message: NOT_SAVABLE });
    expect(t.requests()).toBe(requests);
    expect(await t.leads.all()).toEqual([]);
  });

  it('from a sample popup search, even when a row is sent as `person`', async () => {
    const t = await setup('test_free_empty');
    const found = await t.h.search({ q: A.founder.name }, page);
    expect(found).toMatchObject({ ok: true, sample: { notice: expect.stringMatching(/^NOT REAL DATA/) } });
    const people = found.ok ? found.people : [];
    expect(people.length).toBeGreaterThan(0);
    const requests = t.requests();
    for (const p of people) expect(await t.save({ personId: p.id })).toEqual({ ok: false, message: NOT_SAVABLE });
    expect(t.requests()).toBe(requests);
    expect(await t.leads.all()).toEqual([]);
  });
});

describe('"Do not contact"', () => {
  it('blocks a reveal: refused with its reason, nothing sent', async () => {
    const t = await setup('test_pro');
    await t.report(1, xUrl(A.founder.twitterHandle));
    await t.save({ personId: A.founder.id, view: { tabId: 1 } });
    await t.leads.update(A.founder.id, { status: 'do-not-contact' });
    const [requests, charged] = [t.requests(), t.charged()];
    const out = await t.h.reveal({ view: { tabId: 1 }, personId: A.founder.id, confirmed: true }, page);
    expect(out).toMatchObject({ ok: false, reason: 'do-not-contact' });
    expect(t.requests()).toBe(requests);
    expect(t.charged()).toBe(charged);
  });
});

describe("a lead's cost: what the ledger booked for that person", () => {
  /** A search's share per person: replayed on a fresh emulator (same seed), so the count is the server's, not the worker's. */
  async function lookupShare(t: Awaited<ReturnType<typeof setup>>): Promise<number> {
    const searches = t.emulator.control.ledger('test_pro').filter((e) => e.path === '/v1/search');
    expect(searches).toHaveLength(1);
    const { query, creditsCharged } = searches[0]!;
    const replay = await createEmulator().fetch(`${TEST_BASE_URL}/v1/search?${query}`, { headers: { Authorization: 'Bearer test_pro' } });
    const body = (await replay.json()) as { data?: { people?: unknown[] }; people?: unknown[] };
    const people = (body.data?.people ?? body.people ?? []).length;
    expect(people).toBeGreaterThan(0);
    return Math.round((creditsCharged / people) * 100) / 100;
  }

  /** Everything the server charged for calls naming this person (details, reveal). */
  const chargedFor = (t: Awaited<ReturnType<typeof setup>>, personId: string) =>
    t.emulator.control
      .ledger('test_pro')
      .filter((e) => e.path.includes(personId))
      .reduce((sum, e) => sum + e.creditsCharged, 0);

  it('a paid lookup, details and reveal, then saving: the lead carries them all', async () => {
    const t = await setup('test_pro');
    await t.report(1, xUrl(A.founder.twitterHandle));
    await t.h.loadDetails({ view: { tabId: 1 }, target: 'person' }, page);
    expect(await t.h.reveal({ view: { tabId: 1 }, personId: A.founder.id, confirmed: true }, page)).toMatchObject({ ok: true });
    const share = await lookupShare(t);
    const own = chargedFor(t, A.founder.id);
    expect(own).toBe(15); // details 5 + reveal 10, as the server booked them
    // Costs are booked as the paid path settles (not awaited by it): wait for the last one.
    await vi.waitFor(async () => {
      const requests = t.requests();
      await t.leads.remove([A.founder.id]);
      const saved = await t.save({ personId: A.founder.id, view: { tabId: 1 } });
      expect(saved).toMatchObject({ ok: true, created: true });
      expect(t.requests()).toBe(requests);
      expect((await t.leads.get(A.founder.id))?.cost).toEqual({ credits: share + own, estimated: false });
    });
  });

  it('a reveal after saving adds to the lead', async () => {
    const t = await setup('test_pro');
    await t.report(1, xUrl(A.founder.twitterHandle));
    await t.save({ personId: A.founder.id, view: { tabId: 1 } });
    const share = await lookupShare(t);
    expect((await t.leads.get(A.founder.id))?.cost.credits).toBe(share);
    expect(await t.h.reveal({ view: { tabId: 1 }, personId: A.founder.id, confirmed: true }, page)).toMatchObject({
      ok: true,
      creditsCharged: 10,
    });
    const revealCharge = chargedFor(t, A.founder.id);
    expect(revealCharge).toBe(10);
    await vi.waitFor(async () => expect((await t.leads.get(A.founder.id))?.cost.credits).toBe(share + revealCharge));
  });
});

describe('"Refresh · 5 credits" on a lead', () => {
  it('a double click is one paid person read; the snapshot is the new record, and the money is booked as charged', async () => {
    const t = await setup('test_pro');
    await t.h.search({ q: A.founder.name }, page);
    expect(await t.save({ personId: A.founder.id })).toMatchObject({ ok: true });
    const before = t.charged();
    const [a, b] = await Promise.all([
      t.h.refreshLead({ personId: A.founder.id }, page),
      t.h.refreshLead({ personId: A.founder.id }, page),
    ]);
    expect(a).toEqual({ ok: true, creditsCharged: 5 });
    expect(b).toEqual(a);
    expect(t.charged() - before).toBe(5);
    // The ledger recorded at least what the server charged.
    const booked = (await t.worker.handlers.getSpending(undefined, page)).entries.reduce((sum, e) => sum + e.creditsCharged, 0);
    expect(booked).toBeGreaterThanOrEqual(t.charged());
    expect((await t.leads.snapshot(A.founder.id))?.person.id).toBe(A.founder.id);
  });
});

describe('a lead saved from a record known on an X account', () => {
  // The knowledge index confirmed @AdaQuant's record on X user 1456432000471212032, renamed since.
  const ada = PersonSchema.parse({ id: 'per_ada', firstName: 'Ada', lastName: 'Lindqvist', twitterHandle: 'AdaQuant' });
  const x = {
    id: '1456432000471212032',
    handles: [
      { handle: 'AdaQuant', at: Date.UTC(2026, 10, 12) },
      { handle: 'ada_eth', at: Date.UTC(2026, 10, 27) },
    ],
  };
  const actions = (leads: LeadStore, entry: Partial<KnownEntry>) =>
    createLeadActions({
      session: { accountId: 'acc' },
      now: () => 1_000,
      views: { get: async () => null },
      known: {
        person: async () => ({ kind: 'person', record: ada, storedAt: 1, expiresAt: 2, ...entry }),
        alive: () => true,
        organizationFor: async () => null,
      },
      liveRecords: { person: () => undefined },
      leads,
    } as unknown as LeadActionsDeps);

  it.each([
    ['known on X: the account, and its handle now', { x }, x, 'ada_eth'],
    ['known by handle alone: none yet', {}, null, 'AdaQuant'],
  ])('%s', async (_, entry, xAccount, xHandle) => {
    const leads = testLeadStore();
    expect(await actions(leads, entry).saveLead({ personId: 'per_ada' })).toMatchObject({ ok: true, created: true });
    expect(await leads.get('per_ada')).toMatchObject({ xAccount, xHandle });
  });
});
