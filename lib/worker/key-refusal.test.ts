import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ANCHORS, createEmulator, type Emulator } from '@/tests/emulator';
import { anAccount } from '@/tests/support/records';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import { parseSettings } from '@/lib/settings/settings';
import { createApiKeyStore } from '@/lib/settings/api-key';
import { memorySecretStore } from '@/lib/settings/secret-store';
import { settingsItem } from '@/lib/settings/settings-item';
import { meterItem, tabStateItem } from '@/lib/tab-state/items';
import { createWorker } from './create-worker';
import { testLeadStore } from '@/tests/support/test-leads';
import { testRecords } from '@/tests/support/test-records';

// The worker around the account session: a refused key stays refused across restarts (nothing sent
// with it but an explicit retry's free /v1/me), and nothing in storage.local moves the key elsewhere.

const BASE = 'http://127.0.0.1:8787';
const EVIL = 'http://localhost:6666';
const identity = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
const page = { kind: 'extension-page' } as const;
const A = ANCHORS;
const xUrl = (handle: string) => `https://x.com/${handle}`;

/** One browser profile: the emulator, every request the workers send, and the key's store (the background's IndexedDB). */
function browserProfile(emulator: Emulator = createEmulator()) {
  const secrets = memorySecretStore();
  const records = testRecords();
  const sent: string[] = [];
  /** A (re)started background: a new worker over the same storage and secret store. */
  async function startWorker() {
    const worker = createWorker({
      leads: testLeadStore(),
      fetch: async (input, init) => {
        sent.push(input);
        // /v1/me answers late: whatever waits for it (a retry) must really wait.
        if (input.endsWith('/v1/me')) await new Promise((r) => setTimeout(r, 30));
        return emulator.fetch(input, init);
      },
      local: records.store(),
      apiKey: createApiKeyStore({ secrets, legacy: fakeBrowser.storage.local }),
      identity,
      nameWaitMs: 30,
      pace: { calmMs: 0 },
      rateOptions: { maxWaitMs: 0, backoffBaseMs: 1, backoffMaxMs: 5 },
    });
    await worker.start();
    return worker;
  }
  return {
    emulator,
    startWorker,
    records,
    sent,
    paths: () => sent.map((u) => new URL(u).pathname),
    report: (worker: Awaited<ReturnType<typeof startWorker>>, tabId: number, url: string) =>
      worker.handlers.reportProfile({ url, profile: parseProfileUrl(url), hints: {} }, { kind: 'content-script', tabId, topFrame: true }),
    state: (tabId: number) => tabStateItem(tabId).getValue(),
  };
}

beforeEach(async () => {
  fakeBrowser.reset();
  await settingsItem.setValue(parseSettings({ autoLookup: 'always' }));
});

describe('a refused key stays refused across restarts', () => {
  it('a restarted worker sends nothing with it (not even /v1/me at start) and every surface says "refused"', async () => {
    const p = browserProfile();
    const first = await p.startWorker();
    expect(await first.handlers.saveApiKey({ apiKey: 'test_pro', baseUrl: BASE }, page)).toMatchObject({ ok: true });
    p.emulator.control.setAccount('test_pro', { revoked: true });
    await p.report(first, 1, xUrl(A.founder.twitterHandle));
    expect(await p.state(1)).toMatchObject({ status: 'bad-key' });
    first.stop();

    // The browser restarts: storage.session (the meter, the tab states) is gone, the stored account stays.
    await fakeBrowser.storage.session.clear();
    await p.records.store().remove('account'); // even without a stored account, start() does not ask /v1/me
    p.sent.length = 0;
    const second = await p.startWorker();
    expect(p.sent).toEqual([]);
    expect(await meterItem.getValue()).toMatchObject({ hasKey: true, keyRejected: true });
    expect(await second.handlers.getMeter(undefined, page)).toMatchObject({ keyRejected: true });
    expect(await second.handlers.getAccount(undefined, page)).toMatchObject({ hasKey: true, baseUrl: BASE });
    // An automatic lookup and a popup search: refused here, nothing sent.
    await p.report(second, 2, xUrl(A.cofounder.twitterHandle));
    expect(await p.state(2)).toMatchObject({ status: 'bad-key' });
    expect(await second.handlers.search({ q: 'ada' }, page)).toMatchObject({ ok: false, reason: 'unauthorized' });
    expect(p.sent).toEqual([]);
  });

  it('"Retry" asks /v1/me once: still 401 → bad-key with no paid call; fixed → cleared, and the lookup is paid', async () => {
    const p = browserProfile();
    const first = await p.startWorker();
    await first.handlers.saveApiKey({ apiKey: 'test_pro', baseUrl: BASE }, page);
    p.emulator.control.setAccount('test_pro', { revoked: true });
    await p.report(first, 1, xUrl(A.founder.twitterHandle));
    first.stop();
    const worker = await p.startWorker();
    p.sent.length = 0;

    await worker.handlers.lookUp({ tabId: 1 }, page);
    expect(p.paths()).toEqual(['/v1/me']);
    expect(await p.state(1)).toMatchObject({ status: 'bad-key' });
    expect(await meterItem.getValue()).toMatchObject({ keyRejected: true });

    p.emulator.control.setAccount('test_pro', { revoked: false });
    p.sent.length = 0;
    await worker.handlers.lookUp({ tabId: 1 }, page);
    expect(p.paths()).toEqual(['/v1/me', '/v1/search']);
    expect(await p.state(1)).toMatchObject({ status: 'matched', person: { id: A.founder.id } });
    expect(await meterItem.getValue()).toMatchObject({ keyRejected: false });
  });
});

describe('nothing in storage.local moves the key', () => {
  it('rewriting settings (and every other plausible address) sends lookups and searches to the saved address only', async () => {
    const p = browserProfile();
    const first = await p.startWorker();
    await first.handlers.saveApiKey({ apiKey: 'test_pro', baseUrl: BASE }, page);
    // What a content script can do on Firefox: write storage.local.
    await fakeBrowser.storage.local.set({
      settings: { ...parseSettings({ autoLookup: 'always' }), apiBaseUrl: EVIL, baseUrl: EVIL },
      apiBaseUrl: EVIL,
      legacyApiBaseUrl: EVIL,
      account: { account: anAccount({ baseUrl: EVIL }), checkedAt: 1 },
    });
    await p.report(first, 1, xUrl(A.founder.twitterHandle));
    first.stop();
    const second = await p.startWorker();
    await p.report(second, 2, xUrl(A.cofounder.twitterHandle));
    expect(await second.handlers.search({ q: 'lumen' }, page)).toMatchObject({ ok: true });
    expect(await second.handlers.getAccount(undefined, page)).toMatchObject({ baseUrl: BASE });
    expect(p.paths().filter((x) => x === '/v1/search')).toHaveLength(3);
    expect(new Set(p.sent.map((u) => new URL(u).origin))).toEqual(new Set([BASE]));
  });
});
