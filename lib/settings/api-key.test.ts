import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  API_KEY_RECORD_NAME,
  LEGACY_CHECKED_NAME,
  LEGACY_SECRET_NAME,
  createApiKeyStore,
  migrateLegacyApiKey,
  normalizeApiKey,
  parseStoredApiKey,
} from './api-key';
import { memorySecretStore, type SecretStore } from './secret-store';
import { DEFAULT_API_BASE_URL } from './settings';

beforeEach(() => {
  fakeBrowser.reset();
});

const local = () => fakeBrowser.storage.local;
const recordIn = (secrets: { data: Map<string, string> }) => {
  const raw = secrets.data.get(API_KEY_RECORD_NAME);
  return raw === undefined ? undefined : (JSON.parse(raw) as unknown);
};

describe('createApiKeyStore', () => {
  it('keeps the key with its address in one secret-store record, and never in storage.local', async () => {
    const secrets = memorySecretStore();
    const writes: string[] = [];
    const key = createApiKeyStore({ secrets: { ...secrets, set: async (n, v) => (writes.push(n), secrets.set(n, v)) }, legacy: local() });
    await local().set({ settings: { dailyBudget: 99 } });
    await key.set({ key: 'sk_live_abc123', baseUrl: 'https://api.example.com' });
    expect(await key.get()).toEqual({ key: 'sk_live_abc123', baseUrl: 'https://api.example.com' });
    // One put for key and address (the migration's marker aside): never one without the other.
    expect(writes.filter((n) => n !== LEGACY_CHECKED_NAME)).toEqual([API_KEY_RECORD_NAME]);
    expect(recordIn(secrets)).toEqual({ key: 'sk_live_abc123', baseUrl: 'https://api.example.com' });
    expect(JSON.stringify(await local().get(null))).not.toContain('sk_live');
    await key.set({ key: 'sk_live_abc123', baseUrl: 'https://api.example.com', refusedAt: 5 });
    expect(await key.get()).toEqual({ key: 'sk_live_abc123', baseUrl: 'https://api.example.com', refusedAt: 5 });
    await key.remove();
    expect(await key.get()).toBeNull();
    expect([...secrets.data.keys()]).toEqual([LEGACY_CHECKED_NAME]);
  });

  it('the first read already sees a key that an earlier version left in storage.local, bound to its settings address', async () => {
    await local().set({ apiKey: 'sk_live_old', settings: { dailyBudget: 5, apiBaseUrl: 'https://api.example.com/' } });
    const key = createApiKeyStore({ secrets: memorySecretStore(), legacy: local() });
    expect(await key.get()).toEqual({ key: 'sk_live_old', baseUrl: 'https://api.example.com' });
    expect(await local().get(null)).toEqual({ settings: { dailyBudget: 5, apiBaseUrl: 'https://api.example.com/' } });
  });

  it('a failed move leaves the key in storage.local and is tried again on the next use', async () => {
    await local().set({ apiKey: 'sk_live_old' });
    const inner = memorySecretStore();
    let failures = 1;
    const flaky: SecretStore = {
      ...inner,
      async set(name, value) {
        if (failures-- > 0) throw new Error('disk full');
        await inner.set(name, value);
      },
    };
    const key = createApiKeyStore({ secrets: flaky, legacy: local() });
    await expect(key.get()).rejects.toThrow('disk full');
    expect(await local().get('apiKey')).toEqual({ apiKey: 'sk_live_old' });
    expect(await key.get()).toEqual({ key: 'sk_live_old', baseUrl: DEFAULT_API_BASE_URL });
    expect(await local().get('apiKey')).toEqual({});
  });
});

describe('migrateLegacyApiKey: an earlier version’s key is bound to the address it was used with', () => {
  const OLD = 'https://old-api.example.com';
  it.each([
    // storage.local before (besides an unrelated `account`), secret store before → record after
    [
      'the bare key in the secret store + v2 settings.apiBaseUrl',
      { settings: { apiBaseUrl: OLD } },
      { apiKey: 'sk_old' },
      { key: 'sk_old', baseUrl: OLD },
    ],
    [
      'the bare key + the address the settings v3 migration kept aside',
      { legacyApiBaseUrl: `${OLD}/` },
      { apiKey: 'sk_old' },
      { key: 'sk_old', baseUrl: OLD },
    ],
    [
      'the bare key + a plain-http address the policy refuses',
      { settings: { apiBaseUrl: 'http://api.example.com' } },
      { apiKey: 'sk_old' },
      { key: 'sk_old', baseUrl: DEFAULT_API_BASE_URL },
    ],
    [
      'the bare key + junk for an address',
      { settings: { apiBaseUrl: 42 } },
      { apiKey: 'sk_old' },
      { key: 'sk_old', baseUrl: DEFAULT_API_BASE_URL },
    ],
    ['the bare key, no address anywhere', {}, { apiKey: 'sk_old' }, { key: 'sk_old', baseUrl: DEFAULT_API_BASE_URL }],
    [
      'the storage.local key (oldest place) + its settings address',
      { apiKey: 'sk_older', settings: { apiBaseUrl: OLD } },
      {},
      { key: 'sk_older', baseUrl: OLD },
    ],
    ['a legacy key with its wxt meta', { apiKey: 'sk_older', apiKey$: { v: 1 } }, {}, { key: 'sk_older', baseUrl: DEFAULT_API_BASE_URL }],
    ['a pasted-style legacy key is cleaned', { apiKey: ' Bearer sk_older ' }, {}, { key: 'sk_older', baseUrl: DEFAULT_API_BASE_URL }],
    [
      'the secret store’s bare key is newer than storage.local’s',
      { apiKey: 'sk_older' },
      { apiKey: 'sk_old' },
      { key: 'sk_old', baseUrl: DEFAULT_API_BASE_URL },
    ],
    [
      'a bound record already there wins',
      { apiKey: 'sk_older', settings: { apiBaseUrl: OLD } },
      { apiKey: 'sk_old', [API_KEY_RECORD_NAME]: JSON.stringify({ key: 'sk_new', baseUrl: 'https://new.example.com' }) },
      { key: 'sk_new', baseUrl: 'https://new.example.com' },
    ],
    ['a junk legacy value is dropped, not moved', { apiKey: 42 }, {}, undefined],
    ['nothing to move', { settings: { apiBaseUrl: OLD } }, {}, undefined],
    // Checked once already: what a content script writes into storage.local afterwards is deleted unread.
    [
      'after the first start, a planted key and address',
      { apiKey: 'sk_planted', legacyApiBaseUrl: 'https://evil.example' },
      { [LEGACY_CHECKED_NAME]: '1' },
      undefined,
    ],
  ] as const)('%s', async (_label, before, secretsBefore, after) => {
    await local().set({ ...before, account: { checkedAt: 1 } });
    const secrets = memorySecretStore({ ...secretsBefore });
    await migrateLegacyApiKey(secrets, local());
    expect(recordIn(secrets)).toEqual(after);
    // The legacy entries (and only those) are gone: the bare secret, the storage.local key, the kept address.
    expect(secrets.data.has(LEGACY_SECRET_NAME)).toBe(false);
    expect(secrets.data.get(LEGACY_CHECKED_NAME)).toBe('1');
    const { apiKey: _k, apiKey$: _m, legacyApiBaseUrl: _u, ...untouched } = before as Record<string, unknown>;
    expect(await local().get(null)).toEqual({ ...untouched, account: { checkedAt: 1 } });
  });
});

describe('parseStoredApiKey', () => {
  it.each([
    [JSON.stringify({ key: 'sk', baseUrl: 'https://api.example.com/' }), { key: 'sk', baseUrl: 'https://api.example.com' }],
    [JSON.stringify({ key: 'sk', baseUrl: 'https://a.example', refusedAt: 7 }), { key: 'sk', baseUrl: 'https://a.example', refusedAt: 7 }],
    [JSON.stringify({ key: 'sk', baseUrl: 'https://a.example', refusedAt: 'yes' }), { key: 'sk', baseUrl: 'https://a.example' }],
    // A key without an address it may go to is no key: it is never sent anywhere by default.
    [JSON.stringify({ key: 'sk', baseUrl: 'http://api.example.com' }), null],
    [JSON.stringify({ key: 'sk' }), null],
    [JSON.stringify({ key: '', baseUrl: 'https://a.example' }), null],
    ['sk_bare_key', null],
    ['null', null],
    [null, null],
  ])('%j → %j', (raw, expected) => {
    expect(parseStoredApiKey(raw)).toEqual(expected);
  });
});

describe('normalizeApiKey', () => {
  it.each([
    ['sk_live_abc', 'sk_live_abc'],
    ['  sk_live_abc\n', 'sk_live_abc'],
    ['"sk_live_abc"', 'sk_live_abc'],
    ['Bearer sk_live_abc', 'sk_live_abc'],
    ['sk live abc', null],
    ['', null],
    [null, null],
  ])('normalizeApiKey(%j) → %j', (input, expected) => {
    expect(normalizeApiKey(input)).toBe(expected);
  });
});
