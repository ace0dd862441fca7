// First: zod must be jitless before any schema is built (see lib/zod-setup.ts).
import '@/lib/zod-setup';
import { browserKvStore } from '@/lib/cache';
import { onMessage, type MessageType } from '@/lib/messaging/protocol';
import { createRouter } from '@/lib/messaging/router';
import { createApiKeyStore } from '@/lib/settings/api-key';
import { indexedDbSecretStore } from '@/lib/settings/secret-store';
import { MESSAGE_SCHEMAS } from '@/lib/messaging/schemas';
import { createWorker } from '@/lib/worker/create-worker';

export default defineBackground(() => {
  // Reveals and cache live in storage.local; content scripts never need it. Chromium lets us close it to
  // them (like storage.session by default); Firefox cannot, so the key is not kept there at all.
  const local = browser.storage.local as { setAccessLevel?: (o: { accessLevel: string }) => Promise<void> };
  void local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' })?.catch(() => {});
  // The key lives in this background's own IndexedDB, which no content script can open; a key left in
  // storage.local by an earlier version is moved there on first use.
  const apiKey = createApiKeyStore({ secrets: indexedDbSecretStore(), legacy: browser.storage.local });

  const identity = { id: browser.runtime.id, origin: browser.runtime.getURL('/').replace(/\/$/, '') };
  const worker = createWorker({
    fetch: (input, init) => fetch(input, init),
    local: browserKvStore(browser.storage.local),
    apiKey,
    identity,
    setBadge: (tabId, badge) => {
      void browser.action.setBadgeText({ tabId, text: badge.text }).catch(() => {});
      void browser.action.setBadgeBackgroundColor({ tabId, color: badge.color }).catch(() => {});
      void browser.action.setTitle({ tabId, title: badge.title }).catch(() => {});
    },
    canReach: (origin) => browser.permissions.contains({ origins: [`${origin}/*`] }),
  });

  // Listeners are registered synchronously so a message can wake the worker.
  const dispatch = createRouter(worker.handlers, identity);
  for (const type of Object.keys(MESSAGE_SCHEMAS) as MessageType[]) {
    onMessage(type, (message) => dispatch(type, message.data, message.sender));
  }
  browser.tabs.onRemoved.addListener((tabId) => void worker.onTabRemoved(tabId));
  browser.commands.onCommand.addListener((command, tab) => {
    if (command === 'open-side-panel' && tab?.windowId !== undefined) void browser.sidePanel?.open({ windowId: tab.windowId });
  });
  void worker.start();
});
