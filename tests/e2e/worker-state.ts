import { expect, type BrowserContext, type Locator, type Page, type Worker } from '@playwright/test';
import { serveSites } from './site-fixtures';
import type { RevealRecord } from '../../lib/credits/reveals';
import { revealKey } from '../../lib/storage/keys';
import { writeRecords } from './records-db';
import type { TabState } from '../../lib/tab-state/tab-state';
import { IDLE_HOOK } from '../../lib/worker/idle';

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

/**
 * Sends a protocol message from an extension page, in the envelope every sender uses (lib/messaging/envelope.ts),
 * plus the `id` and `timestamp` the envelope of builds before it required: the benches drive an older build
 * as their baseline with the same helper (today's listener ignores the extra fields).
 */
export async function sendFromExtensionPage<T = unknown>(page: Page, type: string, data: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([t, d]) =>
      (
        globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<{ res?: unknown; err?: { message: string } }> } } }
      ).chrome.runtime.sendMessage({ type: t, data: d, id: 1, timestamp: Date.now() }),
    [type, data] as const,
  );
  if (answer?.err) throw new Error(answer.err.message);
  return answer?.res as T;
}

/** Saves an API key and base URL the way the options page does (through the background's /v1/me check). */
export async function configureByMessage(page: Page, extensionId: string, baseUrl: string, apiKey: string): Promise<void> {
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  const out = await sendFromExtensionPage<{ ok: boolean; message?: string }>(page, 'saveApiKey', { apiKey, baseUrl });
  if (!out?.ok) throw new Error(`saveApiKey failed: ${out?.message}`);
}

/** The id of the tab whose content script reported the X profile `handle` (from the worker's tab states). */
export async function tabIdReporting(worker: Worker, handle: string): Promise<number> {
  let found: number | null = null;
  await expect
    .poll(
      async () => {
        const all = await worker.evaluate(() => (globalThis as unknown as { chrome: Chrome }).chrome.storage.session.get(null));
        for (const [key, value] of Object.entries(all)) {
          const id = /^tab:(\d+)$/.exec(key)?.[1];
          const profile = (value as { profile?: { site?: string; handle?: string } | null } | null)?.profile;
          if (id && profile?.site === 'x' && profile.handle?.toLowerCase() === handle.toLowerCase()) found = Number(id);
        }
        return found;
      },
      { timeout: 15_000, message: `no tab state reports @${handle}` },
    )
    .not.toBeNull();
  return found!;
}

/** Opens an X profile page (route-served) and the side panel pinned to its tab, sized like the real panel. */
export async function openProfileAndPanel(
  context: BrowserContext,
  worker: Worker,
  extensionId: string,
  handle: string,
  name: string,
  width = 380,
): Promise<Page> {
  await serveSites(context, { x: { [handle]: name } });
  const x = await context.newPage();
  await x.goto(`https://x.com/${handle}`);
  const tabId = await tabIdReporting(worker, handle);
  const panel = await context.newPage();
  await panel.setViewportSize({ width, height: 900 });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${tabId}`);
  return panel;
}

/**
 * A revealed contact, written where the reveal store keeps it (the records database, lib/storage/keys.ts
 * `revealKey`), from the extension page `page`: the one copy every panel reads. Written before the panel
 * shows that person (a page's open watch hears only the extension's own writes). With `meterAccountId`,
 * the stored meter is also made to name that account (a panel shows the reveals of the meter's account
 * only) — for galleries run without a key; the worker rewrites the meter when its account changes.
 */
export async function seedReveal(page: Page, record: RevealRecord, meterAccountId?: string): Promise<void> {
  await writeRecords(page, { [revealKey(record.accountId, record.personId)]: record });
  if (!meterAccountId) return;
  await page.evaluate(async (acct) => {
    const session = (
      globalThis as unknown as {
        chrome: { storage: { session: { get(k: string): Promise<Record<string, unknown>>; set(v: object): Promise<void> } } };
      }
    ).chrome.storage.session;
    const { meter } = await session.get('meter');
    await session.set({ meter: { ...(meter as object), accountId: acct } });
  }, meterAccountId);
}

/** "Reveal contact…" on a panel's person card, then "Reveal for …" in its confirm dialog (the rep's two clicks). */
export async function confirmReveal(panel: Page, person: Locator): Promise<void> {
  await person.getByRole('button', { name: 'Reveal contact…' }).click();
  await panel
    .getByRole('dialog', { name: 'Confirm reveal' })
    .getByRole('button', { name: /^Reveal for/ })
    .click();
}

/** The toolbar popup for a tab (the real popup reads the active tab; a page opened here names it). */
export async function popupFor(context: BrowserContext, extensionId: string, tabId: number): Promise<Page> {
  const popup = await context.newPage();
  await popup.setViewportSize({ width: 380, height: 600 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
  return popup;
}

/**
 * Waits until the worker is idle (lib/worker/idle.ts, test builds only): no request, records write or
 * handler in flight, and every paid request's charge booked. A count that has not moved by then will
 * not: the event a "nothing more was sent" check waits for.
 */
export async function workerIdle(serviceWorker: Worker, timeoutMs = 15_000): Promise<void> {
  await serviceWorker.evaluate(([hook, ms]) => (globalThis as unknown as Record<string, (ms: number) => Promise<void>>)[hook]!(ms), [
    IDLE_HOOK,
    timeoutMs,
  ] as const);
}
