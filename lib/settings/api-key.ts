import type { SecretStore } from './secret-store';
import type { StorageAreaLike } from '@/lib/storage/kv-store';

import { checkApiBase } from '@/lib/api/api-origin-policy';
import { LEGACY_API_BASE_URL, LEGACY_API_KEY, LEGACY_API_KEY_KEYS, SETTINGS_KEY } from '@/lib/storage/keys';
import { DEFAULT_API_BASE_URL } from './settings';

/**
 * The one secret-store record of the key, its address and whether the API refused it: one IndexedDB put writes
 * all or nothing, so a key is never read with another key's address or refusal.
 */
export const API_KEY_RECORD_NAME = 'apiKeyRecord';
/** Where the previous version kept the bare key in the secret store; converted to the record on first use. */
export const LEGACY_SECRET_NAME = 'apiKey';
/** Written once the legacy places were looked at: from then on a key "left" in storage.local is deleted unread. */
export const LEGACY_CHECKED_NAME = 'legacyChecked';

/** What the secret store keeps for the saved key. */
export interface StoredApiKey {
  key: string;
  /** Where the key is sent, chosen in the same save (a key from an earlier version: its setting); never read from `storage.*`. */
  baseUrl: string;
  /** When the API answered 401 to this key (epoch ms). Absent while the key works. */
  refusedAt?: number;
}

export type ApiKeyStore = ReturnType<typeof createApiKeyStore>;

/** The subset of `browser.storage.local` the migration needs. */
type LegacyArea = Pick<StorageAreaLike, 'get' | 'remove'>;

/**
 * The API key and where it goes, in a `SecretStore` (the background's IndexedDB), never in `storage.*`, which
 * content scripts can read and write on Firefox. Only the background reads it (lib/worker/account-session.ts).
 * `legacy`: `browser.storage.local`, where earlier versions kept the key: moved from there on first use.
 */
export function createApiKeyStore({ secrets, legacy }: { secrets: SecretStore; legacy?: LegacyArea }) {
  let migrated: Promise<void> | null = null;
  // Every access waits for the one-time move, so no read can miss a key still in an old place.
  const ready = () =>
    (migrated ??= migrateLegacyApiKey(secrets, legacy)).catch((e: unknown) => {
      migrated = null; // try again next time rather than stay broken
      throw e;
    });
  return {
    async get(): Promise<StoredApiKey | null> {
      await ready();
      return parseStoredApiKey(await secrets.get(API_KEY_RECORD_NAME));
    },
    /** Replaces the whole record in one write. */
    async set(record: StoredApiKey): Promise<void> {
      await ready();
      // Only the record's own fields (JSON leaves out an absent `refusedAt`).
      const { key, baseUrl, refusedAt } = record;
      await secrets.set(API_KEY_RECORD_NAME, JSON.stringify({ key, baseUrl, refusedAt }));
    },
    async remove(): Promise<void> {
      await ready();
      await secrets.remove(API_KEY_RECORD_NAME);
    },
  };
}

/**
 * Converts what earlier versions left into the bound record, once: the bare key in the secret store, else in
 * storage.local (the oldest place), bound to the address those versions used (`legacyBaseUrl`); a record
 * already there is newer and wins. The legacy entries are deleted after the write (a failure in between
 * leaves the key in both places, never in neither), and `legacyChecked` is set: later starts delete those
 * storage.local entries unread, so a content script writing them cannot plant a key or an address.
 */
export async function migrateLegacyApiKey(secrets: SecretStore, legacy?: LegacyArea): Promise<void> {
  const checked = (await secrets.get(LEGACY_CHECKED_NAME)) !== null;
  const stored = legacy && !checked ? await legacy.get([LEGACY_API_KEY, SETTINGS_KEY, LEGACY_API_BASE_URL]) : {};
  if (!checked && (await secrets.get(API_KEY_RECORD_NAME)) === null) {
    const key = normalizeApiKey(await secrets.get(LEGACY_SECRET_NAME)) ?? normalizeApiKey(stored[LEGACY_API_KEY]);
    if (key) await secrets.set(API_KEY_RECORD_NAME, JSON.stringify({ key, baseUrl: legacyBaseUrl(stored) }));
  }
  await secrets.remove(LEGACY_SECRET_NAME);
  await legacy?.remove([...LEGACY_API_KEY_KEYS, LEGACY_API_BASE_URL]);
  if (!checked) await secrets.set(LEGACY_CHECKED_NAME, '1');
}

/**
 * The address an earlier version sent the key to: `settings.apiBaseUrl`, or the copy the settings v3 migration
 * kept aside (lib/settings/settings-item.ts), if the address policy still accepts it; else the default.
 */
function legacyBaseUrl(stored: Record<string, unknown>): string {
  const settings = stored[SETTINGS_KEY];
  const fromSettings = settings !== null && typeof settings === 'object' ? (settings as Record<string, unknown>).apiBaseUrl : undefined;
  for (const candidate of [fromSettings, stored[LEGACY_API_BASE_URL]]) {
    const checked = checkApiBase(candidate);
    if (checked.ok) return checked.baseUrl;
  }
  return DEFAULT_API_BASE_URL;
}

/** The stored record, or null when there is none or it is not one (a key without a usable address is no key). */
export function parseStoredApiKey(raw: string | null): StoredApiKey | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  const { key: rawKey, baseUrl: rawBase, refusedAt } = value as Record<string, unknown>;
  const key = normalizeApiKey(rawKey);
  const base = checkApiBase(rawBase);
  if (!key || !base.ok) return null;
  return { key, baseUrl: base.baseUrl, ...(typeof refusedAt === 'number' && Number.isFinite(refusedAt) ? { refusedAt } : {}) };
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
