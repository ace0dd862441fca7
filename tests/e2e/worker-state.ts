import type { Page, Worker } from '@playwright/test';
import type { TabState } from '../../lib/tab-state/tab-state';

type Chrome = {
  tabs: { query(q: object): Promise<Array<{ id?: number; url?: string }>> };
  storage: { session: { get(k: string | null): Promise<Record<string, unknown>> } };
};

/**
 * The id the browser gave the tab showing `page`. The extension has no `tabs` permission (so tab URLs
 * are hidden from it); the page is brought to the front and the active tab's id read instead.
 */
export async function tabIdOf(serviceWorker: Worker, page: Page): Promise<number> {
  await page.bringToFront();
  const id = await serviceWorker.evaluate(async () => {
    const tabs = await (globalThis as unknown as { chrome: Chrome }).chrome.tabs.query({ active: true, lastFocusedWindow: true });
    return tabs[0]?.id ?? null;
  });
  if (id === null) throw new Error(`no active tab for ${page.url()}`);
  return id;
}

/** The background's state for a tab, read where the worker keeps it. */
export async function tabState(serviceWorker: Worker, tabId: number): Promise<TabState | null> {
  return serviceWorker.evaluate(async (id) => {
    const got = await (globalThis as unknown as { chrome: Chrome }).chrome.storage.session.get(`tab:${id}`);
    return (got[`tab:${id}`] as TabState | undefined) ?? null;
  }, tabId);
}
