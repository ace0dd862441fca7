import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { readRecords } from './records-db';
import { sendFromExtensionPage } from './worker-state';

/** Everything the extension keeps, read from one of its pages: each storage.* area, and each IndexedDB database with its record count. */
export interface ExtensionData {
  areas: Record<'local' | 'session' | 'sync', Record<string, unknown>>;
  /** Database name → records in all its stores. */
  databases: Record<string, number>;
  /** The keys in the records database (what was paid for, the account: lib/storage/idb-kv-store.ts), sorted. */
  records: string[];
}

/** Reads every storage area and every IndexedDB database of the extension's origin (only those that exist: opening one creates it). */
export async function extensionData(page: Page): Promise<ExtensionData> {
  const data = await page.evaluate(async () => {
    type Area = { get(k: null): Promise<Record<string, unknown>> };
    const storage = (globalThis as unknown as { chrome: { storage: Record<'local' | 'session' | 'sync', Area> } }).chrome.storage;
    const areas = { local: await storage.local.get(null), session: await storage.session.get(null), sync: await storage.sync.get(null) };
    const databases: Record<string, number> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(name);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error ?? new Error(`cannot open ${name}`));
      });
      const stores = [...db.objectStoreNames];
      let count = 0;
      if (stores.length > 0) {
        const tx = db.transaction(stores, 'readonly');
        for (const s of stores)
          count += await new Promise<number>((resolve, reject) => {
            const req = tx.objectStore(s).count();
            req.onsuccess = () => resolve(req.result);
            req.onerror = () => reject(req.error ?? new Error(`cannot count ${s}`));
          });
      }
      db.close();
      databases[name] = count;
    }
    return { areas, databases };
  });
  return { ...data, records: Object.keys(await readRecords(page)).sort() };
}

/**
 * A profile directory whose Chromium has developer mode on, as every profile that loads an unpacked
 * extension does: without it, `runtime.reload()` ("Delete all data" restarts the extension) unloads the
 * command-line extension and never loads it back (its pages then answer ERR_BLOCKED_BY_CLIENT).
 */
export function developerModeProfile(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'dev-mode-profile-'));
  mkdirSync(path.join(dir, 'Default'));
  writeFileSync(path.join(dir, 'Default', 'Preferences'), JSON.stringify({ extensions: { ui: { developer_mode: true } } }));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * What a rep leaves behind in a few clicks (the key already saved): a paid popup search for the founder,
 * the founder saved as a lead from its row, and a paid reveal of the lead (the same paid path as the
 * Leads page's confirmed dialog). The data "Delete all data" must remove and an update must keep.
 */
export async function searchSaveAndReveal(context: BrowserContext, extensionId: string): Promise<void> {
  const founder = ANCHORS.founder;
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.getByRole('searchbox', { name: 'Search the directory' }).fill(founder.name);
  await popup.getByRole('button', { name: /^Search · / }).click();
  await popup
    .getByRole('list', { name: 'People' })
    .getByRole('button', { name: `Save ${founder.name} as lead` })
    .click({ timeout: 15_000 });
  await expect(popup.getByText(/^Saved · /)).toBeVisible();
  expect(await sendFromExtensionPage<{ ok: boolean }>(popup, 'revealLead', { personId: founder.id, confirmed: true })).toMatchObject({
    ok: true,
  });
  await popup.close();
}
