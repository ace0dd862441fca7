/*
 * Every key this extension writes to `browser.storage.*` or to its key-value IndexedDB, in one place: each
 * key family once, as data (`STORAGE_FAMILIES`), with its area, its prefix or exact keys, the file that
 * owns it, whether its keys are scoped to an account, and the events that clear it. Pure strings and
 * builders (no browser, no wxt), so the stores in lib/cache and lib/credits stay runnable in plain Node
 * (bench, tests). The typed @wxt-dev/storage items built on these keys, with their versions and
 * migrations, are in ./items.ts. Changing a string here orphans what existing users have stored: add a
 * migration instead.
 *
 * Areas: `idb` is the extension's own IndexedDB (`INDEXED_DATABASES.records`, lib/storage/idb-kv-store.ts):
 * its origin's, so content scripts cannot open it in any browser. It holds what was paid for (cache,
 * known records, reveals, ledger, journal), the user's corrections and the account (the user's name and
 * email). storage.local is readable and writable by content scripts on Firefox (Chromium closes it with
 * TRUSTED_CONTEXTS; Firefox cannot), so it keeps only the settings, which are neither secret nor personal,
 * and legacy keys on their way out. storage.session is cleared with the browser session and readable by
 * extension contexts only. Families in `idb` were in storage.local in earlier versions; the background
 * moves them at start (lib/storage/move-to-idb.ts), before the worker reads anything.
 *
 * `<acct>` in a per-account key is the account id URI-encoded, so "a:b" never shares a prefix with "a".
 */

/**
 * What clears stored keys: `key-change`, any new API key saved (when it names another account,
 * `account-change` comes with it); `account-change`, the key now names another account than before, or
 * none; `key-removed`, the user removed the key; `cache-clear`, the options page's "Clear cache".
 */
export const CLEAR_EVENTS = ['key-change', 'account-change', 'key-removed', 'cache-clear'] as const;
export type ClearEvent = (typeof CLEAR_EVENTS)[number];

interface FamilyCommon {
  area: 'local' | 'session' | 'idb';
  /**
   * `strict`: IndexedDB reports the write done only once it is on disk (the journal entry is written
   * before a paid request leaves; the ledger and the reveals are the money record). Others are relaxed:
   * done once handed to the OS (as storage.local is), which survives a browser crash, not a power cut.
   */
  durability?: 'strict';
  /**
   * Read on the way to a paid request or to the card, and written by the worker alone (a page only reads
   * the records database): the worker holds the family in memory (lib/cache/memo-kv-store.ts), so asking
   * for a key costs no IndexedDB round trip. `values`: the values themselves (small); `keys`: only which
   * keys exist (the values are large answers, read when there is one).
   */
  inMemory?: 'values' | 'keys';
  /** The file that writes it. */
  owner: string;
  /** Its keys carry `<acct>` right after the prefix, so one account's can be cleared alone. */
  perAccount: boolean;
  /** The events after which the family (for a per-account family: the account's part) is removed (./clear-runner.ts does it). */
  clearOn: readonly ClearEvent[];
  /** What it holds, in the privacy page's words (lib/privacy/privacy-content.ts reads it here, so the page cannot drift). */
  describe: string;
  /**
   * How long it is kept, in the privacy page's words. `{cacheTtlHours}`, `{notFoundTtlHours}` and
   * `{ledgerRetentionDays}` are filled in from the settings' defaults and the ledger's retention.
   */
  keptFor: string;
}
/** A family is a prefix (every key that starts with it) or a fixed set of exact keys. */
export type StorageFamily = FamilyCommon & ({ prefix: string } | { keys: readonly string[] });

export const STORAGE_FAMILIES = {
  // ── storage.local: what is neither secret nor personal (Firefox's content scripts can read it) ──
  /** User settings (versioned item, ./items.ts; wxt keeps its version in `settings$`). */
  settings: {
    describe: 'Your settings: daily budget, low-balance warning, automatic lookups and details, cache lifetimes.',
    keptFor: 'Until you change them or delete all data.',
    area: 'local',
    keys: ['settings', 'settings$'],
    owner: 'lib/settings/stored-settings.ts',
    perAccount: false,
    clearOn: [],
  },
  // ── idb: the extension's own IndexedDB (INDEXED_DATABASES.records): content scripts cannot open it ──
  /**
   * The last GET /v1/me answer (never the key; the user's name, email and organisation): rewritten by
   * every /v1/me, a key change's included.
   */
  account: {
    describe:
      'The account your API key belongs to, as the Directory API last described it (your name and email, plan, balance, prices; never the key).',
    keptFor: 'Until the key is removed; rewritten at every account check.',
    area: 'idb',
    keys: ['account'],
    owner: 'lib/worker/account-session.ts',
    perAccount: false,
    clearOn: ['key-removed'],
  },
  /** Response cache entries: `cache:<acct>:<cache key>`. */
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
  /**
   * Markers earlier builds kept for a paid call in flight (`inflight:<acct>:<cache key>`). None is written
   * now (a second asker joins the call in memory; a restart is the spend journal's business): the worker
   * removes what is left at start (lib/cache/response-cache.ts `dropLeftoverMarkers`).
   */
  inflight: {
    describe: 'Markers earlier versions kept for a paid request on its way; none is written now.',
    keptFor: 'Removed when the extension starts.',
    area: 'idb',
    prefix: 'inflight:',
    owner: 'lib/cache/response-cache.ts',
    perAccount: true,
    clearOn: ['account-change', 'key-removed', 'cache-clear'],
  },
  /** Records already paid for, kept for the cache's lifetime: `known:<acct>:<entry id>`. */
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
  /** Revealed contact channels, `reveal:<acct>:<person>`: the user's paid record, never cleared by these events. */
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
  /** The credit ledger, one key per entry (`ledger:<day>:<at>:<n>`): the spending record; only its retention prunes it. */
  ledger: {
    describe: 'The credit ledger: every paid call (when, what, how many credits), for the spending table and the daily budget.',
    keptFor: '{ledgerRetentionDays} days, then pruned.',
    area: 'idb',
    durability: 'strict',
    prefix: 'ledger:',
    owner: 'lib/credits/ledger.ts',
    perAccount: false,
    clearOn: [],
  },
  /** The write-ahead journal of paid requests on the wire (`journal:<id>`): money, never cleared (settling closes an entry). */
  journal: {
    describe: 'Paid requests on the wire (path and price), so a charge is never lost when the browser stops the background.',
    keptFor: "Until the request's charge is booked (seconds), then removed.",
    area: 'idb',
    durability: 'strict',
    prefix: 'journal:',
    owner: 'lib/credits/spend-journal.ts',
    perAccount: false,
    clearOn: [],
  },
  /**
   * Unknown outcomes per request path (`unknown:<acct>:<path>`): what limits automatic resends to one
   * across restarts, so never cleared by these events (a cleared mark could let a read be paid again).
   */
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
  /** The 402 halt, which names the account that hit it: a key with no account, or another account, starts unhalted. */
  halt: {
    describe: 'That the account ran out of credits (a 402 answer), so automatic lookups spend nothing until a paid call succeeds.',
    keptFor: 'Until a paid call succeeds or the key changes.',
    area: 'idb',
    keys: ['credits:halt'],
    owner: 'lib/credits/credit-governor.ts',
    perAccount: false,
    clearOn: ['account-change', 'key-removed'],
  },
  /** "+50 today": today's raise of the user's daily budget (the budget is the user's, not an account's); it lapses with its day. */
  raise: {
    describe: '"+50 today": today\'s raise of the daily budget.',
    keptFor: 'Until the end of that day.',
    area: 'idb',
    keys: ['credits:raise'],
    owner: 'lib/credits/credit-governor.ts',
    perAccount: false,
    clearOn: [],
  },
  /**
   * A charge disagreed with the account's prices: nothing is paid until `/v1/me` has been read again.
   * Never cleared by an event: only that read lifts it (a new key's check is such a read).
   */
  pricesStale: {
    describe: "That a charge disagreed with the account's prices, so nothing is paid until the account is read again.",
    keptFor: 'Until the next account check.',
    area: 'idb',
    keys: ['credits:prices-stale'],
    owner: 'lib/credits/credit-governor.ts',
    perAccount: false,
    clearOn: [],
  },
  /**
   * The candidate a user picked for a profile (`pick:<acct>:<profile>`) and the record they said is not
   * this profile (`notthem:<acct>:<profile>`). Kept per account and through every event, like reveals:
   * they are the user's own corrections, not cached answers (a pick applies to the next paid answer
   * too), and `<acct>` already keeps another account from reading them.
   */
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
  /** The roles and channels the directory's answers listed (`facets:<acct>:people`, with their date): the prospect form offers them. */
  prospectFacets: {
    describe: 'The roles and channels the directory listed in your people searches, offered in the next search.',
    keptFor: 'Until the key is removed or names another account.',
    area: 'idb',
    prefix: 'facets:',
    owner: 'lib/worker/prospect.ts',
    perAccount: true,
    clearOn: ['account-change', 'key-removed'],
  },
  /** "Enrich a list" (issue 43): the account's last list and its run, `enrich:<acct>:run` (a new list replaces it). */
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
  /**
   * The records database was filled from storage.local once (lib/storage/move-to-idb.ts): from then on,
   * what storage.local holds of the families above was not written by this extension and is dropped unread.
   */
  movedFromLocal: {
    describe: 'When what earlier versions kept in storage.local was moved into this database.',
    keptFor: 'Until you delete all data.',
    area: 'idb',
    keys: ['moved-from-local'],
    owner: 'lib/storage/move-to-idb.ts',
    perAccount: false,
    clearOn: [],
  },
  // ── storage.local: legacy keys, moved out at start ──
  /** Legacy: where earlier versions kept the API key (wxt's `local:apiKey` and its `$` meta); moved out at start, then deleted. */
  legacyApiKey: {
    describe: 'Where versions before 0.1 kept the API key (moved into IndexedDB).',
    keptFor: 'Moments: moved at the first start, then deleted.',
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
    describe: "An earlier version's API address, kept aside until the key is moved.",
    keptFor: 'Moments: deleted once the key is moved.',
    area: 'local',
    keys: ['legacyApiBaseUrl'],
    owner: 'lib/settings/api-key.ts',
    perAccount: false,
    clearOn: ['key-change', 'key-removed'],
  },
  /** Left by "Delete all data" (lib/privacy/delete-all.ts) for the restarted background: open the welcome page. */
  welcomePending: {
    area: 'local',
    keys: ['welcome-pending'],
    owner: 'lib/privacy/delete-all.ts',
    perAccount: false,
    clearOn: [],
    describe: 'That all data was just deleted, so the restarted extension opens its welcome page.',
    keptFor: 'Moments: removed when the welcome page opens.',
  },
  // ── storage.session: the worker writes, the pages watch; gone with the browser session ──
  /** Each tab's state, `tab:<tabId>` (removed with its tab). */
  tabState: {
    describe: 'What each tab shows: the profile detected on it and its card.',
    keptFor: 'Until the tab closes (at most the browser session).',
    area: 'session',
    prefix: 'tab:',
    owner: 'lib/worker/views.ts',
    perAccount: false,
    clearOn: [],
  },
  /** A list page's rows for "People on this page", `people:<tabId>` (removed with its tab; what they say is the account's). */
  pagePeople: {
    describe: 'The rows read from a list page for "People on this page" (name, handle, headline).',
    keptFor: 'Until the tab closes (at most the browser session).',
    area: 'session',
    prefix: 'people:',
    owner: 'lib/worker/people-on-page.ts',
    perAccount: false,
    clearOn: ['account-change', 'key-removed'],
  },
  /** The back stack of cards opened over the followed tab. */
  selection: {
    describe: "The cards opened over the followed tab (the panel's back stack).",
    keptFor: 'The browser session.',
    area: 'session',
    keys: ['selection'],
    owner: 'lib/worker/views.ts',
    perAccount: false,
    clearOn: [],
  },
  /** The credit meter, rewritten on every change (an account change included). */
  meter: {
    describe: "The credit meter: balance, today's spending and budget.",
    keptFor: 'The browser session.',
    area: 'session',
    keys: ['meter'],
    owner: 'lib/worker/create-worker.ts',
    perAccount: false,
    clearOn: [],
  },
} as const satisfies Record<string, StorageFamily>;

export type StorageFamilyName = keyof typeof STORAGE_FAMILIES;

/**
 * The extension's own IndexedDB databases (its origin's: the worker and the extension pages open them,
 * content scripts cannot). Never cleared as a whole by the events above: `records` holds the `idb`
 * families, each cleared by its own `clearOn`; the others' contents are the user's.
 */
export const INDEXED_DATABASES = {
  /** The API key record (lib/settings/api-key.ts) and the HubSpot token record (lib/crm/hubspot/token-store.ts); the background alone opens it. */
  secrets: {
    name: 'crypto-directory-secrets',
    owner: 'lib/settings/secret-store.ts',
    clearOn: [],
    describe:
      'Your Directory API key and the API address it is sent to; the HubSpot token, if you connect HubSpot. Only the background opens it; web pages and content scripts cannot.',
    keptFor: 'Until you remove the key (Disconnect HubSpot for the token) or delete all data.',
  },
  /**
   * Saved leads, their snapshots and what each person cost (lib/leads/lead-db.ts); since v3 also what a
   * CRM send left on each lead and the "In HubSpot" answers kept for an hour (lib/crm/crm-links.ts;
   * the answers are dropped on Disconnect HubSpot).
   */
  leads: {
    name: 'crypto-directory-leads',
    owner: 'lib/leads/lead-store.ts',
    clearOn: [],
    describe:
      'Saved leads: the person as the Directory API described them (with which channels are on file) and the X account id and the handles it was seen under, your status, tags, notes and follow-up dates; what each person cost; your outreach templates and the name and company you sign them with; if you use HubSpot, the HubSpot ids and outcome of each send and whether people are already in HubSpot.',
    keptFor:
      'Leads until you delete them (or all data). Costs of people who are not leads: {ledgerRetentionDays} days. "In HubSpot" answers: an hour, or until Disconnect HubSpot.',
  },
  /** The `idb` families of STORAGE_FAMILIES, in typed tables and a key-value table (./records-tables.ts; the worker writes, pages read). */
  records: {
    name: 'crypto-directory-records',
    owner: 'lib/storage/idb-kv-store.ts',
    clearOn: [],
    describe:
      'What you paid for and your account: the families listed here as "idb" (answers, records already paid for, revealed channels, the ledger and journal, your picks and corrections, the account).',
    keptFor: 'Each family as listed; the database itself until you delete all data.',
  },
} as const satisfies Record<string, IndexedDatabase>;

/** An IndexedDB database of the extension's origin, with the privacy page's words for it (see FamilyCommon). */
export interface IndexedDatabase {
  name: string;
  owner: string;
  clearOn: readonly ClearEvent[];
  describe: string;
  keptFor: string;
}

const acct = (accountId: string) => encodeURIComponent(accountId);

const families = Object.entries(STORAGE_FAMILIES) as Array<[StorageFamilyName, StorageFamily]>;

/** The families an event clears (the worker removes them; for a per-account family, the account's part). */
export function familiesClearedOn(event: ClearEvent): StorageFamilyName[] {
  return families.filter(([, f]) => f.clearOn.includes(event)).map(([name]) => name);
}

/** Whose part of a per-account family a clear removes: every account's, or these accounts' (none: no account was in use). */
export type ClearAccounts = 'all' | readonly string[];

/**
 * The prefixes and exact keys a clear of family `name` removes: its exact keys, or its prefix; for a
 * per-account family, the prefix of each of `accounts` (`cache:<acct>:`), or the whole prefix for `'all'`.
 */
export function keysOfFamily(name: StorageFamilyName, accounts: ClearAccounts): { prefixes: string[]; keys: string[] } {
  const f: StorageFamily = STORAGE_FAMILIES[name];
  if ('keys' in f) return { prefixes: [], keys: [...f.keys] };
  if (!f.perAccount || accounts === 'all') return { prefixes: [f.prefix], keys: [] };
  return { prefixes: accounts.map((a) => `${f.prefix}${acct(a)}:`), keys: [] };
}

/**
 * The key prefixes and exact keys of `area` an event clears. With `accountId`, a per-account family is
 * narrowed to that account's keys (`cache:<acct>:`); without, the whole family (every account's).
 */
export function keysClearedOn(area: StorageFamily['area'], event: ClearEvent, accountId?: string): { prefixes: string[]; keys: string[] } {
  const out = { prefixes: [] as string[], keys: [] as string[] };
  for (const name of familiesClearedOn(event)) {
    if (STORAGE_FAMILIES[name].area !== area) continue;
    const { prefixes, keys } = keysOfFamily(name, accountId === undefined ? 'all' : [accountId]);
    out.prefixes.push(...prefixes);
    out.keys.push(...keys);
  }
  return out;
}

/** The family a raw key (as `browser.storage.<area>.get(null)` or the records database lists it) belongs to, or null: a key nobody registered. */
export function storageFamilyOf(area: StorageFamily['area'], rawKey: string): StorageFamilyName | null {
  const hit = families.find(([, f]) => f.area === area && ('keys' in f ? f.keys.includes(rawKey) : rawKey.startsWith(f.prefix)));
  return hit ? hit[0] : null;
}

/** A key of an `idb` family written with strict durability (see `FamilyCommon.durability`). */
export function isStrictKey(rawKey: string): boolean {
  const name = storageFamilyOf('idb', rawKey);
  return name !== null && (STORAGE_FAMILIES[name] as StorageFamily).durability === 'strict';
}

/** The family a records-database key belongs to, when the worker holds it in memory (`inMemory` above). */
export function inMemoryOf(rawKey: string): { prefix: string; keep: 'values' | 'keys' } | undefined {
  const name = storageFamilyOf('idb', rawKey);
  const family = name === null ? undefined : (STORAGE_FAMILIES[name] as StorageFamily);
  return family?.inMemory && 'prefix' in family ? { prefix: family.prefix, keep: family.inMemory } : undefined;
}

/** wxt's area-qualified names of the items in ./items.ts. */
export const SETTINGS_ITEM = `local:${STORAGE_FAMILIES.settings.keys[0]}` as const;
/** The same item's key in `browser.storage.local` (the legacy key migration reads it raw). */
export const SETTINGS_KEY = STORAGE_FAMILIES.settings.keys[0];
/** The last /v1/me answer, in the records database (lib/worker/account-session.ts). */
export const ACCOUNT_KEY = STORAGE_FAMILIES.account.keys[0];
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
export const cacheEntryKey = (accountId: string, key: string) => `${cacheAccountPrefix(accountId)}${key}`;

/** Records already paid for (lib/worker/known-store.ts). */
export const KNOWN_PREFIX = STORAGE_FAMILIES.known.prefix;
export const knownAccountPrefix = (accountId: string) => `${KNOWN_PREFIX}${acct(accountId)}:`;
export const knownKey = (accountId: string, id: string) => `${knownAccountPrefix(accountId)}${id}`;

/** Revealed contact channels (lib/credits/reveals.ts). The person id is encoded too. */
export const REVEAL_PREFIX = STORAGE_FAMILIES.reveal.prefix;
export const revealAccountPrefix = (accountId: string) => `${REVEAL_PREFIX}${acct(accountId)}:`;
export const revealKey = (accountId: string, personId: string) => `${revealAccountPrefix(accountId)}${encodeURIComponent(personId)}`;

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

/** The roles and channels an account's people searches were answered with (lib/worker/prospect.ts). */
export const prospectFacetsKey = (accountId: string) => `${STORAGE_FAMILIES.prospectFacets.prefix}${acct(accountId)}:people`;

/** An account's list run ("Enrich a list": lib/worker/enrich-list.ts). */
export const enrichRunKey = (accountId: string) => `${STORAGE_FAMILIES.enrichRun.prefix}${acct(accountId)}:run`;

/** Where earlier versions kept the API key (wxt's `local:apiKey` and its `$` meta): migrated away. */
export const LEGACY_API_KEY = STORAGE_FAMILIES.legacyApiKey.keys[0];
export const LEGACY_API_KEY_KEYS: readonly string[] = STORAGE_FAMILIES.legacyApiKey.keys;
/**
 * Where the settings v3 migration (./items.ts) keeps v2's `settings.apiBaseUrl` until the background has
 * bound an earlier version's key to it (lib/settings/api-key.ts); deleted then. Read only for that one move.
 */
export const LEGACY_API_BASE_URL = STORAGE_FAMILIES.legacyApiBaseUrl.keys[0];

/** "Delete all data" restarts the extension; this marker makes the restarted background open the welcome page. */
export const WELCOME_PENDING_KEY = STORAGE_FAMILIES.welcomePending.keys[0];
