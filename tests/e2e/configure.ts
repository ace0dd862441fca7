import { expect, type Page } from '@playwright/test';

export interface ConfigureOptions {
  /** API base URL, e.g. the emulator's `baseUrl`. */
  baseUrl: string;
  apiKey: string;
}

/**
 * Configures the extension the way a user does: opens the options page, fills "API base URL" and
 * "API key", clicks "Save" and waits until the account (from GET /v1/me, 0 credits) is shown.
 * Throws with the page's message when the save is refused.
 */
export async function configureExtension(page: Page, extensionId: string, options: ConfigureOptions): Promise<void> {
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  await submitKeyForm(page, options);
  const connection = page.getByRole('region', { name: 'Connection' });
  const saved = connection.getByRole('status').filter({ hasText: 'Key saved' });
  const refused = connection.getByRole('alert');
  await expect(saved.or(refused)).toBeVisible({ timeout: 15_000 });
  if (await refused.isVisible()) throw new Error(`configureExtension: the options page refused the key: ${await refused.textContent()}`);
  await expect(page.getByRole('region', { name: 'Account' })).toBeVisible();
}

/** Fills "API base URL" and "API key" and clicks "Save" (options and welcome pages); the outcome is the caller's to check. */
export async function submitKeyForm(page: Page, { baseUrl, apiKey }: ConfigureOptions): Promise<void> {
  await fillApiBaseUrl(page, baseUrl);
  await page.getByLabel('API key', { exact: true }).fill(apiKey);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
}

/** Fills "API base URL", opening the "Advanced" disclosure it sits in (options and welcome pages) first. */
async function fillApiBaseUrl(page: Page, baseUrl: string): Promise<void> {
  const field = page.getByLabel('API base URL', { exact: true });
  await expect(page.getByLabel('API key', { exact: true })).toBeVisible();
  if (!(await field.isVisible())) await page.locator('summary', { hasText: 'Advanced' }).first().click();
  await field.fill(baseUrl);
}
