/*
 * Every key this extension writes to `browser.storage.*`, in one place. Pure strings and builders (no
 * browser, no wxt), so the stores in lib/cache and lib/credits stay runnable in plain Node (bench, tests).
 * The typed @wxt-dev/storage items built on these keys, with their versions and migrations, are in
 * ./items.ts. Changing a string here orphans what existing users have stored: add a migration instead.
 *
 * storage.local — persistent, never readable by content scripts on Chromium (background sets
 * TRUSTED_CONTEXTS); holds no secret (the API key is in the background's IndexedDB, lib/settings/api-key.ts):
 *   settings                         user settings (versioned item, ./items.ts)
 *   account                          the last GET /v1/me answer (never the key)
 *   cache:<acct>:<key>               response cache entries        (lib/cache/response-cache.ts)
 *   inflight:<acct>:<key>            a paid call in flight         (lib/cache/response-cache.ts)
 *   known:<acct>:<id>                records already paid for      (lib/worker/known-store.ts)
 *   reveal:<acct>:<person>           revealed contact channels     (lib/credits/reveals.ts)
 *   ledger:<day>:<at>:<n>            credit ledger, one key per entry (lib/credits/ledger.ts)
 *   credits:halt                     the 402 halt                  (lib/credits/credit-governor.ts)
 *   credits:raise                    "+50 today": today's raise     (lib/credits/credit-governor.ts)
 *   pick:<acct>:<profile>            the candidate a user picked for a profile
 *   notthem:<acct>:<profile>         a record the user said is not this profile ("Not them?")
 *   apiKey, apiKey$                  legacy: the key as earlier versions stored it; moved out, then deleted
 *   legacyApiBaseUrl                 legacy: settings.apiBaseUrl as v2 settings held it, kept by the v3
 *                                    migration until the background binds the old key to it, then deleted
 * storage.session — cleared with the browser session, extension contexts only:
 *   tab:<tabId>                      each tab's state (the worker writes, the pages watch)
 *   selection                        the back stack of cards opened over the followed tab
 *   meter                            the credit meter
 *
 * `<acct>` is the account id URI-encoded, so "a:b" never shares a prefix with "a".
 */

/** wxt's area-qualified names of the items in ./items.ts. */
export const SETTINGS_ITEM = 'local:settings';
/** The same item's key in `browser.storage.local` (the legacy key migration reads it raw). */
export const SETTINGS_KEY = 'settings';
export const ACCOUNT_ITEM = 'local:account';
export const SELECTION_ITEM = 'session:selection';
export const METER_ITEM = 'session:meter';
export const tabStateItemKey = (tabId: number) => `session:tab:${tabId}` as const;
/** A key of `browser.storage.session.get(null)` (wxt drops the area prefix) that holds a tab's state. */
export const isTabStateKey = (rawKey: string): boolean => /^tab:\d+$/.test(rawKey);

const acct = (accountId: string) => encodeURIComponent(accountId);

/** The response cache (lib/cache/response-cache.ts). */
export const CACHE_PREFIX = 'cache:';
export const INFLIGHT_PREFIX = 'inflight:';
export const cacheAccountPrefix = (accountId: string) => `${CACHE_PREFIX}${acct(accountId)}:`;
export const inflightAccountPrefix = (accountId: string) => `${INFLIGHT_PREFIX}${acct(accountId)}:`;
export const cacheEntryKey = (accountId: string, key: string) => `${cacheAccountPrefix(accountId)}${key}`;
export const inflightKey = (accountId: string, key: string) => `${inflightAccountPrefix(accountId)}${key}`;

/** Records already paid for (lib/worker/known-store.ts). */
export const KNOWN_PREFIX = 'known:';
export const knownAccountPrefix = (accountId: string) => `${KNOWN_PREFIX}${acct(accountId)}:`;
export const knownKey = (accountId: string, id: string) => `${knownAccountPrefix(accountId)}${id}`;

/** Revealed contact channels (lib/credits/reveals.ts). The person id is encoded too. */
export const REVEAL_PREFIX = 'reveal:';
export const revealAccountPrefix = (accountId: string) => `${REVEAL_PREFIX}${acct(accountId)}:`;
export const revealKey = (accountId: string, personId: string) => `${revealAccountPrefix(accountId)}${encodeURIComponent(personId)}`;
/** wxt's name of the same entry, for the pages that read one reveal (./items.ts `revealItem`). */
export const revealItemKey = (accountId: string, personId: string) => `local:${revealKey(accountId, personId)}` as const;

/** The credit ledger (lib/credits/ledger.ts): one key per entry, so appends never rewrite a list. */
export const LEDGER_PREFIX = 'ledger:';
export const ledgerKey = (day: string, at: number, unique: string) => `${LEDGER_PREFIX}${day}:${String(at).padStart(13, '0')}:${unique}`;

/** The credit governor's 402 halt (lib/credits/credit-governor.ts). */
export const HALT_KEY = 'credits:halt';
/** "+50 today": a budget raise for one local day, stored with its day key (lib/credits/credit-governor.ts). */
export const RAISE_KEY = 'credits:raise';

/** A candidate the user picked for a profile: the next visit shows it at no cost. */
export const pickKey = (accountId: string, profileKey: string) => `pick:${acct(accountId)}:${profileKey}`;
/** A record the user said is not this profile ("Not them?"): never matched to it automatically again. */
export const notThemKey = (accountId: string, profileKey: string) => `notthem:${acct(accountId)}:${profileKey}`;

/** Where earlier versions kept the API key (wxt's `local:apiKey` and its `$` meta): migrated away. */
export const LEGACY_API_KEY = 'apiKey';
export const LEGACY_API_KEY_KEYS: readonly string[] = [LEGACY_API_KEY, `${LEGACY_API_KEY}$`];
/**
 * Where the settings v3 migration (./items.ts) keeps v2's `settings.apiBaseUrl` until the background has
 * bound an earlier version's key to it (lib/settings/api-key.ts); deleted then. Read only for that one move.
 */
export const LEGACY_API_BASE_URL = 'legacyApiBaseUrl';
