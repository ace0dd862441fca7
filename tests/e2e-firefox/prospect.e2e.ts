import assert from 'node:assert/strict';
import type { Page } from 'puppeteer-core';
import { count, findByText, waitFor } from './firefox';
import { configure, firefoxTest } from './harness';

// Prospect search in Firefox ESR against the emulator's ledger: one filtered people search is one
// /v1/people call with the filters and limit=100 (5 credits), and "Save as leads" saves the ticked
// results for 0 credits and no call.

/** The field labelled `label` (its <label for>), as a CSS selector. */
async function field(page: Page, label: string): Promise<string> {
  const id = await waitFor(
    () =>
      page.evaluate(
        (text: string) => Array.from(document.querySelectorAll('label')).find((l) => l.textContent?.trim() === text)?.htmlFor ?? null,
        label,
      ),
    `the "${label}" field`,
  );
  return `[id="${id}"]`;
}

const ROWS = 'table tbody tr';

firefoxTest(
  'a filtered people search is one 5-credit /v1/people call; "Save as leads" saves the ticked results for 0',
  async ({ ff, server, ledger, charged }) => {
    await configure(ff, server.baseUrl, 'test_pro');
    const page = await ff.openExtensionPage('/prospect.html');
    await findByText(page, 'h1', 'Find prospects');
    await page.locator(await field(page, 'Roles')).fill('founder, bd');
    await page.locator(await field(page, 'Channels on file')).fill('telegram');
    assert.deepEqual(
      ledger('test_pro').filter((e) => e.path === '/v1/people'),
      [],
      'choosing filters sends nothing',
    );

    await (await findByText(page, 'button', 'Search · 5 credits')).click();
    await waitFor(async () => (await count(page, ROWS)) === 100, '100 result rows');
    const calls = ledger('test_pro').filter((e) => e.path === '/v1/people');
    assert.deepEqual(
      calls.map((e) => e.query),
      ['roles=bd,founder&channels=telegram&sort=recent&page=1&limit=100'],
    );
    assert.equal(charged('test_pro'), 5);

    // Three results ticked by their names, saved as leads: 0 credits, no call.
    const names = await page.$$eval(`${ROWS} input[type=checkbox]`, (boxes) => boxes.slice(0, 3).map((b) => b.getAttribute('aria-label')));
    assert.equal(names.filter(Boolean).length, 3);
    for (const name of names) await page.locator(`${ROWS} input[type=checkbox][aria-label="${name}"]`).click();
    const before = ledger('test_pro').length;
    await (await findByText(page, 'button', 'Save as leads')).click();
    await findByText(page, '[role="status"]', 'Saved 3 as leads (3 new) · 0 credits.');
    await waitFor(
      async () => (await page.$$eval(ROWS, (rows) => rows.filter((r) => /Saved · New/.test(r.textContent ?? '')).length)) === 3,
      'three rows marked Saved · New',
    );
    assert.equal(ledger('test_pro').length, before);
    assert.equal(charged('test_pro'), 5);
  },
);
