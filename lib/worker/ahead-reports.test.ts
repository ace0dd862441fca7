import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ANCHORS } from '@/tests/emulator';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import type { ProfileReport } from '@/lib/profile/types';
import { tabStateItem } from '@/lib/tab-state/items';
import { JOURNAL_PREFIX } from '@/lib/storage/keys';
import { checkMoneyInvariant } from '@/tests/support/money-invariant';
import { EXTENSION_PAGE, startTestWorker } from '@/tests/support/test-worker';
import { AheadReports } from './ahead-reports';

const TAB = 4;
const from = { kind: 'content-script', tabId: TAB, topFrame: true } as const;
const report = (path: string, ahead?: true): ProfileReport => {
  const url = `https://x.com${path}`;
  return { url, profile: parseProfileUrl(url), hints: {}, ...(ahead ? { ahead } : {}) };
};
const P = ANCHORS.founder.twitterHandle!;
const Q = ANCHORS.cofounder.twitterHandle!;
const keyOf = (handle: string) => `x:${handle.toLowerCase()}`;
const until = async (check: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 200 && !(await check()); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

beforeEach(() => fakeBrowser.reset());
afterEach(() => vi.useRealTimers());

describe('AheadReports', () => {
  const made = () => {
    const refuted: Array<[number, string, boolean]> = [];
    return { a: new AheadReports((t, k, timedOut) => refuted.push([t, k, timedOut]), 50), refuted };
  };

  it.each<[string, Array<[string | null, boolean]>, boolean, Array<[number, string, boolean]>]>([
    [
      'the same profile vouched for confirms',
      [
        ['x:p', true],
        ['x:p', false],
      ],
      true,
      [],
    ],
    [
      'another profile vouched for refutes',
      [
        ['x:p', true],
        ['x:q', false],
      ],
      false,
      [[TAB, 'x:p', false]],
    ],
    [
      '"the page left" refutes',
      [
        ['x:p', true],
        [null, false],
      ],
      false,
      [[TAB, 'x:p', false]],
    ],
    [
      'another profile said ahead refutes',
      [
        ['x:p', true],
        ['x:q', true],
      ],
      false,
      [[TAB, 'x:p', false]],
    ],
    [
      'the same said twice ahead still waits for the browser, then confirms',
      [
        ['x:p', true],
        ['x:p', true],
        ['x:p', false],
      ],
      true,
      [],
    ],
  ])('%s', async (_, heard, confirmed, refuted) => {
    const t = made();
    const [first, ...rest] = heard;
    t.a.heard(TAB, first![0], first![1]);
    const answer = t.a.confirmed(TAB, 'x:p');
    for (const [key, ahead] of rest) t.a.heard(TAB, key, ahead);
    expect(await answer).toBe(confirmed);
    expect(t.refuted).toEqual(refuted);
  });

  describe("the tab's address as the browser commits it", () => {
    const watched = () => {
      const refuted: Array<[number, string, boolean]> = [];
      const tab = { onUrl: null as ((tabId: number, url: string) => void) | null, subscriptions: 0 };
      const watch = (onUrl: (tabId: number, url: string) => void) => {
        tab.onUrl = onUrl;
        tab.subscriptions++;
        return () => (tab.onUrl = null);
      };
      const a = new AheadReports((t, k, timedOut) => refuted.push([t, k, timedOut]), 50, watch);
      const names = (url: string) => url === 'https://x.com/p';
      return { a, refuted, tab, names };
    };

    it('naming the profile said ahead confirms it before the page reports, and is then no longer followed', async () => {
      const t = watched();
      expect(t.tab.onUrl).toBeNull(); // nothing waits: nothing followed
      t.a.heard(TAB, 'x:p', true, t.names);
      const answer = t.a.confirmed(TAB, 'x:p');
      t.tab.onUrl!(TAB, 'https://x.com/p');
      expect(await answer).toBe(true);
      expect([t.refuted, t.tab.onUrl, t.tab.subscriptions]).toEqual([[], null, 1]);
      t.a.heard(TAB, 'x:p', false); // the page's own report, after: nothing left to settle
      expect(t.refuted).toEqual([]);
    });

    it.each([
      ['another profile (an older move, arriving late)', TAB, 'https://x.com/q'],
      ['another tab at that profile', TAB + 1, 'https://x.com/p'],
    ])('naming %s settles nothing: the page’s report still decides', async (_, tabId, url) => {
      const t = watched();
      t.a.heard(TAB, 'x:p', true, t.names);
      const answer = t.a.confirmed(TAB, 'x:p');
      t.tab.onUrl!(tabId, url);
      t.a.heard(TAB, 'x:q', false);
      expect(await answer).toBe(false);
      expect([t.refuted, t.tab.onUrl]).toEqual([[[TAB, 'x:p', false]], null]);
    });

    it('while a panel watches, addresses are followed before any report (a listener added on the report hears the commit too late)', async () => {
      const t = watched();
      t.a.follow(true);
      expect(t.tab.subscriptions).toBe(1);
      t.a.heard(TAB, 'x:p', true, t.names);
      const answer = t.a.confirmed(TAB, 'x:p');
      t.tab.onUrl!(TAB, 'https://x.com/p');
      expect(await answer).toBe(true);
      expect([t.refuted, t.tab.subscriptions, t.tab.onUrl !== null]).toEqual([[], 1, true]); // still followed: a panel watches
      t.a.heard(TAB, 'x:p', true, t.names);
      t.a.follow(false);
      expect(t.tab.onUrl).not.toBeNull(); // a report still waits for its word
      t.a.heard(TAB, 'x:p', false);
      expect(t.tab.onUrl).toBeNull();
    });

    it('a report said ahead without a way to read addresses waits for the page as before', async () => {
      const t = watched();
      t.a.heard(TAB, 'x:p', true);
      expect(t.tab.onUrl).toBeNull();
      const answer = t.a.confirmed(TAB, 'x:p');
      t.a.heard(TAB, 'x:p', false);
      expect(await answer).toBe(true);
    });
  });

  it('no word from the browser in time refutes (timed out); nothing said ahead sends at once', async () => {
    vi.useFakeTimers();
    const t = made();
    expect(await t.a.confirmed(TAB, 'x:p')).toBe(true);
    t.a.heard(TAB, 'x:p', true);
    const answer = t.a.confirmed(TAB, 'x:p');
    expect(await t.a.confirmed(TAB + 1, 'x:p')).toBe(true); // another tab's lookup does not wait
    await vi.advanceTimersByTimeAsync(50);
    expect(await answer).toBe(false);
    expect(t.refuted).toEqual([[TAB, 'x:p', true]]);
  });
});

describe('a lookup begun on a report said ahead of the browser', () => {
  it('is journaled at once and sent only when the browser vouches for the same profile: one search, one charge', async () => {
    const { h, emulator, records, key } = await startTestWorker();
    const searches = () => emulator.control.ledger(key).filter((e) => e.path === '/v1/search').length;
    const journal = async () => Object.keys(await records.store().getMany(JOURNAL_PREFIX)).length;
    const done = h.reportProfile(report(`/${P}`, true), from);
    await until(async () => (await journal()) === 1);
    expect([await journal(), searches()]).toEqual([1, 0]);
    await h.reportProfile(report(`/${P}`), from);
    await done;
    await until(async () => (await journal()) === 0);
    expect((await tabStateItem(TAB).getValue())?.status).toBe('matched');
    expect([searches(), await journal()]).toEqual([1, 0]);
    const spending = await h.getSpending(undefined, EXTENSION_PAGE);
    expect(spending.entries.map((e) => e.creditsCharged)).toEqual([5]);
    expect(checkMoneyInvariant(spending.entries, emulator.control.ledger(key)).ok).toBe(true);
  });

  it("confirmed by the tab's address as the browser commits it, it is sent without waiting for the page's report: one search, one charge", async () => {
    let onUrl: ((tabId: number, url: string) => void) | null = null;
    const { h, emulator, records, key } = await startTestWorker({
      watchTabUrls: (listener) => {
        onUrl = listener;
        return () => (onUrl = null);
      },
    });
    const searches = () => emulator.control.ledger(key).filter((e) => e.path === '/v1/search').length;
    const journal = async () => Object.keys(await records.store().getMany(JOURNAL_PREFIX)).length;
    const done = h.reportProfile(report(`/${P}`, true), from);
    await until(async () => (await journal()) === 1);
    expect(searches()).toBe(0);
    onUrl!(TAB, `https://x.com/${Q}`); // another profile's address settles nothing
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(searches()).toBe(0);
    onUrl!(TAB, `https://x.com/${P}`);
    await done;
    await until(async () => (await journal()) === 0);
    expect([searches(), await journal(), onUrl]).toEqual([1, 0, null]);
    expect((await tabStateItem(TAB).getValue())?.status).toBe('matched');
    const spending = await h.getSpending(undefined, EXTENSION_PAGE);
    expect(spending.entries.map((e) => e.creditsCharged)).toEqual([5]);
    expect(checkMoneyInvariant(spending.entries, emulator.control.ledger(key)).ok).toBe(true);
  });

  it('a panel watching makes the worker follow the addresses before any report, and stop when it closes', async () => {
    let onUrl: ((tabId: number, url: string) => void) | null = null;
    const { worker, h, emulator, records, key } = await startTestWorker({
      settings: { autoLookup: 'panel-open' },
      watchTabUrls: (listener) => {
        onUrl = listener;
        return () => (onUrl = null);
      },
    });
    expect(onUrl).toBeNull();
    await worker.watch('panel-1', TAB);
    expect(onUrl).not.toBeNull();
    const done = h.reportProfile(report(`/${P}`, true), from);
    await until(async () => Object.keys(await records.store().getMany(JOURNAL_PREFIX)).length === 1);
    onUrl!(TAB, `https://x.com/${P}`); // the commit, heard by the listener already in place
    await done;
    expect(emulator.control.ledger(key).filter((e) => e.path === '/v1/search')).toHaveLength(1);
    expect((await tabStateItem(TAB).getValue())?.status).toBe('matched');
    await worker.unwatch('panel-1');
    expect(onUrl).toBeNull();
  });

  it('refuted by the page the browser vouches for, nothing is sent, nothing is booked, and the journal entry is closed', async () => {
    const { h, emulator, records, key } = await startTestWorker();
    const journal = async () => Object.keys(await records.store().getMany(JOURNAL_PREFIX)).length;
    const done = h.reportProfile(report(`/${P}`, true), from);
    await until(async () => (await journal()) === 1);
    await h.reportProfile(report('/home'), from);
    await done;
    await until(async () => (await journal()) === 0);
    expect(emulator.control.ledger(key).filter((e) => e.path === '/v1/search')).toEqual([]);
    expect(await journal()).toBe(0);
    expect(await tabStateItem(TAB).getValue()).toMatchObject({ status: 'idle', profile: null });
    expect((await h.getSpending(undefined, EXTENSION_PAGE)).entries).toEqual([]);
  });

  it('a profile already paid for shows its card on the report said ahead (nothing to send, nothing to wait for)', async () => {
    const { h, emulator, key } = await startTestWorker();
    await h.reportProfile(report(`/${Q}`), from);
    await h.reportProfile(report('/home'), from);
    const searches = emulator.control.ledger(key).length;
    await h.reportProfile(report(`/${Q}`, true), from);
    expect(await tabStateItem(TAB).getValue()).toMatchObject({ status: 'matched', profile: { key: keyOf(Q) } });
    expect(emulator.control.ledger(key).length).toBe(searches);
  });

  it('with no word from the browser, a lookup still waiting shows "dropped": nothing sent, journal entry closed', async () => {
    const { h, emulator, records, key } = await startTestWorker({ aheadConfirmMs: 40 });
    const journal = async () => Object.keys(await records.store().getMany(JOURNAL_PREFIX)).length;
    await h.reportProfile(report(`/${P}`, true), from);
    await until(async () => (await journal()) === 0 && (await tabStateItem(TAB).getValue())?.status === 'error');
    expect(await tabStateItem(TAB).getValue()).toMatchObject({ status: 'error', retryable: true, profile: { key: keyOf(P) } });
    expect(emulator.control.ledger(key).filter((e) => e.path === '/v1/search')).toEqual([]);
    expect((await h.getSpending(undefined, EXTENSION_PAGE)).entries).toEqual([]);
  });

  it('with no word from the browser, a card already shown stays', async () => {
    const { h } = await startTestWorker({ aheadConfirmMs: 40 });
    await h.reportProfile(report(`/${Q}`), from);
    await h.reportProfile(report('/home'), from);
    await h.reportProfile(report(`/${Q}`, true), from);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(await tabStateItem(TAB).getValue()).toMatchObject({ status: 'matched', profile: { key: keyOf(Q) } });
  });
});
