import type { SecretStore } from './secret-store';

import { LEGACY_API_KEY, LEGACY_API_KEY_KEYS } from '@/lib/storage/keys';

/** The name of the key in the secret store (the same word earlier versions used in `storage.local`). */
export const API_KEY_NAME = 'apiKey';

/**
 * The API key. Held in a `SecretStore` (the background's IndexedDB), never in `storage.*`, which
 * content scripts can read on Firefox. Only the background reads it (lib/worker/account-session.ts).
 */
export interface ApiKeyStore {
  get(): Promise<string | null>;
  set(key: string): Promise<void>;
  remove(): Promise<void>;
}

/** The subset of `browser.storage.local` the migration needs. */
export interface LegacyArea {
  get(keys: string): Promise<Record<string, unknown>>;
  remove(keys: string[]): Promise<void>;
}

export interface ApiKeyStoreOptions {
  secrets: SecretStore;
  /** `browser.storage.local`: a key stored there by earlier versions is moved on first use. */
  legacy?: LegacyArea;
}

export function createApiKeyStore({ secrets, legacy }: ApiKeyStoreOptions): ApiKeyStore {
  let migrated: Promise<void> | null = null;
  // Every access waits for the one-time move, so no read can miss a key still in storage.local.
  const ready = () =>
    (migrated ??= legacy ? migrateLegacyApiKey(secrets, legacy) : Promise.resolve()).catch((e: unknown) => {
      migrated = null; // try again next time rather than stay broken
      throw e;
    });
  return {
    async get() {
      await ready();
      return normalizeApiKey(await secrets.get(API_KEY_NAME));
    },
    async set(key) {
      await ready();
      await secrets.set(API_KEY_NAME, key);
    },
    async remove() {
      await ready();
      await secrets.remove(API_KEY_NAME);
    },
  };
}

/**
 * Moves `apiKey` from storage.local into the secret store, then deletes it (and wxt's `apiKey$` meta)
 * from storage.local. A key already in the secret store is newer and wins. Written before deleting, so a
 * failure in between leaves the key in both places rather than in neither.
 */
export async function migrateLegacyApiKey(secrets: SecretStore, legacy: LegacyArea): Promise<void> {
  const stored = await legacy.get(LEGACY_API_KEY);
  if (!(LEGACY_API_KEY in stored)) return;
  const old = normalizeApiKey(stored[LEGACY_API_KEY]);
  if (old && (await secrets.get(API_KEY_NAME)) === null) await secrets.set(API_KEY_NAME, old);
  await legacy.remove([...LEGACY_API_KEY_KEYS]);
}

/** A pasted key, cleaned: surrounding whitespace, quotes and a "Bearer " prefix removed; null if empty. */
export function normalizeApiKey(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const key = raw
    .trim()
    .replace(/^["']|["']$/g, '')
    .replace(/^bearer\s+/i, '')
    .trim();
  return key && !/\s/.test(key) ? key : null;
}
