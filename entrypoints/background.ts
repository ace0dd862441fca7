// First: zod must be jitless before any schema is built (see lib/zod-setup.ts).
import '@/lib/zod-setup';
import { browserKvStore } from '@/lib/cache';
import { onMessage, type MessageType } from '@/lib/messaging/protocol';
import { createRouter } from '@/lib/messaging/router';
import { MESSAGE_SCHEMAS } from '@/lib/messaging/schemas';
import { createWorker } from '@/lib/worker/create-worker';

export default defineBackground(() => {
  // The key, reveals and cache live in storage.local; content scripts never need it. Chromium lets us
  // close it to them (like storage.session by default); where refused (Firefox, older Chrome) the
  // content scripts still never read it.
  const local = browser.storage.local as { setAccessLevel?: (o: { accessLevel: string }) => Promise<void> };
  void local.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' })?.catch(() => {});

  const identity = { id: browser.runtime.id, origin: browser.runtime.getURL('/').replace(/\/$/, '') };
  const worker = createWorker({
    fetch: (input, init) => fetch(input, init),
    local: browserKvStore(browser.storage.local),
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
