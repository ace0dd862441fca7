// Ways in: "Find prospects" (prospect.html) is one click from every page a rep starts on — the toolbar
// popup, the real side panel's header, the Leads page, the options page and the welcome page — each
// reached by clicks from where a user starts, never by typing an address.
import type { BrowserContext, Page } from '@playwright/test';
import { FIND_PROSPECTS, PROSPECT_PAGE_PATH } from '../../lib/prospect/prospect-page';
import { submitKeyForm } from './configure';
import { expect, test } from './fixtures';
import { RealSidePanel } from './real-side-panel';

const KEY = 'test_pro';

/** The toolbar popup, as the e2e fixtures open it: popup.html as a page. */
async function openPopup(context: BrowserContext, extensionId: string): Promise<Page> {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  return popup;
}

/** Runs `click` and returns the page it opened, once loaded. */
async function pageOpenedBy(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const opened = context.waitForEvent('page');
  await click();
  const page = await opened;
  await page.waitForLoadState();
  return page;
}

/** The page `click` opens is "Find prospects": the extension's prospect.html, drawn. */
async function expectProspectPage(context: BrowserContext, extensionId: string, click: () => Promise<void>): Promise<void> {
  const page = await pageOpenedBy(context, click);
  expect(page.url()).toBe(`chrome-extension://${extensionId}${PROSPECT_PAGE_PATH}`);
  await expect(page.getByRole('heading', { level: 1, name: FIND_PROSPECTS })).toBeVisible();
}

test('from the toolbar popup: "Find prospects" beside Leads', async ({ context, extensionId, configureKey }) => {
  await configureKey(KEY);
  const popup = await openPopup(context, extensionId);
  await expectProspectPage(context, extensionId, () => popup.getByRole('button', { name: FIND_PROSPECTS }).click());
});

test('from the real side panel: "Find prospects" in its header', async ({ context, extensionId }) => {
  const panel = await RealSidePanel.open(context, extensionId);
  expect(await panel.url()).toBe(`chrome-extension://${extensionId}/sidepanel.html`);
  await expectProspectPage(context, extensionId, () => panel.click('button', FIND_PROSPECTS));
  await panel.detach();
});

test('from the Leads page (popup → Leads): "Find prospects" in its toolbar', async ({ context, extensionId }) => {
  const popup = await openPopup(context, extensionId);
  const leads = await pageOpenedBy(context, () => popup.getByRole('button', { name: 'Leads', exact: true }).click());
  await expect(leads.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  // The toolbar's comes first (with no lead yet, the empty page points to the same page further down).
  await expectProspectPage(context, extensionId, () => leads.getByRole('button', { name: FIND_PROSPECTS }).first().click());
});

test('from the options page (popup → Settings): "Find prospects" beside Leads', async ({ context, extensionId, configureKey }) => {
  await configureKey(KEY);
  const popup = await openPopup(context, extensionId);
  const options = await pageOpenedBy(context, () => popup.getByRole('button', { name: 'Settings' }).click());
  await expect(options.getByRole('heading', { level: 1, name: 'Crypto Directory settings' })).toBeVisible();
  await expectProspectPage(context, extensionId, () => options.getByRole('button', { name: FIND_PROSPECTS }).click());
});

test.describe('from the welcome page', () => {
  test.use({ keepWelcomePage: true });

  test('the install opens it; once the key works, "Find prospects" is the next step', async ({ context, extensionId, emulator }) => {
    const isWelcome = (p: Page) => p.url().endsWith('/welcome.html');
    const welcome = context.pages().find(isWelcome) ?? (await context.waitForEvent('page', { predicate: isWelcome, timeout: 15_000 }));
    await expect(welcome.getByRole('button', { name: FIND_PROSPECTS })).toHaveCount(0);
    await submitKeyForm(welcome, { baseUrl: emulator.baseUrl, apiKey: KEY });
    const done = welcome.getByRole('region', { name: 'Done: the key works' });
    await expect(done).toBeVisible({ timeout: 15_000 });
    await expectProspectPage(context, extensionId, () => done.getByRole('button', { name: FIND_PROSPECTS }).click());
  });
});
