import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ANCHORS, createEmulator } from '@/tests/emulator';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import type { PagePerson } from '@/lib/profile/types';
import { parseSettings } from '@/lib/settings/settings';
import { createApiKeyStore } from '@/lib/settings/api-key';
import { memorySecretStore } from '@/lib/settings/secret-store';
import { settingsItem } from '@/lib/settings/settings-item';
import { meterItem, pagePeopleItem } from '@/lib/tab-state/items';
import { pagePeopleStatus } from '@/lib/tab-state/page-people';
import type { PeopleSwitch } from '@/lib/messaging/report-profile';
import { testLeadStore } from '@/tests/support/test-leads';
import { testRecords } from '@/tests/support/test-records';
import { reusedHandleRowText } from '@/lib/messages/texts';
import { createWorker } from './create-worker';

// Every assertion on money reads the emulator's ledger: what the "server" received and charged.

const BASE = 'http://127.0.0.1:8787';
const KEY = 'test_pro';
const identity = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
const page = { kind: 'extension-page' } as const;
const TAB = 4;
const FOLLOWERS = 'https://x.com/MeridianVC/followers';
const A = ANCHORS;

// 8 followers: 3 already paid for (looked up on their profiles first), 5 not.
const KNOWN = [A.founder.twitterHandle, A.fundPerson.twitterHandle, A.angel.twitterHandle];
const UNKNOWN = [
  A.cofounder.twitterHandle,
  A.telegramEmailOnly.twitterHandle,
  A.notFound.twitterHandle,
  A.exchangePerson.twitterHandle,
  A.defunctProjectPerson.twitterHandle,
];
const ROWS: PagePerson[] = [...KNOWN, ...UNKNOWN].map((handle) => ({ name: `Name of ${handle}`, handle }));

async function setup(dailyBudget = 500) {
  const emulator = createEmulator();
  // Kept across a restart, as the background's IndexedDB is.
  const stores = { local: testRecords().store(), apiKey: createApiKeyStore({ secrets: memorySecretStore() }) };
  /** Searches reach the server but never answer (the worker is stopped while they are on the wire). */
  let hang = false;
  await settingsItem.setValue(parseSettings({ autoLookup: 'always', dailyBudget }));
  const told: Array<[number, PeopleSwitch]> = [];
  /** Runs after each search the emulator answered (a price change between two calls of a batch). */
  let afterSearch = (): void => undefined;
  const worker = createWorker({
    leads: testLeadStore(),
    fetch: async (input, init) => {
      if (hang && String(input).includes('/v1/search')) return (void emulator.fetch(input, init), new Promise<never>(() => undefined));
      const res = await emulator.fetch(input, init);
      if (String(input).includes('/v1/search')) afterSearch();
      return res;
    },
    ...stores,
    identity,
    tellTab: (tabId, message) => told.push([tabId, message]),
    pace: { calmMs: 0 },
    rateOptions: { maxWaitMs: 0, backoffBaseMs: 1, backoffMaxMs: 5 },
  });
  await worker.start();
  expect((await worker.handlers.saveApiKey({ apiKey: KEY, baseUrl: BASE }, page)).ok).toBe(true);
  const h = worker.handlers;
  const from = { kind: 'content-script', tabId: TAB, topFrame: true } as const;
  return {
    worker,
    h,
    told,
    emulator,
    afterEachSearch: (run: () => void) => (afterSearch = run),
    hangSearches: () => (hang = true),
    /** Chrome starts the worker again over the same storage; searches answer again. */
    async restart() {
      worker.stop();
      const next = createWorker({
        leads: testLeadStore(),
        fetch: (i, n) => emulator.fetch(i, n),
        ...stores,
        identity,
        pace: { calmMs: 0 },
      });
      await next.start();
      return next;
    },
    /** A profile looked up on its own tab (paid once: then it is in the knowledge index). */
    visit: (tabId: number, handle: string) =>
      Promise.resolve(
        h.reportProfile(
          { url: `https://x.com/${handle}`, profile: parseProfileUrl(`https://x.com/${handle}`), hints: {} },
          { ...from, tabId },
        ),
      ),
    rows: (people: PagePerson[] = ROWS, url = FOLLOWERS) =>
      Promise.resolve(h.reportProfile({ url, profile: null, hints: {}, people }, from)),
    state: () => pagePeopleItem(TAB).getValue(),
    charged: () => emulator.control.ledger(KEY).reduce((sum, e) => sum + e.creditsCharged, 0),
    searches: () => emulator.control.ledger(KEY).filter((e) => e.path.startsWith('/v1/search')).length,
  };
}

beforeEach(() => fakeBrowser.reset());

describe('People on this page (worker)', () => {
  it('8 rows with 3 known: "Look up 5" costs exactly 25 credits; again costs 0', async () => {
    const t = await setup();
    for (const [i, handle] of KNOWN.entries()) await t.visit(100 + i, handle);
    await t.worker.watch('panel', TAB);
    expect(t.told).toContainEqual([TAB, { people: true }]);
    const before = t.charged();

    await t.rows();
    const listed = (await t.state())!;
    expect(listed.rows).toHaveLength(8);
    expect(pagePeopleStatus(listed.rows)).toBe('3 known · 5 not looked up');
    expect(listed.rows.filter((r) => r.status === 'known').map((r) => r.person.handle)).toEqual(KNOWN);
    expect(t.charged()).toBe(before); // listing is free

    const keys = listed.rows.filter((r) => r.status !== 'known').map((r) => r.key);
    expect(await t.h.lookUpPeople({ tabId: TAB, keys }, page)).toEqual({ ok: true, looked: 5 });
    expect(t.charged() - before).toBe(25);
    const after = (await t.state())!;
    expect(after.rows.find((r) => r.person.handle === A.cofounder.twitterHandle)).toMatchObject({
      status: 'known',
      record: { kind: 'person', id: A.cofounder.id },
    });
    // A known row carries its company's lifecycle (the panel flags it).
    expect(after.rows.find((r) => r.person.handle === A.defunctProjectPerson.twitterHandle)?.record).toMatchObject({
      lifecycle: 'defunct',
    });
    expect(after.rows.find((r) => r.person.handle === A.notFound.twitterHandle)?.status).toBe('not-found');

    // Again (the not-found rows are the ones left to look up): the cache answers, 0 credits.
    const searches = t.searches();
    const again = after.rows.filter((r) => r.status !== 'known').map((r) => r.key);
    expect(again.length).toBeGreaterThan(0);
    expect((await t.h.lookUpPeople({ tabId: TAB, keys: [...again, ...keys] }, page)).ok).toBe(true);
    expect(t.charged() - before).toBe(25);
    expect(t.searches()).toBe(searches);

    // Another list with the same people (their following): all answered for free, "not in the directory" included.
    await t.h.reportProfile(
      { url: 'https://x.com/MeridianVC/following', profile: null, hints: {}, people: ROWS },
      { kind: 'content-script', tabId: TAB, topFrame: true },
    );
    const following = (await t.state())!;
    expect(following.url).toBe('https://x.com/MeridianVC/following');
    expect(pagePeopleStatus(following.rows)).toBe('7 known · 0 not looked up');
    expect(following.rows.find((r) => r.person.handle === A.notFound.twitterHandle)?.status).toBe('not-found');
    expect(t.searches()).toBe(searches);
  });

  it('rows by X account id: a renamed account is known under its new handle, a reused handle is not the person paid for', async () => {
    const t = await setup();
    const adaId = '1496213456789012480';
    const url = `https://x.com/${A.founder.twitterHandle}`;
    await t.h.reportProfile(
      { url, profile: parseProfileUrl(url), hints: { xId: adaId } },
      { kind: 'content-script', tabId: 100, topFrame: true },
    );
    await t.worker.watch('panel', TAB);
    const before = t.charged();
    await t.rows([
      { name: 'Ada', handle: 'ada_eth', xId: adaId },
      { name: 'Someone else', handle: A.founder.twitterHandle, xId: '44196397' },
    ]);
    const [renamed, reused] = (await t.state())!.rows;
    expect(renamed).toMatchObject({ status: 'known', record: { id: A.founder.id } });
    expect(reused).toMatchObject({ status: 'not-found', message: reusedHandleRowText(A.founder.name) });
    expect(t.charged()).toBe(before);
  });

  it('refuses the whole lookup before anything is sent when the total does not fit today (10 credits left)', async () => {
    const t = await setup(10);
    await t.worker.watch('panel', TAB);
    await t.rows();
    const keys = (await t.state())!.rows.map((r) => r.key);
    const searches = t.searches();
    const out = await t.h.lookUpPeople({ tabId: TAB, keys }, page);
    // 8 lookups one at a time hold 7 × 5 + (5 + a resend's 5) = 45.
    expect(out).toEqual({
      ok: false,
      message: expect.stringMatching(
        /Today’s credit budget has 10 credits left; these 8 calls need 45 credits set aside: they cost 40 credits/,
      ),
    });
    expect(t.searches()).toBe(searches);
    expect(t.charged()).toBe(0);
    expect(pagePeopleStatus((await t.state())!.rows)).toBe('0 known · 8 not looked up');
  });

  it('refuses a click whose quote is below the price now, before anything is sent', async () => {
    const t = await setup();
    await t.worker.watch('panel', TAB);
    await t.rows();
    const keys = (await t.state())!.rows.map((r) => r.key);
    const searches = t.searches();
    // The button said 35 for the 8 rows nobody knows (a stale label); at the account's price of 5 they cost 40.
    const out = await t.h.lookUpPeople({ tabId: TAB, keys, quoted: 35 }, page);
    expect(out).toEqual({ ok: false, message: expect.stringMatching(/now costs 40 credits, not 35 credits/) });
    expect(t.searches()).toBe(searches);
  });

  it.each([
    // [when the price rises, searches sent, the most paid]
    ['after the first call (the second is charged 9)', 1, 2, 14],
    ['as the batch starts (the first is charged 9)', 0, 1, 9],
  ])('"Look up 3 · 15 credits" whose price rises from 5 to 9 %s stops and asks before the rest', async (_, after, sent, paid) => {
    const t = await setup();
    await t.worker.watch('panel', TAB);
    const three = UNKNOWN.slice(0, 3).map((handle) => ({ name: `Name of ${handle}`, handle }));
    await t.rows(three);
    const keys = (await t.state())!.rows.map((r) => r.key);
    let answered = 0;
    const rise = () => t.emulator.control.configure({ prices: { basic: 9 } });
    if (after === 0) rise();
    else t.afterEachSearch(() => void (++answered === after && rise()));
    const before = t.charged();
    const out = await t.h.lookUpPeople({ tabId: TAB, keys, quoted: 15 }, page);
    expect(t.charged() - before).toBe(paid);
    expect(t.charged() - before).toBeLessThanOrEqual(19);
    expect(t.searches()).toBe(sent);
    expect(out).toEqual({ ok: false, message: expect.stringMatching(/The price of a lookup (rose|changed) from 5 credits/) });
    const rows = (await t.state())!.rows;
    expect(rows.filter((r) => r.status === 'not-looked-up')).toHaveLength(3 - sent);
  });

  it('keeps no rows from a tab no panel watches, and tells the tab when a panel stops watching', async () => {
    const t = await setup();
    await t.rows();
    expect(await t.state()).toBeNull();
    await t.worker.watch('panel', TAB);
    await t.rows();
    expect((await t.state())!.rows).toHaveLength(8);
    // A list page whose layout is not recognised: an empty list ("No people found on this page").
    await t.rows([]);
    expect((await t.state())!.rows).toEqual([]);
    await t.worker.unwatch('panel');
    expect(t.told.at(-1)).toEqual([TAB, { people: false }]);
    expect(await t.state()).toBeNull();
  });

  it("tells a watched tab's reader once per document: a new document's first report, not each SPA move", async () => {
    const t = await setup();
    await t.worker.watch('panel', TAB);
    const told = t.told.length;
    const from = { kind: 'content-script', tabId: TAB, topFrame: true } as const;
    const report = (handle: string, fresh?: true) => ({
      url: `https://x.com/${handle}`,
      profile: parseProfileUrl(`https://x.com/${handle}`),
      hints: {},
      ...(fresh ? { fresh } : {}),
    });
    await t.h.reportProfile(report(A.cofounder.twitterHandle!), from);
    await t.h.reportProfile(report('MeridianVC'), from);
    expect(t.told.length).toBe(told);
    await t.h.reportProfile(report(A.cofounder.twitterHandle!, true), from);
    expect(t.told.slice(told)).toEqual([[TAB, { people: true }]]);
  });

  it('a re-read of the same page (scrolling) keeps answers and adds rows without any call', async () => {
    const t = await setup();
    await t.worker.watch('panel', TAB);
    await t.rows(ROWS.slice(0, 2));
    await t.h.lookUpPeople({ tabId: TAB, keys: (await t.state())!.rows.map((r) => r.key) }, page);
    const [charged, searches] = [t.charged(), t.searches()];
    await t.rows(ROWS);
    const rows = (await t.state())!.rows;
    expect(rows).toHaveLength(8);
    expect(rows.slice(0, 2).map((r) => r.status)).toEqual(['known', 'known']);
    expect([t.charged(), t.searches()]).toEqual([charged, searches]);
  });

  it('rows are cleared when the key names another account (and read again for it), kept for the same account, cleared when the key is removed', async () => {
    const t = await setup();
    for (const [i, handle] of KNOWN.entries()) await t.visit(100 + i, handle);
    await t.worker.watch('panel', TAB);
    await t.rows();
    expect(pagePeopleStatus((await t.state())!.rows)).toBe('3 known · 5 not looked up');

    // Another key of the same account: what the rows say is still this account's.
    expect((await t.h.saveApiKey({ apiKey: 'test_pro_2', baseUrl: BASE }, page)).ok).toBe(true);
    expect((await t.state())!.rows).toHaveLength(8);

    // Another account: the last account's knowledge leaves the panel, and the watched tab is told to read again.
    const told = t.told.length;
    expect((await t.h.saveApiKey({ apiKey: 'test_starter', baseUrl: BASE }, page)).ok).toBe(true);
    expect(await t.state()).toBeNull();
    expect(t.told.slice(told)).toContainEqual([TAB, { people: true }]);
    await t.rows();
    expect(pagePeopleStatus((await t.state())!.rows)).toBe('0 known · 8 not looked up');

    await t.h.removeApiKey(undefined, page);
    expect(await t.state()).toBeNull();
  });

  it('LinkedIn rows match on name and company, never on name alone; namesakes are candidates', async () => {
    const t = await setup();
    await t.visit(100, A.founder.twitterHandle); // Ada Lindqvist of QuantLayer is now known
    await t.worker.watch('panel', TAB);
    const SEARCH = 'https://www.linkedin.com/search/results/people/?keywords=quantlayer';
    const ada = { name: A.founder.name, slug: A.founder.linkedinSlug, headline: 'Founder at QuantLayer', company: 'QuantLayer' };
    const adaNoCompany = { name: A.founder.name, slug: 'ada-lindqvist-design', headline: 'Designer' };
    const daniel = { name: A.sameName.fullName, headline: 'Crypto' }; // a Sales Navigator-like row: no slug, no company
    const danielAtHarborline = { name: A.sameName.fullName, slug: A.sameName.first.linkedinSlug, company: 'Harborline' };
    await t.rows([ada, adaNoCompany, daniel, danielAtHarborline], SEARCH);
    const listed = (await t.state())!;
    expect(listed.site).toBe('linkedin');
    expect(listed.rows.map((r) => r.status)).toEqual(['known', 'not-looked-up', 'not-looked-up', 'not-looked-up']);
    expect(listed.rows[0]).toMatchObject({ record: { kind: 'person', id: A.founder.id } });

    const before = t.charged();
    const keys = listed.rows.slice(1).map((r) => r.key);
    expect((await t.h.lookUpPeople({ tabId: TAB, keys }, page)).ok).toBe(true);
    const rows = (await t.state())!.rows;
    // "Ada Lindqvist" without her company is not Ada: the one row of that name is a candidate, not a match.
    expect(rows[1]).toMatchObject({ status: 'ambiguous', candidates: [{ id: A.founder.id }] });
    expect(rows[2]).toMatchObject({ status: 'ambiguous' });
    expect(rows[2]!.candidates?.map((c) => c.id).sort()).toEqual([A.sameName.first.id, A.sameName.second.id].sort());
    expect(rows[3]).toMatchObject({ status: 'known', record: { id: A.sameName.first.id } });
    // Two searches ("Ada Lindqvist", "Daniel Okafor"): the second Daniel row is answered by the first's.
    expect(t.charged() - before).toBe(10);
  });

  it.each([
    // [case, today's budget, "+50 today", looked up, charged, today's budget after]
    ['refused whole without the raise', 10, false, false, 0, 10],
    ['"+50 today and look up": raised, then all 3', 10, true, true, 15, 60],
    ['"+50 today" when the budget holds them anyway: not raised', 100, true, true, 15, 100],
  ])('"Look up 3" over a budget of %s', async (_, budget, raise, looked, charged, after) => {
    const t = await setup(budget);
    await t.worker.watch('panel', TAB);
    await t.rows(UNKNOWN.slice(0, 3).map((handle) => ({ name: `Name of ${handle}`, handle })));
    const keys = (await t.state())!.rows.map((r) => r.key);
    const out = await t.h.lookUpPeople({ tabId: TAB, keys, quoted: 15, ...(raise ? { raise: true as const } : {}) }, page);
    expect(out.ok).toBe(looked);
    expect([t.charged(), t.searches()]).toEqual([charged, charged / 5]);
    expect((await meterItem.getValue())?.dailyBudget).toBe(after);
  });

  it('"Look up the 2 that fit · 10 credits" (15 left today) pays for exactly 2 and leaves the third to look up', async () => {
    const t = await setup(15);
    await t.worker.watch('panel', TAB);
    await t.rows(UNKNOWN.slice(0, 3).map((handle) => ({ name: `Name of ${handle}`, handle })));
    const keys = (await t.state())!.rows.map((r) => r.key);
    expect((await t.h.lookUpPeople({ tabId: TAB, keys, quoted: 15 }, page)).ok).toBe(false);
    expect(await t.h.lookUpPeople({ tabId: TAB, keys: keys.slice(0, 2), quoted: 10 }, page)).toEqual({ ok: true, looked: 2 });
    expect([t.charged(), t.searches()]).toEqual([10, 2]);
    expect(pagePeopleStatus((await t.state())!.rows)).toBe('2 known · 1 not looked up');
  });

  it('a worker stopped during "Look up 3": at its start the rows come back selectable, each saying what the journal booked', async () => {
    const t = await setup();
    await t.worker.watch('panel', TAB);
    await t.rows(UNKNOWN.slice(0, 3).map((handle) => ({ name: `Name of ${handle}`, handle })));
    const keys = (await t.state())!.rows.map((r) => r.key);
    t.hangSearches();
    void t.h.lookUpPeople({ tabId: TAB, keys, quoted: 15 }, page);
    for (let i = 0; i < 400 && t.searches() === 0; i++) await new Promise((r) => setTimeout(r, 5));
    expect((await t.state())!.rows.map((r) => r.status)).toEqual(['looking-up', 'looking-up', 'looking-up']);

    const next = await t.restart();
    // The panel back: the tab is read again, and the rows still say what happened.
    await next.watch('panel', TAB);
    const three = UNKNOWN.slice(0, 3).map((handle) => ({ name: `Name of ${handle}`, handle }));
    await next.handlers.reportProfile(
      { url: FOLLOWERS, profile: null, hints: {}, people: three },
      { kind: 'content-script', tabId: TAB, topFrame: true },
    );
    const rows = (await t.state())!.rows;
    expect(rows.map((r) => [r.status, r.message])).toEqual([
      [
        'not-looked-up',
        'An extension restart stopped this lookup on the wire. The call may have been charged. 5 credits booked. Select it to look it up again.',
      ],
      ...keys
        .slice(1)
        .map(() => [
          'not-looked-up',
          'An extension restart stopped this lookup before it was sent. Nothing was sent, nothing charged. Select it to look it up again.',
        ]),
    ]);
    // Selectable again: looked up as any other row.
    expect(await next.handlers.lookUpPeople({ tabId: TAB, keys }, page)).toEqual({ ok: true, looked: 3 });
    expect(pagePeopleStatus((await t.state())!.rows)).toBe('2 known · 0 not looked up');
    next.stop();
  });
});
