import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createEmulator, type Emulator } from '@/tests/emulator';
import { anAccount } from '@/tests/support/records';
import { API_KEY_RECORD_NAME, createApiKeyStore, type ApiKeyStore } from '@/lib/settings/api-key';
import { indexedDbSecretStore, memorySecretStore, type SecretStore } from '@/lib/settings/secret-store';
import { defineSettingsItem } from '@/lib/settings/settings-item';
import { ACCOUNT_KEY } from '@/lib/storage/keys';
import { memoryKvStore } from '@/tests/support/memory-kv-store';
import { AccountSession } from './account-session';

const BASE = 'http://127.0.0.1:8787';
/** Where a rewritten storage.local would send the key, if anything read it. */
const EVIL = 'http://localhost:6666';

beforeEach(() => fakeBrowser.reset());

interface Sent {
  url: string;
  authorization: string | null;
}

/** One background: an emulator behind a fetch that records every request, and sessions over one secret store. */
function world(opts: { emulator?: Emulator; secrets?: () => SecretStore } = {}) {
  const emulator = opts.emulator ?? createEmulator();
  const sent: Sent[] = [];
  const secrets = memorySecretStore();
  /** The worker's records (the stored /v1/me answer among them), kept across restarts. */
  const records = memoryKvStore();
  const makeSecrets = opts.secrets ?? (() => secrets);
  let answer: ((url: string) => Promise<Response> | null) | null = null;
  const fetch = async (input: string, init: RequestInit) => {
    sent.push({ url: input, authorization: new Headers(init.headers).get('Authorization') });
    return (await answer?.(input)) ?? emulator.fetch(input, init);
  };
  const changes: boolean[] = [];
  /** A worker (re)start: a new session, and a new key store over the same secrets (as a new background opens its IndexedDB). */
  const start = async (store: ApiKeyStore = createApiKeyStore({ secrets: makeSecrets(), legacy: fakeBrowser.storage.local })) => {
    const s = new AccountSession({ fetch, now: () => 1_000, apiKey: store, store: records, onKeyRejectedChange: (v) => changes.push(v) });
    await s.load();
    return s;
  };
  return {
    emulator,
    sent,
    secrets,
    records,
    changes,
    start,
    /** Answers matching requests itself (status and body) instead of the emulator. */
    answerWith: (f: typeof answer) => (answer = f),
    origins: () => sent.map((r) => new URL(r.url).origin),
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('AccountSession: a refused key stays refused until a save or a retry', () => {
  it('rejectKey once tells the meter once; a retry whose /v1/me answers 200 clears it', async () => {
    const w = world();
    const s = await w.start();
    await s.save('test_pro', BASE);
    await s.rejectKey();
    await s.rejectKey();
    expect(s.keyRejected).toBe(true);
    expect(await s.retryKey()).toBe(false);
    expect(s.keyRejected).toBe(false);
    expect(w.changes).toEqual([true, false]);
  });

  it('a 401 on the free /v1/me refresh rejects the key; removing the key clears the flag', async () => {
    const w = world();
    const s = await w.start();
    await s.save('test_pro', BASE);
    w.emulator.control.setAccount('test_pro', { revoked: true });
    expect(await s.refresh()).toBeNull();
    expect(s.keyRejected).toBe(true);
    await s.remove();
    expect(s.keyRejected).toBe(false);
    expect(s.hasKey).toBe(false);
    expect(w.changes).toEqual([true, false]);
  });

  it('a removal cut short before the stored account went (the clear runner removes it after the key): the next start has no account', async () => {
    const w = world();
    const first = await w.start();
    await first.save('test_pro', BASE);
    await first.remove(); // the worker stops here: key-removed's clear never ran
    expect(Object.keys(await w.records.getMany(''))).toContain(ACCOUNT_KEY);
    const next = await w.start();
    expect([next.hasKey, next.account, next.accountId]).toEqual([false, null, null]);
  });

  it('after a worker or browser restart the key is still refused and nothing is sent with it', async () => {
    // A real IndexedDB adapter (fake-indexeddb): every start opens its own connection to the same database,
    // as a restarted background does (storage.session, where the meter lives, does not survive a browser restart).
    const factory = new IDBFactory();
    const w = world({ secrets: () => indexedDbSecretStore(factory) });
    const first = await w.start();
    await first.save('test_pro', BASE);
    w.emulator.control.setAccount('test_pro', { revoked: true });
    const search = await first.client()!.search('ada');
    expect(search.ok || search.error.kind).toBe('unauthorized');
    await first.rejectKey(); // what the worker does with that 401
    const before = w.sent.length;

    await fakeBrowser.storage.session.clear();
    const second = await w.start();
    expect(second.keyRejected).toBe(true);
    expect(second.hasKey).toBe(true);
    expect(second.account?.id).toBe(first.account?.id); // the stored account, shown as refused
    // Nothing on load, nothing on the start's refresh, nothing from a client call (a lookup queued before).
    expect(await second.refresh()).toBeNull();
    const refused = await second.client()!.search('ada');
    expect(refused.ok ? 'sent' : refused.error.kind).toBe('unauthorized');
    expect(w.sent.length).toBe(before);
  });

  it.each([
    // the retry's /v1/me answers → still refused after it, its answer
    ['200', false, null],
    ['401', true, json(401, { error: 'unauthorized' })],
    ['429', true, json(429, { error: 'rate limited' })],
    ['500', true, json(500, { error: 'down' })],
    ['a web page (wrong host)', true, new Response('<html></html>', { status: 404, headers: { 'content-type': 'text/html' } })],
  ] as const)('retryKey: one free GET /v1/me answering %s → still refused: %s', async (_label, stillRefused, response) => {
    const w = world();
    await (await w.start()).save('test_pro', BASE);
    const refusedOne = await w.start();
    await refusedOne.rejectKey();
    const s = await w.start(); // after a restart
    w.sent.length = 0;
    w.answerWith((url) => (response && url.endsWith('/v1/me') ? Promise.resolve(response.clone()) : null));
    // Two retries at once (two "Retry" clicks) share the one call.
    expect(await Promise.all([s.retryKey(), s.retryKey()])).toEqual([stillRefused, stillRefused]);
    expect(w.sent.map((r) => new URL(r.url).pathname)).toEqual(['/v1/me']);
    expect(s.keyRejected).toBe(stillRefused);
    // And so it stays after the next restart.
    expect((await w.start()).keyRejected).toBe(stillRefused);
    if (!stillRefused) expect(await w.records.get('account')).toMatchObject({ checkedAt: 1_000 });
  });

  it('a network failure on the retry changes nothing either', async () => {
    const w = world();
    const s = await w.start();
    await s.save('test_pro', BASE);
    await s.rejectKey();
    w.answerWith(() => Promise.reject(new TypeError('fetch failed')));
    expect(await s.retryKey()).toBe(true);
    expect(s.keyRejected).toBe(true);
  });

  it('retryKey on a key that is not refused sends nothing', async () => {
    const w = world();
    const s = await w.start();
    await s.save('test_pro', BASE);
    w.sent.length = 0;
    expect(await s.retryKey()).toBe(false);
    expect(w.sent).toEqual([]);
  });

  it('saving a key (even the same one) clears the refusal in the same write', async () => {
    const w = world();
    const s = await w.start();
    await s.save('test_pro', BASE);
    await s.rejectKey();
    expect(JSON.parse(w.secrets.data.get(API_KEY_RECORD_NAME)!)).toMatchObject({ refusedAt: 1_000 });
    await s.save('test_pro', BASE);
    expect(JSON.parse(w.secrets.data.get(API_KEY_RECORD_NAME)!)).toEqual({ key: 'test_pro', baseUrl: BASE });
    expect((await w.start()).keyRejected).toBe(false);
  });
});

describe('AccountSession: the key goes only to the address saved with it', () => {
  it('save binds key and address in one secret-store write; a refused save writes nothing', async () => {
    const w = world();
    const writes: Array<[string, string]> = [];
    const recording: SecretStore = { ...w.secrets, set: async (n, v) => (writes.push([n, v]), w.secrets.set(n, v)) };
    const s = await w.start(createApiKeyStore({ secrets: recording }));
    writes.length = 0; // the one-time migration marker
    expect(await s.save('test_revoked', BASE)).toMatchObject({ ok: false });
    expect(writes).toEqual([]);
    expect(await s.save('test_pro', `${BASE}/`)).toMatchObject({ ok: true, baseUrl: BASE });
    expect(writes).toEqual([[API_KEY_RECORD_NAME, JSON.stringify({ key: 'test_pro', baseUrl: BASE })]]);
    // Nothing about the key or its address in storage.local (settings, account) at all.
    expect(JSON.stringify(await fakeBrowser.storage.local.get(null))).not.toMatch(/test_pro|"apiBaseUrl"/);
    expect(s.baseUrl).toBe(BASE);
  });

  // Everything a page (or, on Firefox, a content script) can write in storage.local that could look like
  // an address for the key: none of it is read.
  const rewrites: Array<[string, Record<string, unknown>]> = [
    ['settings.apiBaseUrl', { settings: { dailyBudget: 150, apiBaseUrl: EVIL } }],
    ['settings.baseUrl and friends', { settings: { baseUrl: EVIL, apiUrl: EVIL, apiHost: EVIL } }],
    ['a top-level apiBaseUrl / baseUrl', { apiBaseUrl: EVIL, baseUrl: EVIL }],
    ['the stored account’s baseUrl (the /v1/me answer)', { account: { account: anAccount({ baseUrl: EVIL }), checkedAt: 1 } }],
    ['the legacy address and a planted legacy key', { legacyApiBaseUrl: EVIL, apiKey: 'planted' }],
  ];

  it.each(rewrites)('a storage.local rewrite of %s does not move the key, live or after a restart', async (_label, write) => {
    const w = world();
    const live = await w.start();
    await live.save('test_pro', BASE);
    await fakeBrowser.storage.local.set(write);
    const restarted = await w.start();
    for (const s of [live, restarted]) {
      expect(s.baseUrl).toBe(BASE);
      await s.client()!.search('ada');
      await s.refresh();
    }
    expect(w.sent.length).toBeGreaterThan(4);
    expect(new Set(w.origins())).toEqual(new Set([BASE]));
    expect(w.sent.every((r) => r.authorization === 'Bearer test_pro')).toBe(true);
  });
});

describe('AccountSession: a key from an earlier version is bound to the address it was used with', () => {
  const OLD = 'http://127.0.0.1:9911'; // not the build default: the emulator answers only there

  it.each([
    ['the secret store (previous version)', { settings: { apiBaseUrl: OLD, dailyBudget: 9 }, settings$: { v: 2 } }, { apiKey: 'test_pro' }],
    [
      'storage.local (the version before)',
      { apiKey: 'test_pro', settings: { apiBaseUrl: OLD, autoLookup: true }, settings$: { v: 1 } },
      {},
    ],
  ])('a key in %s and settings.apiBaseUrl, after the settings migration ran first', async (_label, local, secrets) => {
    const w = world({ emulator: createEmulator({ baseUrl: OLD }) });
    for (const [name, value] of Object.entries(secrets)) await w.secrets.set(name, value);
    await fakeBrowser.storage.local.set(local);
    // As in the background: start() reads the settings (running their v3 migration) before the session loads.
    await defineSettingsItem().migrate();
    expect((await fakeBrowser.storage.local.get('settings')).settings).not.toHaveProperty('apiBaseUrl');

    const s = await w.start();
    expect(s.hasKey).toBe(true);
    expect(s.baseUrl).toBe(OLD);
    expect(await s.refresh()).not.toBeNull();
    expect(w.origins()).toEqual([OLD]);
    // Bound once: the legacy places are empty, and a later rewrite of them moves nothing.
    expect(await fakeBrowser.storage.local.get(['apiKey', 'legacyApiBaseUrl'])).toEqual({});
    await fakeBrowser.storage.local.set({ legacyApiBaseUrl: EVIL, settings: { apiBaseUrl: EVIL } });
    expect((await w.start()).baseUrl).toBe(OLD);
  });
});
