// First: zod must be jitless before any schema is built (see lib/zod-setup.ts).
import '@/lib/zod-setup';
import { switchPeopleReader } from '@/lib/messaging/people-reader-switch';
import { classifySender } from '@/lib/messaging/classify-sender';
import { createMessageListener, createRouter } from '@/lib/messaging/router';
import { TabStatePushes, WATCH_PORT, WatchMessageSchema } from '@/lib/messaging/watch-port';
import { createApiKeyStore } from '@/lib/settings/api-key';
import { indexedDbSecretStore } from '@/lib/settings/secret-store';
import { createWorker } from '@/lib/worker/create-worker';
import { openLeadDb } from '@/lib/leads/lead-db';
import { LeadStore } from '@/lib/leads/lead-store';
import { delayedBadges, followUpBadge, type Badge } from '@/lib/tab-state/badge';
import { idbKvStore } from '@/lib/storage/idb-kv-store';
import { moveToIdb } from '@/lib/storage/move-to-idb';
import { deleteAllData, openWelcomeIfPending } from '@/lib/privacy/delete-all';
import { JOURNAL_PREFIX } from '@/lib/storage/keys';
import { exposeIdleProbe } from '@/lib/worker/idle';

export default defineBackground(() => {
  // Test builds only (a release build drops it): what the worker has in flight, for the e2e tests' "is the worker idle?".
  const probe =
    import.meta.env.WXT_RELEASE === 'true'
      ? null
      : exposeIdleProbe(globalThis, { journalOpen: async () => (await records.keys(JOURNAL_PREFIX)).length > 0 });
  const counted = <T>(target: T, label: string): T => probe?.tracked(target, label) ?? target;
  // storage.local holds only settings: closed to content scripts where Chromium allows (Firefox cannot, so nothing
  // secret or personal is kept there).
  const local = browser.storage.local as { setAccessLevel?: (o: { accessLevel: string }) => Promise<void> };
  void local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' })?.catch(() => {});
  // The key lives in this background's own IndexedDB (no content script can open it); an earlier version's is moved there.
  const secrets = indexedDbSecretStore();
  const apiKey = createApiKeyStore({ secrets, legacy: browser.storage.local });

  const identity = { id: browser.runtime.id, origin: browser.runtime.getURL('/').replace(/\/$/, '') };
  const leads = new LeadStore(openLeadDb());
  // What was paid for, the user's corrections, the account: own IndexedDB (an older storage.local copy moved first,
  // before any read).
  const records = idbKvStore({ before: (db) => moveToIdb(browser.storage.local, db) });
  const welcomePage = () => browser.tabs.create({ url: browser.runtime.getURL('/welcome.html') });
  const pushes = new TabStatePushes();
  const built = createWorker({
    fetch: counted((input, init) => fetch(input, init), 'fetch'),
    local: counted(records, 'records'),
    apiKey,
    // The HubSpot token record sits in the same secret store as the key.
    secrets,
    // Saved leads: this extension's own IndexedDB (its pages and this worker open it; content scripts cannot).
    leads,
    identity,
    alarms: browser.alarms,
    // A tab's badge follows its state within 100 ms, after the card's paint (lib/tab-state/badge.ts).
    setBadge: delayedBadges((tabId, badge) => showBadge(badge, { tabId })),
    // Follow-ups due: the badge without a tab (a tab's own lookup badge shows over it on that tab).
    setFollowUps: (due) => showBadge(followUpBadge(due)),
    // The panels showing a tab are sent its state as it is written (ahead of storage.session's copy).
    pushTabState: (tabId, state) => pushes.push(tabId, state),
    // A tab's row reader, injected when a panel first watches it (no `tabs` permission: host access shows the address).
    tellTab: (tabId, message) =>
      void switchPeopleReader(
        {
          send: (id, m) => browser.tabs.sendMessage(id, m),
          url: async (id) => (await browser.tabs.get(id)).url,
          inject: (id, file) => browser.scripting.executeScript({ target: { tabId: id }, files: [file] }),
        },
        tabId,
        message,
      ).catch(() => {}),
    canReach: (origin) => browser.permissions.contains({ origins: [`${origin}/*`] }),
    isOffline: () => navigator.onLine === false,
    // Added only while a panel watches a tab or a lookup waits for the browser's word on a tab's address.
    watchTabUrls: (onUrl) => {
      const listener = (tabId: number, change: { url?: string }) => change.url && onUrl(tabId, change.url);
      browser.tabs.onUpdated.addListener(listener);
      return () => browser.tabs.onUpdated.removeListener(listener);
    },
    // "Delete all data": wipe, then restart the extension, which resets all memory (lib/privacy/delete-all.ts).
    deleteAll: () => wipeAndRestart(leads, records),
  });
  const worker = counted(built, 'worker');

  // Registered synchronously so a message can wake the worker; one raw listener, ahead of the router.
  const dispatch = counted(createRouter(worker.handlers, identity), 'message');
  browser.runtime.onMessage.addListener(createMessageListener(dispatch) as Parameters<typeof browser.runtime.onMessage.addListener>[0]);
  // Panel pages hold a port open while they show a tab: only those tabs are looked up automatically.
  let ports = 0;
  browser.runtime.onConnect.addListener((port) => {
    if (port.name !== WATCH_PORT) return;
    if (classifySender(port.sender ?? {}, identity).kind !== 'extension-page') return port.disconnect();
    const portId = String(++ports);
    pushes.open(portId, port);
    port.onMessage.addListener((message) => {
      const parsed = WatchMessageSchema.safeParse(message);
      if (!parsed.success) return;
      pushes.show(portId, parsed.data.tabId);
      void worker.watch(portId, parsed.data.tabId);
    });
    port.onDisconnect.addListener(() => {
      pushes.close(portId);
      void worker.unwatch(portId);
    });
  });
  // First run: one page that gets the rep to a working key (not on updates or browser restarts).
  browser.runtime.onInstalled.addListener(({ reason }) => {
    if (reason === 'install') void welcomePage().catch(() => {});
  });
  // Restarted after "Delete all data": the welcome page again, retried if this start's calls were refused.
  const welcomeIfPending = (tries: number): void =>
    void openWelcomeIfPending(browser.storage.local, welcomePage).catch(() => {
      if (tries > 0) setTimeout(() => welcomeIfPending(tries - 1), 1_000);
    });
  welcomeIfPending(2);
  browser.tabs.onRemoved.addListener((tabId) => void worker.onTabRemoved(tabId));
  // Top level, so an alarm (a rate-limit reset, a settle) wakes a worker Chrome stopped meanwhile.
  browser.alarms.onAlarm.addListener((alarm) => void worker.onAlarm(alarm.name));
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === 'open-side-panel' && tab?.windowId !== undefined) void browser.sidePanel?.open({ windowId: tab.windowId });
  });
  void worker.start();
});

/** The toolbar badge: a tab's own, or (no tab) the one tabs without their own show. A closed tab refuses: nothing to do. */
function showBadge({ text, color, title }: Badge, tab: { tabId?: number } = {}): void {
  void browser.action.setBadgeText({ ...tab, text }).catch(() => {});
  void browser.action.setBadgeBackgroundColor({ ...tab, color }).catch(() => {});
  void browser.action.setTitle({ ...tab, title }).catch(() => {});
}

/** Wipes every store, gives back optional host access, then restarts the extension (after a moment: the options page gets its answer). */
async function wipeAndRestart(leads: LeadStore, records: ReturnType<typeof idbKvStore>): Promise<void> {
  await deleteAllData({
    area: (name) => (browser.storage as unknown as Record<string, { clear(): Promise<void> } | undefined>)[name],
    local: browser.storage.local,
    indexedDB,
    alarms: browser.alarms,
    // Closed for good: nothing in this worker may recreate the database before the restart.
    close: [() => leads.db.close({ disableAutoOpen: true }), () => records.close()],
  }).catch(async (e: unknown) => {
    // Not wiped (a page kept a database open): the leads stay usable until the user tries again.
    await Promise.all([leads.db.open().catch(() => {}), records.reopen().catch(() => {})]);
    throw e;
  });
  // Back to a first run (no optional host access): give back what was granted since (HubSpot, another API address),
  // not the manifest's hosts and script sites (Firefox lists those as granted too).
  const manifest = browser.runtime.getManifest() as { host_permissions?: string[]; content_scripts?: Array<{ matches?: string[] }> };
  const required = new Set<string>([
    ...(manifest.host_permissions ?? []),
    ...(manifest.content_scripts ?? []).flatMap((c) => c.matches ?? []),
  ]);
  const granted = (await browser.permissions.getAll()).origins ?? [];
  const optional = granted.filter((origin) => !required.has(origin));
  if (optional.length) await browser.permissions.remove({ origins: optional }).catch(() => false);
  setTimeout(() => browser.runtime.reload(), 200);
}
