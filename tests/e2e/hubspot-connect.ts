import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Options page → "HubSpot" region: the token, the marks opt-in, the emulator's address under Advanced, Connect. */
export async function connectHubSpot(context: BrowserContext, extensionId: string, baseUrl: string, token: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  const region = page.getByRole('region', { name: 'HubSpot' });
  await region.getByRole('textbox', { name: 'HubSpot access token' }).fill(token);
  await region.getByRole('checkbox', { name: 'Mark people already in HubSpot' }).check();
  await region.locator('summary', { hasText: 'Advanced' }).click();
  await region.getByRole('textbox', { name: 'HubSpot API base URL' }).fill(baseUrl);
  await region.getByRole('button', { name: 'Connect HubSpot' }).click();
  await expect(region.getByRole('status')).toContainText('HubSpot connected (portal 4242)');
  await expect(region.getByRole('button', { name: 'Disconnect HubSpot' })).toBeVisible();
  return page;
}
