import { beforeEach, describe, expect, it } from 'vitest';
import { withPageHints } from '@/tests/support/page-hints';
import { fakeBrowser } from 'wxt/testing';
import { ANCHORS, createEmulator, type Emulator } from '@/tests/emulator';
import { checkMoneyInvariant } from '@/tests/support/money-invariant';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import type { PageHints } from '@/lib/profile/types';
import { parseSettings, type Settings } from '@/lib/settings/settings';
import { createApiKeyStore } from '@/lib/settings/api-key';
import { memorySecretStore } from '@/lib/settings/secret-store';
import { settingsItem } from '@/lib/settings/settings-item';
import { tabStateItem } from '@/lib/tab-state/items';
import type { TabState } from '@/lib/tab-state/tab-state';
import { createWorker } from './create-worker';
import { testLeadStore } from '@/tests/support/test-leads';
import type { LeadStore } from '@/lib/leads/lead-store';
import { aPerson } from '@/tests/support/records';
import { testRecords } from '@/tests/support/test-records';

// Know once, pay once: every record in a live answer is reused for 0 credits, matched only on an
// exact identity the page shows. The emulator's ledger is the ground truth for money.

const BASE = 'http://127.0.0.1:8787';
const identity = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
const page = { kind: 'extension-page' } as const;
const A = ANCHORS;
const xUrl = (handle: string) => `https://x.com/${handle}`;
const inUrl = (slug: string) => `https://www.linkedin.com/in/${slug}/`;

async function setup(
  opts: { key?: string; emulator?: Emulator; settings?: Partial<Settings>; keepStorage?: boolean; leads?: LeadStore } = {},
) {
  const emulator = opts.emulator ?? createEmulator();
  await settingsItem.setValue(parseSettings({ autoLookup: 'always', ...opts.settings }));
  const clock = { ms: Date.now() };
  const worker = createWorker({
    leads: opts.leads ?? testLeadStore(),
    now: () => clock.ms,
    fetch: (input, init) => emulator.fetch(input, init),
    local: records.store(),
    apiKey: createApiKeyStore({ secrets: memorySecretStore() }),
    identity,
    nameWaitMs: 30,
    pace: { calmMs: 0 },
    rateOptions: { maxWaitMs: 0, backoffBaseMs: 1, backoffMaxMs: 5 },
  });
  await worker.start();
  const saved = await worker.handlers.saveApiKey({ apiKey: opts.key ?? 'test_pro', baseUrl: BASE }, page);
  expect(saved.ok).toBe(true);
  const key = opts.key ?? 'test_pro';
  return {
    emulator,
    worker,
    clock,
    report: (tabId: number, url: string, hints: PageHints = {}) =>
      worker.handlers.reportProfile(
        { url, profile: parseProfileUrl(url), hints: withPageHints(url, hints) },
        { kind: 'content-script', tabId, topFrame: true },
      ),
    state: (tabId: number) => tabStateItem(tabId).getValue() as Promise<TabState>,
    charged: () => emulator.control.ledger(key).reduce((sum, e) => sum + e.creditsCharged, 0),
    paths: () => emulator.control.ledger(key).map((e) => e.path),
  };
}

/** The records database: what was paid for (the known index among it). */
let records = testRecords();
const knownKeys = async () => Object.keys(await records.store().getMany('known:'));

beforeEach(() => {
  fakeBrowser.reset();
  records = testRecords();
});

describe('know once, pay once', () => {
  it('X then LinkedIn for the same person: 5 credits in total, the card says where it came from', async () => {
    const t = await setup();
    await t.report(1, xUrl(A.founder.twitterHandle));
    expect(await t.state(1)).toMatchObject({ status: 'matched', person: { id: A.founder.id }, matchedOn: 'x-handle' });
    expect(((await t.state(1)) as { known?: unknown }).known).toBeUndefined();
    await t.report(2, inUrl(A.founder.linkedinSlug), { name: A.founder.name, company: A.founderCompany.name });
    expect(await t.state(2)).toMatchObject({
      status: 'matched',
      person: { id: A.founder.id },
      organization: { name: A.founderCompany.name },
      matchedOn: 'name-company',
      known: { how: 'looked-up', site: 'x' },
    });
    expect(t.charged()).toBe(5);
  });

  it('a LinkedIn person is never matched on name alone: neither from what is known nor from the search', async () => {
    const t = await setup();
    await t.report(1, xUrl(A.founder.twitterHandle));
    // No current company on the page: the paid search runs as before, and its one row of that name is a choice.
    await t.report(2, inUrl(A.founder.linkedinSlug), { name: A.founder.name });
    const s = await t.state(2);
    expect(s).toMatchObject({ status: 'candidates', people: [{ id: A.founder.id }] });
    expect((s as { matchedOn?: unknown }).matchedOn).toBeUndefined();
    expect(t.charged()).toBe(10);
  });

  it('a current company that renders after the name turns the candidates into a match, for 0 more', async () => {
    const t = await setup();
    await t.report(1, inUrl(A.founder.linkedinSlug), { name: A.founder.name });
    expect(await t.state(1)).toMatchObject({ status: 'candidates' });
    await t.report(1, inUrl(A.founder.linkedinSlug), { name: A.founder.name, company: A.founderCompany.name });
    expect(await t.state(1)).toMatchObject({ status: 'matched', person: { id: A.founder.id }, matchedOn: 'name-company' });
    expect(t.charged()).toBe(5);
  });

  it('two Daniel Okafors at different companies stay apart', async () => {
    const t = await setup();
    await t.report(1, xUrl(A.sameName.first.twitterHandle)); // Harborline's, paid: 5
    await t.report(2, xUrl(A.sameName.second.twitterHandle)); // Sentinel's, paid: 5
    // The page says Sentinel Audits: the directory answers with that one, not Harborline's.
    await t.report(3, inUrl(A.sameName.second.linkedinSlug), { name: 'Daniel Okafor', company: 'Sentinel Audits' });
    expect(await t.state(3)).toMatchObject({ status: 'matched', person: { id: A.sameName.second.id }, matchedOn: 'name-company' });
    await t.report(4, inUrl(A.sameName.first.linkedinSlug), { name: 'Daniel Okafor', company: 'Harborline' });
    expect(await t.state(4)).toMatchObject({ status: 'matched', person: { id: A.sameName.first.id }, matchedOn: 'name-company' });
    expect(t.charged()).toBe(10);
    // A company neither works at: no guess from the directory; the search shows both.
    await t.report(5, inUrl('daniel-okafor-elsewhere'), { name: 'Daniel Okafor', company: 'Nimbus Exchange' });
    const s = await t.state(5);
    expect(s.status).toBe('candidates');
    expect(t.charged()).toBe(15);
  });

  it('the Daniel Okafor page that names Harborline is matched without asking (search answer)', async () => {
    const t = await setup();
    await t.report(1, inUrl(A.sameName.first.linkedinSlug), { name: 'Daniel Okafor', company: 'Harborline' });
    expect(await t.state(1)).toMatchObject({ status: 'matched', person: { id: A.sameName.first.id }, matchedOn: 'name-company' });
    expect(t.charged()).toBe(5);
  });

  it('a team (5) then two members’ X profiles: 0 more', async () => {
    const t = await setup();
    await t.report(1, xUrl(A.founderCompany.twitterHandle));
    expect(await t.state(1)).toMatchObject({ status: 'matched', organization: { id: A.founderCompany.id } });
    await t.worker.handlers.loadDetails({ view: { tabId: 1 }, target: 'organization' }, page);
    expect(t.charged()).toBe(10);
    await t.report(2, xUrl(A.founder.twitterHandle));
    await t.report(3, xUrl(A.cofounder.twitterHandle));
    expect(await t.state(2)).toMatchObject({
      status: 'matched',
      person: { id: A.founder.id },
      known: { how: 'team', of: A.founderCompany.name },
    });
    expect(await t.state(3)).toMatchObject({
      status: 'matched',
      person: { id: A.cofounder.id },
      organization: { id: A.founderCompany.id },
      matchedOn: 'x-handle',
    });
    // The team already loaded shows on the member's company card at no cost.
    expect(await t.state(3)).toMatchObject({ organizationDetail: { status: 'loaded' } });
    expect(t.charged()).toBe(10);
  });

  it('a fund’s portfolio (5) then its companies’ X pages: 0 more; the fund read completes a member’s Fund card', async () => {
    const t = await setup();
    await t.report(1, xUrl(A.fund.twitterHandle));
    await t.worker.handlers.loadDetails({ view: { tabId: 1 }, target: 'organization' }, page);
    expect(t.charged()).toBe(10);
    await t.report(2, xUrl(A.tokenUnknownProject.twitterHandle));
    await t.report(3, xUrl(A.launchpad.twitterHandle));
    expect(await t.state(2)).toMatchObject({
      status: 'matched',
      organization: { id: A.tokenUnknownProject.id },
      known: { how: 'portfolio', of: A.fund.name },
    });
    expect(await t.state(3)).toMatchObject({ status: 'matched', organization: { id: A.launchpad.id } });
    // Marcus is on the fund's team: his card and his Fund card (with its portfolio) need no call.
    await t.report(4, xUrl(A.fundPerson.twitterHandle));
    const marcus = await t.state(4);
    expect(marcus).toMatchObject({
      status: 'matched',
      person: { id: A.fundPerson.id },
      organization: { id: A.fund.id, fundType: 'vc' },
      organizationDetail: { status: 'loaded' },
    });
    expect(t.charged()).toBe(10);
  });

  it('a popup search (5) then a result’s X profile: 0 more', async () => {
    const t = await setup();
    const found = await t.worker.handlers.search({ q: A.noSlug.name }, page);
    expect(found.ok).toBe(true);
    await t.report(1, xUrl(A.noSlug.twitterHandle));
    expect(await t.state(1)).toMatchObject({
      status: 'matched',
      person: { id: A.noSlug.id },
      known: { how: 'searched', q: A.noSlug.name },
    });
    expect(t.charged()).toBe(5);
  });

  it('Refresh pays for a new answer (5) and shows it as a paid match', async () => {
    const t = await setup();
    await t.report(1, xUrl(A.founder.twitterHandle));
    await t.report(2, inUrl(A.founder.linkedinSlug), { name: A.founder.name, company: A.founderCompany.name });
    expect(t.charged()).toBe(5);
    await t.worker.handlers.lookUp({ tabId: 2, refresh: true }, page);
    expect(await t.state(2)).toMatchObject({ status: 'matched', person: { id: A.founder.id }, matchedOn: 'name-company' });
    expect(((await t.state(2)) as { known?: unknown }).known).toBeUndefined();
    expect(t.charged()).toBe(10);
    // A second click within 30 s (a double click, another tab) is that same answer: nothing more is paid.
    await t.worker.handlers.lookUp({ tabId: 2, refresh: true }, page);
    expect(t.charged()).toBe(10);
    // Later, a Refresh of an answer the cache holds still pays: it is a new answer.
    t.clock.ms += 31_000;
    await t.worker.handlers.lookUp({ tabId: 2, refresh: true }, page);
    expect(t.charged()).toBe(15);
  });

  it('“Not them?” searches the words given, shows every row as a choice, and never matches the rejected record again', async () => {
    const t = await setup();
    await t.report(1, inUrl(A.sameName.first.linkedinSlug), { name: 'Daniel Okafor', company: 'Harborline' });
    expect(await t.state(1)).toMatchObject({ person: { id: A.sameName.first.id } });
    await t.worker.handlers.lookUp({ tabId: 1, q: 'Daniel Okafor' }, page);
    const s = await t.state(1);
    expect(s.status).toBe('candidates');
    if (s.status !== 'candidates') return;
    expect(s.people.map((p) => p.id)).toEqual([A.sameName.second.id]);
    await t.worker.handlers.pickCandidate({ tabId: 1, personId: A.sameName.second.id }, page);
    expect(await t.state(1)).toMatchObject({ status: 'matched', person: { id: A.sameName.second.id }, matchedOn: 'pick' });
    // Revisiting: the pick, from the directory, at no cost.
    const before = t.charged();
    await t.report(1, 'https://x.com/home');
    await t.report(1, inUrl(A.sameName.first.linkedinSlug), { name: 'Daniel Okafor', company: 'Harborline' });
    expect(await t.state(1)).toMatchObject({ status: 'matched', person: { id: A.sameName.second.id }, matchedOn: 'pick' });
    expect(t.charged()).toBe(before);
  });

  it('“Not in the directory” on X: a search by the display name at its price, then a pick', async () => {
    const t = await setup();
    await t.report(1, xUrl('ada_alt_account'), { name: A.founder.name });
    expect(await t.state(1)).toMatchObject({ status: 'not-found' });
    await t.worker.handlers.lookUp({ tabId: 1, q: A.founder.name }, page);
    const s = await t.state(1);
    expect(s.status).toBe('candidates');
    expect(t.charged()).toBe(10);
    // Her LinkedIn page later: known from the rep's own search, said so.
    await t.report(2, inUrl(A.founder.linkedinSlug), { name: A.founder.name, company: A.founderCompany.name });
    expect(await t.state(2)).toMatchObject({ status: 'matched', known: { how: 'searched', q: A.founder.name } });
    expect(t.charged()).toBe(10);
  });

  it('a profile page LinkedIn did not show: said so, nothing searched, then only the words the rep gives (5), after which the page rendering is looked up', async () => {
    const t = await setup();
    const url = inUrl(A.founder.linkedinSlug);
    const sender = { kind: 'content-script', tabId: 1, topFrame: true } as const;
    await t.worker.handlers.reportProfile({ url, profile: { site: 'linkedin', kind: 'not-shown', url }, hints: {} }, sender);
    expect(await t.state(1)).toMatchObject({ status: 'idle', reason: 'not-shown', profile: { key: `li:in:${A.founder.linkedinSlug}` } });
    // Its address is never looked up (the popup's "Look up" is not offered there either).
    await t.worker.handlers.lookUp({ tabId: 1 }, page);
    expect(t.paths().filter((p) => p !== '/v1/me')).toEqual([]);
    await t.worker.handlers.lookUp({ tabId: 1, q: A.founder.name }, page);
    expect((await t.state(1)).status).toBe('candidates');
    expect(t.charged()).toBe(5);
    // The page renders after all: a profile shown now, matched from the answer already paid for.
    await t.report(1, url, { name: A.founder.name, company: A.founderCompany.name });
    expect(await t.state(1)).toMatchObject({ status: 'matched', person: { id: A.founder.id } });
    // Not shown, then shown without a search between: the profile shown is new, so it is looked up (known: 0).
    await t.worker.handlers.reportProfile(
      { url, profile: { site: 'linkedin', kind: 'not-shown', url }, hints: {} },
      { ...sender, tabId: 2 },
    );
    await t.report(2, url, { name: A.founder.name, company: A.founderCompany.name });
    expect(await t.state(2)).toMatchObject({ status: 'matched', person: { id: A.founder.id } });
    expect(t.charged()).toBe(5);
  });

  it('samples and errors never enter the directory', async () => {
    const t = await setup({ key: 'test_free_empty' });
    await t.report(1, xUrl(A.founder.twitterHandle));
    expect((await t.state(1)).status).toBe('sample');
    expect(await knownKeys()).toEqual([]);
  });

  it('is cleared with the cache, and lives no longer than the cache lifetime setting', async () => {
    const t = await setup();
    await t.report(1, xUrl(A.founder.twitterHandle));
    expect((await knownKeys()).length).toBeGreaterThan(0);
    await t.worker.handlers.clearCache(undefined, page);
    expect(await knownKeys()).toEqual([]);
    await t.report(2, inUrl(A.founder.linkedinSlug), { name: A.founder.name, company: A.founderCompany.name });
    expect(t.charged()).toBe(10);
  });

  it('another account does not see this account’s directory', async () => {
    const emulator = createEmulator();
    const t = await setup({ emulator });
    await t.report(1, xUrl(A.founder.twitterHandle));
    const other = await t.worker.handlers.saveApiKey({ apiKey: 'test_starter', baseUrl: BASE }, page);
    expect(other.ok).toBe(true);
    await t.report(2, inUrl(A.founder.linkedinSlug), { name: A.founder.name, company: A.founderCompany.name });
    expect(emulator.control.ledger('test_starter').filter((e) => e.path === '/v1/search')).toHaveLength(1);
  });
});

describe('exact reveal price', () => {
  it('a contact already unlocked by this account: reserved, charged and booked at 5', async () => {
    const emulator = createEmulator();
    // Another install of the same account unlocked Ada earlier (10).
    const first = await setup({ emulator, key: 'test_pro_2' });
    await first.report(1, xUrl(A.founder.twitterHandle));
    await first.worker.handlers.reveal({ view: { tabId: 1 }, personId: A.founder.id, confirmed: true }, page);
    first.worker.stop();
    fakeBrowser.reset();
    records = testRecords();
    const t = await setup({ emulator });
    const before = emulator.control.ledger('test_pro').length;
    await t.report(1, xUrl(A.founder.twitterHandle.toLowerCase()));
    expect(await t.state(1)).toMatchObject({ status: 'matched', person: { id: A.founder.id, isLocked: false } });
    const out = await t.worker.handlers.reveal({ view: { tabId: 1 }, personId: A.founder.id, confirmed: true }, page);
    expect(out).toMatchObject({ ok: true, creditsCharged: 5 });
    const spent = emulator.control.ledger('test_pro').slice(before);
    expect(spent.map((e) => e.creditsCharged)).toEqual([5, 5]);
    const spending = await t.worker.handlers.getSpending(undefined, page);
    const check = checkMoneyInvariant(spending.entries, emulator.control.ledger('test_pro'));
    expect(check, check.problem).toMatchObject({ ok: true });
  });

  it.each([
    // A first reveal holds 15 of today's budget while on the wire (10, and a resend re-read at 5).
    ['12 left today: refused before anything is sent', 17, false, 0],
    ['20 left today: revealed for exactly the quoted 10', 25, true, 10],
  ])('%s', async (_, dailyBudget, ok, revealCharge) => {
    const t = await setup({ settings: { dailyBudget } });
    await t.report(1, xUrl(A.founder.twitterHandle));
    expect(t.charged()).toBe(5);
    const before = t.paths().length;
    const out = await t.worker.handlers.reveal({ view: { tabId: 1 }, personId: A.founder.id, confirmed: true, quoted: 10 }, page);
    expect(out.ok).toBe(ok);
    if (!out.ok)
      expect(out).toMatchObject({
        reason: 'budget',
        message: expect.stringMatching(/has 12 credits left; this call needs 15 credits set aside/),
      });
    expect(t.paths().length).toBe(before + (ok ? 1 : 0));
    expect(t.charged()).toBe(5 + revealCharge);
  });

  it('a lead saved under another account is revealed as a first reveal: quoted 10, charged 10, never more', async () => {
    const leads = testLeadStore();
    // Saved under acc_pro, whose record says the contact is unlocked (for acc_pro).
    const person = aPerson({ id: A.founder.id, firstName: 'Ada', lastName: 'Lindqvist', isLocked: false, company: null });
    await leads.save({ person, organization: null, accountId: 'acc_pro', savedFrom: null });
    const t = await setup({ key: 'test_team', leads });
    // The Leads page's dialog, told the record is another account's, quoted 10; a page still quoting 5 is refused unsent.
    const stale = await t.worker.handlers.revealLead({ personId: person.id, confirmed: true, quoted: 5 }, page);
    expect(stale).toMatchObject({ ok: false, message: expect.stringMatching(/now costs 10 credits, not 5 credits/) });
    expect(t.charged()).toBe(0);
    const out = await t.worker.handlers.revealLead({ personId: person.id, confirmed: true, quoted: 10 }, page);
    expect(out).toMatchObject({ ok: true, creditsCharged: 10 });
    expect(t.charged()).toBe(10);
    const spending = await t.worker.handlers.getSpending(undefined, page);
    expect(spending.entries.map((e) => [e.endpoint, e.creditsCharged, e.note])).toEqual([['reveal', 10, undefined]]);
  });

  it.each([
    ['test_pro_low', /needs 7 more credits/],
    ['test_free_low', /would answer with a sample/],
  ])('%s: a reveal that cannot succeed is refused before anything is sent', async (key, reason) => {
    const t = await setup({ key });
    await t.worker.handlers.showRecord(
      { person: { id: A.founder.id, firstName: 'Ada', lastName: 'Lindqvist', isLocked: true } as never },
      page,
    );
    const before = t.paths().length;
    const out = await t.worker.handlers.reveal({ view: { selection: true }, personId: A.founder.id, confirmed: true }, page);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.message).toMatch(reason);
    expect(t.paths().length).toBe(before);
  });
});
