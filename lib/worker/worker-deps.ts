import type { FetchLike } from '@/lib/api';
import type { ResponseCacheOptions } from '@/lib/cache/response-cache';
import type { ExtensionIdentity } from '@/lib/messaging/classify-sender';
import type { PeopleSwitch } from '@/lib/messaging/report-profile';
import type { RateGovernorOptions } from '@/lib/rate/rate-governor';
import type { NavigationPaceOptions } from '@/lib/rate/navigation-pace';
import type { ApiKeyStore } from '@/lib/settings/api-key';
import type { SecretStore } from '@/lib/settings/secret-store';
import type { KvStore } from '@/lib/storage/kv-store';
import type { LeadStore } from '@/lib/leads/lead-store';
import type { Badge } from '@/lib/tab-state/badge';
import type { TabState } from '@/lib/tab-state/tab-state';
import type { AlarmApi } from './wake-ups';

/** What the background gives the worker: the browser's pieces it uses, and the options tests and benches set. */
export interface WorkerDeps {
  fetch: FetchLike;
  /** The records database (lib/storage/idb-kv-store.ts) as a KvStore: cache, ledger, journal, reveals, picks, account. */
  local: KvStore;
  /** The API key's store (the background's IndexedDB; memory in tests). */
  apiKey: ApiKeyStore;
  /** The background's secret store, for the HubSpot token record (lib/crm/hubspot/token-store.ts); memory when absent (tests). */
  secrets?: SecretStore;
  /** HubSpot's fetch (tests: the HubSpot emulator); `fetch` when absent. */
  hubspotFetch?: FetchLike;
  hubspotRateOptions?: RateGovernorOptions;
  /** Saved leads (the extension's IndexedDB; fake-indexeddb in tests). */
  leads: LeadStore;
  /** Follow-ups due today, for the toolbar badge. */
  setFollowUps?: (due: number) => void;
  identity: ExtensionIdentity;
  now?: () => number;
  /** `browser.alarms`: long waits (a rate-limit reset, a settle) wake a worker Chrome stopped meanwhile. Absent: timers only. */
  alarms?: AlarmApi;
  setBadge?: (tabId: number, badge: Badge) => void;
  /** Tell a tab's content script whether a panel watches it (browser.tabs.sendMessage: no permission needed), so it reads a list page's rows. */
  tellTab?: (tabId: number, message: PeopleSwitch) => void;
  /** A tab's state as it is written, for the panels showing that tab (lib/messaging/watch-port.ts). */
  pushTabState?: (tabId: number, state: TabState | null) => void;
  canReach?: (origin: string) => Promise<boolean>;
  /** `navigator.onLine === false`: a failed request never left the machine (nothing to book). */
  isOffline?: () => boolean;
  /** How long a LinkedIn page may take to show the name before the slug's words stand in. */
  nameWaitMs?: number;
  /** How long a lookup begun on a report said ahead of the browser waits for its word (lib/worker/ahead-reports.ts). */
  aheadConfirmMs?: number;
  /**
   * The tab's address as the browser commits it (tabs.onUpdated `url`, for the sites the extension may read),
   * followed only while a panel watches a tab or a report said ahead waits for its word. Returns the unsubscribe.
   */
  watchTabUrls?: (onUrl: (tabId: number, url: string) => void) => () => void;
  /** Wait after a lost answer before asking `/v1/me` whether it was charged (default 30 s: lib/credits/reconcile.ts SERVER_SETTLE_MS). */
  balanceCheckMs?: number;
  /** Navigation pacing (see lib/rate/navigation-pace.ts); tests shorten or disable it. */
  pace?: NavigationPaceOptions;
  /** Overrides for tests and benches (e.g. compressed time). */
  rateOptions?: RateGovernorOptions;
  cacheOptions?: Partial<ResponseCacheOptions>;
  /** "Delete all data": wipes every store and restarts the extension (the background wires lib/privacy/delete-all.ts). */
  deleteAll?: () => Promise<void>;
}
