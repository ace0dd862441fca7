/*
 * Every key this extension writes to `browser.storage.*`, in one place: each key family once, as data
 * (`STORAGE_FAMILIES`), with its area, its prefix or exact keys, the file that owns it, whether its keys
 * are scoped to an account, and the events that clear it. Pure strings and builders (no browser, no
 * wxt), so the stores in lib/cache and lib/credits stay runnable in plain Node (bench, tests). The
 * typed @wxt-dev/storage items built on these keys, with their versions and migrations, are in
 * ./items.ts. Changing a string here orphans what existing users have stored: add a migration instead.
 *
 * storage.local is persistent and never readable by content scripts on Chromium (the background sets
 * TRUSTED_CONTEXTS); it holds no secret (the API key is in the background's IndexedDB,
 * lib/settings/api-key.ts). storage.session is cleared with the browser session and readable by
 * extension contexts only.
 *
 * `<acct>` in a per-account key is the account id URI-encoded, so "a:b" never shares a prefix with "a".
 */

/**
 * What clears stored keys: `key-change`, any new API key saved (when it names another account,
 * `account-change` comes with it); `account-change`, the key now names another account than before, or
 * none; `key-removed`, the user removed the key; `cache-clear`, the options page's "Clear cache".
 */
export type ClearEvent = 'key-change' | 'account-change' | 'key-removed' | 'cache-clear';

interface FamilyCommon {
  area: 'local' | 'session';
  /** The file that writes it. */
  owner: string;
  /** Its keys carry `<acct>` right after the prefix, so one account's can be cleared alone. */
  perAccount: boolean;
  /** The events after which the family (for a per-account family: the account's part) is removed. */
  clearOn: readonly ClearEvent[];
}
/** A family is a prefix (every key that starts with it) or a fixed set of exact keys. */
export type StorageFamily = FamilyCommon & ({ prefix: string } | { keys: readonly string[] });

export const STORAGE_FAMILIES = {
  // ── storage.local ──
  /** User settings (versioned item, ./items.ts; wxt keeps its version in `settings$`). */
  settings: {
    area: 'local',
    keys: ['settings', 'settings$'],
    owner: 'lib/settings/stored-settings.ts',
    perAccount: false,
    clearOn: [],
  },
  /** The last GET /v1/me answer (never the key): rewritten by every /v1/me, a key change's included. */
  account: { area: 'local', keys: ['account'], owner: 'lib/worker/account-session.ts', perAccount: false, clearOn: ['key-removed'] },
  /** Response cache entries: `cache:<acct>:<cache key>`. */
  cache: {
    area: 'local',
    prefix: 'cache:',
    owner: 'lib/cache/response-cache.ts',
    perAccount: true,
    clearOn: ['account-change', 'key-removed', 'cache-clear'],
  },
  /** A paid call in flight (shared by every asker): `inflight:<acct>:<cache key>`; cleared with the cache it fills. */
  inflight: {
    area: 'local',
    prefix: 'inflight:',
    owner: 'lib/cache/response-cache.ts',
    perAccount: true,
    clearOn: ['account-change', 'key-removed', 'cache-clear'],
  },
  /** Records already paid for, kept for the cache's lifetime: `known:<acct>:<entry id>`. */
  known: {
    area: 'local',
    prefix: 'known:',
    owner: 'lib/worker/known-store.ts',
    perAccount: true,
    clearOn: ['account-change', 'key-removed', 'cache-clear'],
  },
  /** Revealed contact channels, `reveal:<acct>:<person>`: the user's paid record, never cleared by these events. */
  reveal: { area: 'local', prefix: 'reveal:', owner: 'lib/credits/reveals.ts', perAccount: true, clearOn: [] },
  /** The credit ledger, one key per entry (`ledger:<day>:<at>:<n>`): the spending record; only its retention prunes it. */
  ledger: { area: 'local', prefix: 'ledger:', owner: 'lib/credits/ledger.ts', perAccount: false, clearOn: [] },
  /** The write-ahead journal of paid requests on the wire (`journal:<id>`): money, never cleared (settling closes an entry). */
  journal: { area: 'local', prefix: 'journal:', owner: 'lib/credits/spend-journal.ts', perAccount: false, clearOn: [] },
  /**
   * Unknown outcomes per request path (`unknown:<acct>:<path>`): what limits automatic resends to one
   * across restarts, so never cleared by these events (a cleared mark could let a read be paid again).
   */
  unknown: { area: 'local', prefix: 'unknown:', owner: 'lib/credits/spend-journal.ts', perAccount: true, clearOn: [] },
  /** The 402 halt, which names the account that hit it: a key with no account, or another account, starts unhalted. */
  halt: {
    area: 'local',
    keys: ['credits:halt'],
    owner: 'lib/credits/credit-governor.ts',
    perAccount: false,
    clearOn: ['account-change', 'key-removed'],
  },
  /** "+50 today": today's raise of the user's daily budget (the budget is the user's, not an account's); it lapses with its day. */
  raise: { area: 'local', keys: ['credits:raise'], owner: 'lib/credits/credit-governor.ts', perAccount: false, clearOn: [] },
  /**
   * A charge disagreed with the account's prices: nothing is paid until `/v1/me` has been read again.
   * Never cleared by an event: only that read lifts it (a new key's check is such a read).
   */
  pricesStale: { area: 'local', keys: ['credits:prices-stale'], owner: 'lib/credits/credit-governor.ts', perAccount: false, clearOn: [] },
  /**
   * The candidate a user picked for a profile (`pick:<acct>:<profile>`) and the record they said is not
   * this profile (`notthem:<acct>:<profile>`). Kept per account and through every event, like reveals:
   * they are the user's own corrections, not cached answers (a pick applies to the next paid answer
   * too), and `<acct>` already keeps another account from reading them.
   */
  pick: { area: 'local', prefix: 'pick:', owner: 'lib/worker/profile-lookup.ts', perAccount: true, clearOn: [] },
  notThem: { area: 'local', prefix: 'notthem:', owner: 'lib/worker/profile-lookup.ts', perAccount: true, clearOn: [] },
  /** Legacy: where earlier versions kept the API key (wxt's `local:apiKey` and its `$` meta); moved out at start, then deleted. */
  legacyApiKey: {
    area: 'local',
    keys: ['apiKey', 'apiKey$'],
    owner: 'lib/settings/api-key.ts',
    perAccount: false,
    clearOn: ['key-change', 'key-removed'],
  },
  /**
   * Legacy: v2's `settings.apiBaseUrl`, kept aside by the settings v3 migration until the background binds
   * an earlier version's key to it (lib/settings/api-key.ts), then deleted.
   */
  legacyApiBaseUrl: {
    area: 'local',
    keys: ['legacyApiBaseUrl'],
    owner: 'lib/settings/api-key.ts',
    perAccount: false,
    clearOn: ['key-change', 'key-removed'],
  },
  // ── storage.session: the worker writes, the pages watch; gone with the browser session ──
  /** Each tab's state, `tab:<tabId>` (removed with its tab). */
  tabState: { area: 'session', prefix: 'tab:', owner: 'lib/worker/views.ts', perAccount: false, clearOn: [] },
  /** A list page's rows for "People on this page", `people:<tabId>` (removed with its tab). */
  pagePeople: { area: 'session', prefix: 'people:', owner: 'lib/worker/people-on-page.ts', perAccount: false, clearOn: [] },
  /** The back stack of cards opened over the followed tab. */
  selection: { area: 'session', keys: ['selection'], owner: 'lib/worker/views.ts', perAccount: false, clearOn: [] },
  /** The credit meter, rewritten on every change (an account change included). */
  meter: { area: 'session', keys: ['meter'], owner: 'lib/worker/create-worker.ts', perAccount: false, clearOn: [] },
} as const satisfies Record<string, StorageFamily>;

export type StorageFamilyName = keyof typeof STORAGE_FAMILIES;

/**
 * The extension's own IndexedDB databases (its origin's: the worker and the extension pages open them,
 * content scripts cannot). Never cleared by the events above: their contents are the user's.
 */
export const INDEXED_DATABASES = {
  /** The API key record (lib/settings/api-key.ts) and the HubSpot token record (lib/crm/hubspot/token-store.ts); the background alone opens it. */
  secrets: { name: 'crypto-directory-secrets', owner: 'lib/settings/secret-store.ts', clearOn: [] },
  /**
   * Saved leads, their snapshots and what each person cost (lib/leads/lead-db.ts); since v3 also what a
   * CRM send left on each lead and the "In HubSpot" answers kept for an hour (lib/crm/crm-links.ts;
   * the answers are dropped on Disconnect HubSpot).
   */
  leads: { name: 'crypto-directory-leads', owner: 'lib/leads/lead-store.ts', clearOn: [] },
} as const satisfies Record<string, { name: string; owner: string; clearOn: readonly ClearEvent[] }>;

const acct = (accountId: string) => encodeURIComponent(accountId);

const families = Object.entries(STORAGE_FAMILIES) as Array<[StorageFamilyName, StorageFamily]>;

/** The families an event clears (the worker removes them; for a per-account family, the account's part). */
export function familiesClearedOn(event: ClearEvent): StorageFamilyName[] {
  return families.filter(([, f]) => f.clearOn.includes(event)).map(([name]) => name);
}

/**
 * The storage.local key prefixes and exact keys an event clears. With `accountId`, a per-account family
 * is narrowed to that account's keys (`cache:<acct>:`); without, the whole family (every account's).
 */
export function localKeysClearedOn(event: ClearEvent, accountId?: string): { prefixes: string[]; keys: string[] } {
  const out = { prefixes: [] as string[], keys: [] as string[] };
  for (const name of familiesClearedOn(event)) {
    const f: StorageFamily = STORAGE_FAMILIES[name];
    if (f.area !== 'local') continue;
    if ('keys' in f) out.keys.push(...f.keys);
    else out.prefixes.push(f.perAccount && accountId !== undefined ? `${f.prefix}${acct(accountId)}:` : f.prefix);
  }
  return out;
}

/** The family a raw key (as `browser.storage.<area>.get(null)` lists it) belongs to, or null: a key nobody registered. */
export function storageFamilyOf(area: StorageFamily['area'], rawKey: string): StorageFamilyName | null {
  const hit = families.find(([, f]) => f.area === area && ('keys' in f ? f.keys.includes(rawKey) : rawKey.startsWith(f.prefix)));
  return hit ? hit[0] : null;
}

/** wxt's area-qualified names of the items in ./items.ts. */
export const SETTINGS_ITEM = `local:${STORAGE_FAMILIES.settings.keys[0]}` as const;
/** The same item's key in `browser.storage.local` (the legacy key migration reads it raw). */
export const SETTINGS_KEY = STORAGE_FAMILIES.settings.keys[0];
export const ACCOUNT_ITEM = `local:${STORAGE_FAMILIES.account.keys[0]}` as const;
export const SELECTION_ITEM = `session:${STORAGE_FAMILIES.selection.keys[0]}` as const;
export const METER_ITEM = `session:${STORAGE_FAMILIES.meter.keys[0]}` as const;
const TAB_PREFIX = STORAGE_FAMILIES.tabState.prefix;
export const tabStateItemKey = (tabId: number) => `session:${TAB_PREFIX}${tabId}` as const;
export const pagePeopleItemKey = (tabId: number) => `session:${STORAGE_FAMILIES.pagePeople.prefix}${tabId}` as const;
/** A key of `browser.storage.session.get(null)` (wxt drops the area prefix) that holds a tab's state. */
export const isTabStateKey = (rawKey: string): boolean => rawKey.startsWith(TAB_PREFIX) && /^\d+$/.test(rawKey.slice(TAB_PREFIX.length));

/** The response cache (lib/cache/response-cache.ts). */
export const CACHE_PREFIX = STORAGE_FAMILIES.cache.prefix;
export const INFLIGHT_PREFIX = STORAGE_FAMILIES.inflight.prefix;
export const cacheAccountPrefix = (accountId: string) => `${CACHE_PREFIX}${acct(accountId)}:`;
export const inflightAccountPrefix = (accountId: string) => `${INFLIGHT_PREFIX}${acct(accountId)}:`;
export const cacheEntryKey = (accountId: string, key: string) => `${cacheAccountPrefix(accountId)}${key}`;
export const inflightKey = (accountId: string, key: string) => `${inflightAccountPrefix(accountId)}${key}`;

/** Records already paid for (lib/worker/known-store.ts). */
export const KNOWN_PREFIX = STORAGE_FAMILIES.known.prefix;
export const knownAccountPrefix = (accountId: string) => `${KNOWN_PREFIX}${acct(accountId)}:`;
export const knownKey = (accountId: string, id: string) => `${knownAccountPrefix(accountId)}${id}`;

/** Revealed contact channels (lib/credits/reveals.ts). The person id is encoded too. */
export const REVEAL_PREFIX = STORAGE_FAMILIES.reveal.prefix;
export const revealAccountPrefix = (accountId: string) => `${REVEAL_PREFIX}${acct(accountId)}:`;
export const revealKey = (accountId: string, personId: string) => `${revealAccountPrefix(accountId)}${encodeURIComponent(personId)}`;
/** wxt's name of the same entry, for the pages that read one reveal (./items.ts `revealItem`). */
export const revealItemKey = (accountId: string, personId: string) => `local:${revealKey(accountId, personId)}` as const;

/** The credit ledger (lib/credits/ledger.ts): one key per entry, so appends never rewrite a list. */
export const LEDGER_PREFIX = STORAGE_FAMILIES.ledger.prefix;
export const ledgerKey = (day: string, at: number, unique: string) => `${LEDGER_PREFIX}${day}:${String(at).padStart(13, '0')}:${unique}`;

/** The spend journal (lib/credits/spend-journal.ts): one entry per paid request on the wire. */
export const JOURNAL_PREFIX = STORAGE_FAMILIES.journal.prefix;
export const journalKey = (id: string) => `${JOURNAL_PREFIX}${id}`;
/** How many attempts at one request path ended with an unknown outcome, per account (lib/credits/spend-journal.ts). */
export const UNKNOWN_PREFIX = STORAGE_FAMILIES.unknown.prefix;
export const unknownOutcomeKey = (accountId: string, path: string) => `${UNKNOWN_PREFIX}${acct(accountId)}:${path}`;

/** The credit governor's 402 halt (lib/credits/credit-governor.ts). */
export const HALT_KEY = STORAGE_FAMILIES.halt.keys[0];
/** "+50 today": a budget raise for one local day, stored with its day key (lib/credits/credit-governor.ts). */
export const RAISE_KEY = STORAGE_FAMILIES.raise.keys[0];
/** A charge disagreed with the account's prices: nothing is paid until /v1/me is read again (lib/credits/credit-governor.ts). */
export const PRICES_STALE_KEY = STORAGE_FAMILIES.pricesStale.keys[0];

/** A candidate the user picked for a profile: the next visit shows it at no cost. */
export const pickKey = (accountId: string, profileKey: string) => `${STORAGE_FAMILIES.pick.prefix}${acct(accountId)}:${profileKey}`;
/** A record the user said is not this profile ("Not them?"): never matched to it automatically again. */
export const notThemKey = (accountId: string, profileKey: string) => `${STORAGE_FAMILIES.notThem.prefix}${acct(accountId)}:${profileKey}`;

/** Where earlier versions kept the API key (wxt's `local:apiKey` and its `$` meta): migrated away. */
export const LEGACY_API_KEY = STORAGE_FAMILIES.legacyApiKey.keys[0];
export const LEGACY_API_KEY_KEYS: readonly string[] = STORAGE_FAMILIES.legacyApiKey.keys;
/**
 * Where the settings v3 migration (./items.ts) keeps v2's `settings.apiBaseUrl` until the background has
 * bound an earlier version's key to it (lib/settings/api-key.ts); deleted then. Read only for that one move.
 */
export const LEGACY_API_BASE_URL = STORAGE_FAMILIES.legacyApiBaseUrl.keys[0];
