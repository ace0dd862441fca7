import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ANCHORS, createEmulator } from '@/tests/emulator';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import { parseSettings } from '@/lib/settings/settings';
import { createApiKeyStore } from '@/lib/settings/api-key';
import { memorySecretStore } from '@/lib/settings/secret-store';
import { settingsItem } from '@/lib/settings/settings-item';
import { meterItem } from '@/lib/tab-state/items';
import { BALANCE_FRESH_MS } from '@/lib/tab-state/tab-state';
import { createWorker } from './create-worker';
import { testLeadStore } from '@/tests/support/test-leads';
import { testRecords } from '@/tests/support/test-records';

// The meter is right or dated (issue 41, item 1): the worker reads the free /v1/me when it starts with no
// fresh meter and when a page opens on one older than BALANCE_FRESH_MS, one at a time, at most once per
// that long (a failure included), and never pays for it.

const BASE = 'http://127.0.0.1:8787';
const KEY = 'test_pro';
const page = { kind: 'extension-page' } as const;
const identity = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };

/** One browser profile on a clock the test moves: every worker started on it, and every /v1/me they sent (failed ones too). */
function browserProfile() {
  const emulator = createEmulator();
  const secrets = memorySecretStore();
  const records = testRecords();
  const p = { emulator, clock: new Date(2026, 10, 28, 16, 24).getTime(), meReads: 0, offline: false, startWorker };
  async function startWorker() {
    const worker = createWorker({
      leads: testLeadStore(),
      now: () => p.clock,
      fetch: async (input, init) => {
        if (input.endsWith('/v1/me')) p.meReads++;
        if (p.offline) throw new TypeError('fetch failed');
        return emulator.fetch(input, init);
      },
      local: records.store(),
      apiKey: createApiKeyStore({ secrets }),
      identity,
      nameWaitMs: 30,
      pace: { calmMs: 0 },
      rateOptions: { maxWaitMs: 0, backoffBaseMs: 1, backoffMaxMs: 5 },
    });
    await worker.start();
    return worker;
  }
  return p;
}

const charged = (p: ReturnType<typeof browserProfile>) => p.emulator.control.ledger(KEY).reduce((sum, e) => sum + e.creditsCharged, 0);
const meter = () => meterItem.getValue();

beforeEach(async () => {
  fakeBrowser.reset();
  await settingsItem.setValue(parseSettings({ autoLookup: 'always' }));
});

describe('the meter is right or dated', () => {
  it('a browser restart reads /v1/me once at start and shows the server’s balance; a worker restart on a fresh meter reads nothing', async () => {
    const p = browserProfile();
    const first = await p.startWorker();
    expect(await first.handlers.saveApiKey({ apiKey: KEY, baseUrl: BASE }, page)).toMatchObject({ ok: true });
    expect(await meter()).toMatchObject({ balance: 6000, balanceAt: p.clock });
    first.stop();

    // Spent elsewhere meanwhile (another key of the account); the browser closes: storage.session is gone.
    p.emulator.control.setAccount(KEY, { balance: 5860 });
    await fakeBrowser.storage.session.clear();
    p.clock += 60_000;
    p.meReads = 0;
    const second = await p.startWorker();
    await expect.poll(meter).toMatchObject({ balance: 5860, balanceAt: p.clock });
    expect(p.meReads).toBe(1);

    // A paid lookup's answer moves the balance; the worker stops and starts again (storage.session kept):
    // the meter keeps that balance and its time, and nothing is asked.
    p.clock += 1000;
    const url = `https://x.com/${ANCHORS.founder.twitterHandle}`;
    await second.handlers.reportProfile(
      { url, profile: parseProfileUrl(url), hints: {} },
      { kind: 'content-script', tabId: 1, topFrame: true },
    );
    await expect.poll(async () => (await meter())?.balance).toBe(5855);
    second.stop();
    p.clock += 60_000;
    const third = await p.startWorker();
    expect(await third.handlers.getMeter(undefined, page)).toMatchObject({ balance: 5855, balanceAt: p.clock - 60_000 });
    expect(p.meReads).toBe(1);
    expect(charged(p)).toBe(5);
    third.stop();
  });

  it('a page opening on an old balance: one read at a time, none again within the window (a failure included), one after', async () => {
    const p = browserProfile();
    const worker = await p.startWorker();
    await worker.handlers.saveApiKey({ apiKey: KEY, baseUrl: BASE }, page);
    p.meReads = 0;
    const openPages = () => Promise.all([1, 2, 3].map(() => Promise.resolve(worker.handlers.getMeter(undefined, page))));

    // Still fresh: nothing asked.
    p.clock += BALANCE_FRESH_MS - 1000;
    await openPages();
    expect(p.meReads).toBe(0);

    // Old: three pages open together, one read; the server's balance arrives with its time.
    p.emulator.control.setAccount(KEY, { balance: 5720 });
    p.clock += 2000;
    await openPages();
    await expect.poll(meter).toMatchObject({ balance: 5720, balanceAt: p.clock });
    await openPages();
    expect(p.meReads).toBe(1);

    // Old again, and the read fails: not retried while pages keep opening within the window.
    p.offline = true;
    p.clock += BALANCE_FRESH_MS + 1000;
    await openPages();
    await expect.poll(() => p.meReads).toBe(2);
    p.clock += BALANCE_FRESH_MS - 1000;
    await openPages();
    expect(p.meReads).toBe(2);
    expect(await meter()).toMatchObject({ balance: 5720, balanceAt: p.clock - 2 * BALANCE_FRESH_MS });

    // A window later it asks once more, and the balance is fresh again.
    p.offline = false;
    p.clock += 2000;
    await openPages();
    await expect.poll(meter).toMatchObject({ balance: 5720, balanceAt: p.clock });
    expect(p.meReads).toBe(3);
    expect(charged(p)).toBe(0);
    worker.stop();
  });
});
