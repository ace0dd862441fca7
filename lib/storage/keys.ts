/*
 * Every key this extension stores, each family once, as data (`STORAGE_FAMILIES`). Pure strings (no browser,
 * no wxt), so lib/cache and lib/credits run in plain Node. Changing a string orphans what users have
 * stored: add a migration instead (typed items and migrations: lib/tab-state/items.ts, lib/settings).
 *
 * Areas: `idb` is the extension's own IndexedDB (`INDEXED_DATABASES.records`), which content scripts cannot
 * open: what was paid for, the user's corrections, the account. storage.local is readable and writable by
 * content scripts on Firefox (Chromium closes it with TRUSTED_CONTEXTS), so it keeps only settings (neither
 * secret nor personal) and legacy keys; the `idb` families were there once and are moved out at start
 * (./move-to-idb.ts). storage.session: extension contexts only, gone with the browser session.
 *
 * `<acct>` in a per-account key is the account id URI-encoded, so "a:b" never shares a prefix with "a".
 */

/**
 * `key-change`: any new API key saved (`account-change` comes with it when it names another account, or
 * none); `key-removed`; `cache-clear`: the options page's "Clear cache".
 */
export const CLEAR_EVENTS = ['key-change', 'account-change', 'key-removed', 'cache-clear'] as const;
export type ClearEvent = (typeof CLEAR_EVENTS)[number];

interface FamilyCommon {
  area: 'local' | 'session' | 'idb';
  /**
   * `strict`: done only once on disk (the journal entry precedes a paid request; ledger and reveals are the
   * money record). Others are relaxed: handed to the OS, which survives a browser crash, not a power cut.
   */
  durability?: 'strict';
  /**
   * Read on the way to a paid request and written by the worker alone: held in memory (./memo-kv-store.ts),
   * so a missing key costs no IndexedDB round trip. `values`: small values; `keys`: only which keys exist.
   */
  inMemory?: 'values' | 'keys';
  owner: string;
  /** Its keys carry `<acct>` right after the prefix, so one account's can be cleared alone (absent: not per account). */
  perAccount?: true;
  /** The events after which the family (for a per-account family: the account's part) is removed (./clear-runner.ts does it). */
  clearOn: readonly ClearEvent[];
  /** The privacy page's words (lib/privacy/privacy-content.ts), so the page cannot drift. */
  describe: string;
  /** `{cacheTtlHours}`, `{notFoundTtlHours}`, `{ledgerRetentionDays}` are filled in from the defaults. */
  keptFor: string;
}
/** A family is a prefix (every key that starts with it) or a fixed set of exact keys. */
export type StorageFamily = FamilyCommon & ({ prefix: string } | { keys: readonly string[] });

export const STORAGE_FAMILIES = {
  // ── storage.local: what is neither secret nor personal (Firefox's content scripts can read it) ──
  // wxt keeps the item's version in `settings$`.
  settings: {
    describe: 'Your settings: daily budget, low-balance warning, automatic lookups and details, cache lifetimes.',
    keptFor: 'Until you change them or delete all data.',
    area: 'local',
    keys: ['settings', 'settings$'],
    owner: 'lib/settings/settings-item.ts',
    clearOn: [],
  },
  // ── idb: the extension's own IndexedDB (INDEXED_DATABASES.records): content scripts cannot open it ──
  // The last GET /v1/me answer, rewritten by every /v1/me (a key change's included).
  account: {
    describe:
      'The account your API key belongs to, as the Directory API last described it (your name and email, plan, balance, prices; never the key).',
    keptFor: 'Until the key is removed; rewritten at every account check.',
    area: 'idb',
    keys: ['account'],
    owner: 'lib/worker/account-session.ts',
    clearOn: ['key-removed'],
  },
  cache: {
    describe: 'Directory API answers (people, projects and funds found for the profiles you looked up), so a revisit costs no credits.',
    keptFor:
      '{cacheTtlHours} hours by default ({notFoundTtlHours} hours for "not found"; Settings can change both); "Clear cache" removes them at once.',
    area: 'idb',
    inMemory: 'keys',
    prefix: 'cache:',
    owner: 'lib/cache/response-cache.ts',
    perAccount: true,
    clearOn: ['account-change', 'key-removed', 'cache-clear'],
  },
  // None written now (a second asker joins the call in memory): removed at start (`dropLeftoverMarkers`).
  inflight: {
    describe: 'Markers earlier versions kept for a paid request on its way; none is written now.',
    keptFor: 'Removed when the extension starts.',
    area: 'idb',
    prefix: 'inflight:',
    owner: 'lib/cache/response-cache.ts',
    perAccount: true,
    clearOn: ['account-change', 'key-removed', 'cache-clear'],
  },
  known: {
    describe:
      'Records you already paid for (the people, projects and funds in those answers), so they are never paid for twice, with the X account id each was seen on and the handles it had, so a renamed or reused handle is told apart.',
    keptFor: 'As long as the cache: {cacheTtlHours} hours by default.',
    area: 'idb',
    prefix: 'known:',
    owner: 'lib/worker/known-store.ts',
    perAccount: true,
    clearOn: ['account-change', 'key-removed', 'cache-clear'],
  },
  // The user's paid record: no event clears it.
  reveal: {
    describe: 'Contact channels you revealed (email, phone, Telegram and the like) for a person, per account.',
    keptFor: 'Until you delete all data: you paid for them.',
    area: 'idb',
    durability: 'strict',
    prefix: 'reveal:',
    owner: 'lib/credits/reveals.ts',
    perAccount: true,
    clearOn: [],
  },
  // The spending record: only its retention prunes it.
  ledger: {
    describe: 'The credit ledger: every paid call (when, what, how many credits), for the spending table and the daily budget.',
    keptFor: '{ledgerRetentionDays} days, then pruned.',
    area: 'idb',
    durability: 'strict',
    prefix: 'ledger:',
    owner: 'lib/credits/ledger.ts',
    clearOn: [],
  },
  // The write-ahead journal: money, never cleared (settling closes an entry).
  journal: {
    describe: 'Paid requests on the wire (path and price), so a charge is never lost when the browser stops the background.',
    keptFor: "Until the request's charge is booked (seconds), then removed.",
    area: 'idb',
    durability: 'strict',
    prefix: 'journal:',
    owner: 'lib/credits/spend-journal.ts',
    clearOn: [],
  },
  // Limits automatic resends to one across restarts: a cleared mark could let a read be paid again.
  unknown: {
    describe: "How often a request's outcome stayed unknown, so it is never resent automatically more than once.",
    keptFor: 'Counts for an hour; removed when the request is answered.',
    area: 'idb',
    inMemory: 'values',
    durability: 'strict',
    prefix: 'unknown:',
    owner: 'lib/credits/spend-journal.ts',
    perAccount: true,
    clearOn: [],
  },
  // Names the account that hit the 402: another account starts unhalted.
  halt: {
    describe: 'That the account ran out of credits (a 402 answer), so automatic lookups spend nothing until a paid call succeeds.',
    keptFor: 'Until a paid call succeeds or the key changes.',
    area: 'idb',
    keys: ['credits:halt'],
    owner: 'lib/credits/credit-governor.ts',
    clearOn: ['account-change', 'key-removed'],
  },
  // The budget is the user's, not an account's; the raise lapses with its day.
  raise: {
    describe: '"+50 today": today\'s raise of the daily budget.',
    keptFor: 'Until the end of that day.',
    area: 'idb',
    keys: ['credits:raise'],
    owner: 'lib/credits/credit-governor.ts',
    clearOn: [],
  },
  // Only a read of /v1/me lifts it (a new key's check is one), never an event.
  pricesStale: {
    describe: "That a charge disagreed with the account's prices, so nothing is paid until the account is read again.",
    keptFor: 'Until the next account check.',
    area: 'idb',
    keys: ['credits:prices-stale'],
    owner: 'lib/credits/credit-governor.ts',
    clearOn: [],
  },
  // pick and notThem: the user's own corrections, not cached answers, so kept through every event
  // (a pick applies to the next paid answer too); `<acct>` keeps another account from reading them.
  pick: {
    describe: 'The candidate you picked for a profile.',
    keptFor: 'Until you delete all data.',
    area: 'idb',
    inMemory: 'values',
    prefix: 'pick:',
    owner: 'lib/worker/profile-lookup.ts',
    perAccount: true,
    clearOn: [],
  },
  notThem: {
    describe: 'A record you said is not this profile ("Not them?").',
    keptFor: 'Until you delete all data.',
    area: 'idb',
    inMemory: 'values',
    prefix: 'notthem:',
    owner: 'lib/worker/profile-lookup.ts',
    perAccount: true,
    clearOn: [],
  },
  prospectFacets: {
    describe: 'The roles and channels the directory listed in your people searches, offered in the next search.',
    keptFor: 'Until the key is removed or names another account.',
    area: 'idb',
    prefix: 'facets:',
    owner: 'lib/worker/prospect.ts',
    perAccount: true,
    clearOn: ['account-change', 'key-removed'],
  },
  enrichRun: {
    describe:
      'The list you last enriched: its rows (X handles, LinkedIn addresses, names, companies, emails), what became of each and the people found.',
    keptFor: 'Until the next list replaces it, or the key is removed or names another account.',
    area: 'idb',
    prefix: 'enrich:',
    owner: 'lib/worker/enrich-list.ts',
    perAccount: true,
    clearOn: ['account-change', 'key-removed'],
  },
  // From then on, what storage.local holds of the families above was not written by us: dropped unread.
  movedFromLocal: {
    describe: 'When what earlier versions kept in storage.local was moved into this database.',
    keptFor: 'Until you delete all data.',
    area: 'idb',
    keys: ['moved-from-local'],
    owner: 'lib/storage/move-to-idb.ts',
    clearOn: [],
  },
  // ── storage.local: legacy keys, moved out at start ──
  legacyApiKey: {
    describe: 'Where versions before 0.1 kept the API key (moved into IndexedDB).',
    keptFor: 'Moments: moved at the first start, then deleted.',
    area: 'local',
    keys: ['apiKey', 'apiKey$'],
    owner: 'lib/settings/api-key.ts',
    clearOn: ['key-change', 'key-removed'],
  },
  // v2's `settings.apiBaseUrl`, kept by the settings v3 migration until an earlier key is bound to it.
  legacyApiBaseUrl: {
    describe: "An earlier version's API address, kept aside until the key is moved.",
    keptFor: 'Moments: deleted once the key is moved.',
    area: 'local',
    keys: ['legacyApiBaseUrl'],
    owner: 'lib/settings/api-key.ts',
    clearOn: ['key-change', 'key-removed'],
  },
  welcomePending: {
    area: 'local',
    keys: ['welcome-pending'],
    owner: 'lib/privacy/delete-all.ts',
    clearOn: [],
    describe: 'That all data was just deleted, so the restarted extension opens its welcome page.',
    keptFor: 'Moments: removed when the welcome page opens.',
  },
  // ── storage.session: the worker writes, the pages watch; gone with the browser session ──
  tabState: {
    describe: 'What each tab shows: the profile detected on it and its card.',
    keptFor: 'Until the tab closes (at most the browser session).',
    area: 'session',
    prefix: 'tab:',
    owner: 'lib/worker/views.ts',
    clearOn: [],
  },
  // What the rows say is the account's answer, so an account change clears them.
  pagePeople: {
    describe: 'The rows read from a list page for "People on this page" (name, handle, headline).',
    keptFor: 'Until the tab closes (at most the browser session).',
    area: 'session',
    prefix: 'people:',
    owner: 'lib/worker/people-on-page.ts',
    clearOn: ['account-change', 'key-removed'],
  },
  selection: {
    describe: "The cards opened over the followed tab (the panel's back stack).",
    keptFor: 'The browser session.',
    area: 'session',
    keys: ['selection'],
    owner: 'lib/worker/views.ts',
    clearOn: [],
  },
  meter: {
    describe: "The credit meter: balance, today's spending and budget.",
    keptFor: 'The browser session.',
    area: 'session',
    keys: ['meter'],
    owner: 'lib/worker/create-worker.ts',
    clearOn: [],
  },
} as const satisfies Record<string, StorageFamily>;

export type StorageFamilyName = keyof typeof STORAGE_FAMILIES;

/** The extension's IndexedDB databases: never cleared whole by an event (`records`' families each have their own `clearOn`). */
export const INDEXED_DATABASES = {
  secrets: {
    name: 'crypto-directory-secrets',
    owner: 'lib/settings/secret-store.ts',
    describe:
      'Your Directory API key and the API address it is sent to; the HubSpot token, if you connect HubSpot. Only the background opens it; web pages and content scripts cannot.',
    keptFor: 'Until you remove the key (Disconnect HubSpot for the token) or delete all data.',
  },
  leads: {
    name: 'crypto-directory-leads',
    owner: 'lib/leads/lead-store.ts',
    describe:
      'Saved leads: the person as the Directory API described them (with which channels are on file) and the X account id and the handles it was seen under, your status, tags, notes and follow-up dates; what each person cost; your outreach templates and the name and company you sign them with; if you use HubSpot, the HubSpot ids and outcome of each send and whether people are already in HubSpot.',
    keptFor:
      'Leads until you delete them (or all data). Costs of people who are not leads: {ledgerRetentionDays} days. "In HubSpot" answers: an hour, or until Disconnect HubSpot.',
  },
  records: {
    name: 'crypto-directory-records',
    owner: 'lib/storage/idb-kv-store.ts',
    describe:
      'What you paid for and your account: the families listed here as "idb" (answers, records already paid for, revealed channels, the ledger and journal, your picks and corrections, the account).',
    keptFor: 'Each family as listed; the database itself until you delete all data.',
  },
} as const satisfies Record<string, Pick<FamilyCommon, 'owner' | 'describe' | 'keptFor'> & { name: string }>;

type PrefixFamily = { [N in StorageFamilyName]: (typeof STORAGE_FAMILIES)[N] extends { prefix: string } ? N : never }[StorageFamilyName];
/** A per-account family's key `<prefix><acct>:<tail>`; without a tail, the prefix of the account's whole part. */
export const accountKey = (family: PrefixFamily, accountId: string, tail = '') =>
  `${STORAGE_FAMILIES[family].prefix}${encodeURIComponent(accountId)}:${tail}`;

const families = Object.entries(STORAGE_FAMILIES) as Array<[StorageFamilyName, StorageFamily]>;

/** The families an event clears (for a per-account family, the account's part). */
export function familiesClearedOn(event: ClearEvent): StorageFamilyName[] {
  return families.filter(([, f]) => f.clearOn.includes(event)).map(([name]) => name);
}

/** Whose part of a per-account family a clear removes: every account's, or these accounts' (none: no account was in use). */
export type ClearAccounts = 'all' | readonly string[];

/** The prefixes and exact keys a clear of family `name` removes (per-account: `cache:<acct>:` per account, or all). */
export function keysOfFamily(name: StorageFamilyName, accounts: ClearAccounts): { prefixes: string[]; keys: string[] } {
  const f: StorageFamily = STORAGE_FAMILIES[name];
  if ('keys' in f) return { prefixes: [], keys: [...f.keys] };
  if (!f.perAccount || accounts === 'all') return { prefixes: [f.prefix], keys: [] };
  return { prefixes: accounts.map((a) => accountKey(name as PrefixFamily, a)), keys: [] };
}

/** The family a raw key (as `browser.storage.<area>.get(null)` or the records database lists it) belongs to, or null: a key nobody registered. */
export function storageFamilyOf(area: StorageFamily['area'], rawKey: string): StorageFamilyName | null {
  return familyEntryOf(area, rawKey)?.[0] ?? null;
}
const familyEntryOf = (area: StorageFamily['area'], rawKey: string) =>
  families.find(([, f]) => f.area === area && ('keys' in f ? f.keys.includes(rawKey) : rawKey.startsWith(f.prefix)));
const idbFamilyOf = (rawKey: string): StorageFamily | undefined => familyEntryOf('idb', rawKey)?.[1];

/** A key of an `idb` family written with strict durability (see `FamilyCommon.durability`). */
export const isStrictKey = (rawKey: string): boolean => idbFamilyOf(rawKey)?.durability === 'strict';

/** The family a records-database key belongs to, when the worker holds it in memory (`inMemory` above). */
export function inMemoryOf(rawKey: string): { prefix: string; keep: 'values' | 'keys' } | undefined {
  const family = idbFamilyOf(rawKey);
  return family?.inMemory && 'prefix' in family ? { prefix: family.prefix, keep: family.inMemory } : undefined;
}

/** wxt's area-qualified item names (lib/settings/settings-item.ts, lib/tab-state/items.ts); SETTINGS_KEY is the raw key. */
export const SETTINGS_ITEM = `local:${STORAGE_FAMILIES.settings.keys[0]}` as const;
export const SETTINGS_KEY = STORAGE_FAMILIES.settings.keys[0];
export const ACCOUNT_KEY = STORAGE_FAMILIES.account.keys[0];
export const SELECTION_ITEM = `session:${STORAGE_FAMILIES.selection.keys[0]}` as const;
export const METER_ITEM = `session:${STORAGE_FAMILIES.meter.keys[0]}` as const;
const TAB_PREFIX = STORAGE_FAMILIES.tabState.prefix;
export const tabStateItemKey = (tabId: number) => `session:${TAB_PREFIX}${tabId}` as const;
export const pagePeopleItemKey = (tabId: number) => `session:${STORAGE_FAMILIES.pagePeople.prefix}${tabId}` as const;
/** A key of `browser.storage.session.get(null)` (wxt drops the area prefix) that holds a tab's state. */
export const isTabStateKey = (rawKey: string): boolean => rawKey.startsWith(TAB_PREFIX) && /^\d+$/.test(rawKey.slice(TAB_PREFIX.length));

export const CACHE_PREFIX = STORAGE_FAMILIES.cache.prefix;
export const INFLIGHT_PREFIX = STORAGE_FAMILIES.inflight.prefix;
export const KNOWN_PREFIX = STORAGE_FAMILIES.known.prefix;
export const REVEAL_PREFIX = STORAGE_FAMILIES.reveal.prefix;
/** The person id is encoded too. */
export const revealKey = (accountId: string, personId: string) => accountKey('reveal', accountId, encodeURIComponent(personId));

/** One key per ledger entry, so appends never rewrite a list. */
export const LEDGER_PREFIX = STORAGE_FAMILIES.ledger.prefix;
export const ledgerKey = (day: string, at: number, unique: string) => `${LEDGER_PREFIX}${day}:${String(at).padStart(13, '0')}:${unique}`;
export const JOURNAL_PREFIX = STORAGE_FAMILIES.journal.prefix;

export const HALT_KEY = STORAGE_FAMILIES.halt.keys[0];
export const RAISE_KEY = STORAGE_FAMILIES.raise.keys[0];
export const PRICES_STALE_KEY = STORAGE_FAMILIES.pricesStale.keys[0];

export const prospectFacetsKey = (accountId: string) => accountKey('prospectFacets', accountId, 'people');
export const enrichRunKey = (accountId: string) => accountKey('enrichRun', accountId, 'run');

export const LEGACY_API_KEY = STORAGE_FAMILIES.legacyApiKey.keys[0];
export const LEGACY_API_KEY_KEYS: readonly string[] = STORAGE_FAMILIES.legacyApiKey.keys;
export const LEGACY_API_BASE_URL = STORAGE_FAMILIES.legacyApiBaseUrl.keys[0];
export const WELCOME_PENDING_KEY = STORAGE_FAMILIES.welcomePending.keys[0];
