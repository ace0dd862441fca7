import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { API_KEY_NAME, createApiKeyStore, migrateLegacyApiKey, normalizeApiKey } from './api-key';
import { memorySecretStore, type SecretStore } from './secret-store';

beforeEach(() => {
  fakeBrowser.reset();
});

const local = () => fakeBrowser.storage.local;

describe('createApiKeyStore', () => {
  it('keeps the key in the secret store and never in storage.local', async () => {
    const secrets = memorySecretStore();
    const key = createApiKeyStore({ secrets, legacy: local() });
    await local().set({ settings: { dailyBudget: 99 } });
    await key.set('sk_live_abc123');
    expect(await key.get()).toBe('sk_live_abc123');
    expect(secrets.data.get(API_KEY_NAME)).toBe('sk_live_abc123');
    expect(JSON.stringify(await local().get(null))).not.toContain('sk_live');
    await key.remove();
    expect(await key.get()).toBeNull();
    expect(secrets.data.size).toBe(0);
  });

  it('the first read already sees a key that an earlier version left in storage.local', async () => {
    await local().set({ apiKey: 'sk_live_old' });
    const key = createApiKeyStore({ secrets: memorySecretStore(), legacy: local() });
    expect(await key.get()).toBe('sk_live_old');
    expect(await local().get(null)).toEqual({});
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
    expect(await key.get()).toBe('sk_live_old');
    expect(await local().get('apiKey')).toEqual({});
  });
});

describe('migrateLegacyApiKey', () => {
  it.each([
    // storage.local before, secret store before → secret store after
    ['a legacy key moves', { apiKey: 'sk_live_old' }, {}, 'sk_live_old'],
    ['a legacy key with its wxt meta moves', { apiKey: 'sk_live_old', apiKey$: { v: 1 } }, {}, 'sk_live_old'],
    ['a pasted-style legacy key is cleaned', { apiKey: ' Bearer sk_live_old ' }, {}, 'sk_live_old'],
    ['the secret store already has a newer key: it wins', { apiKey: 'sk_live_old' }, { apiKey: 'sk_live_new' }, 'sk_live_new'],
    ['a junk legacy value is dropped, not moved', { apiKey: 42 }, {}, undefined],
    ['a null legacy value is dropped', { apiKey: null }, {}, undefined],
    ['nothing to move', {}, {}, undefined],
  ] as const)('%s', async (_label, before, secretsBefore, after) => {
    await local().set({ ...before, settings: { dailyBudget: 7 }, account: { checkedAt: 1 } });
    const secrets = memorySecretStore({ ...secretsBefore });
    await migrateLegacyApiKey(secrets, local());
    expect(secrets.data.get(API_KEY_NAME)).toBe(after);
    // The key (and only the key) is gone from storage.local.
    expect(await local().get(null)).toEqual({ settings: { dailyBudget: 7 }, account: { checkedAt: 1 } });
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
