import type { BrowserContext, Locator, Page } from '@playwright/test';
import { HUBSPOT_CUSTOM_PROPERTIES } from '../../lib/leads/export/crm-status';
import type { HubSpotEmulator } from '../hubspot-emulator/emulator';
import { startHubSpotServer, type RunningHubSpot } from '../hubspot-emulator/server';
import { expect } from './fixtures';
import { LEADS_WIDTH } from './leads-seed';

// The HubSpot e2e tests reach every page as a rep does: the toolbar popup (popup.html as a page, the way the
// fixtures open it) → "Settings" or "Leads"; the options page → "Open the Leads page"; a row's buttons.

/** Runs `click` and returns the page it opened, loaded. */
export async function pageOpenedBy(context: BrowserContext, click: () => Promise<void>): Promise<Page> {
  const opened = context.waitForEvent('page');
  await click();
  const page = await opened;
  await page.waitForLoadState();
  return page;
}

/** The toolbar popup's "Settings" (with or without a key there is one; the first is the header's or the notice's). */
export async function openOptionsByClick(context: BrowserContext, extensionId: string): Promise<Page> {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  const options = await pageOpenedBy(context, () => popup.getByRole('button', { name: 'Settings' }).first().click());
  if (!popup.isClosed()) await popup.close();
  return options;
}

/** Waits until a Leads page has read the leads database once, drawn as wide as a tab. */
export async function leadsPageReady(page: Page): Promise<Page> {
  await page.setViewportSize({ width: LEADS_WIDTH, height: 900 });
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await expect(page.getByText('Loading leads…')).toHaveCount(0);
  return page;
}

/** The toolbar popup's "Leads": the Leads page in a tab of its own. */
export async function openLeadsByClick(context: BrowserContext, extensionId: string): Promise<Page> {
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  const leads = await pageOpenedBy(context, () => popup.getByRole('button', { name: 'Leads', exact: true }).click());
  if (!popup.isClosed()) await popup.close();
  return leadsPageReady(leads);
}

/** Popup → Settings → the "HubSpot" region: the token, the marks opt-in, the emulator's address under Advanced, Connect. */
export async function connectHubSpot(context: BrowserContext, extensionId: string, baseUrl: string, token: string): Promise<Page> {
  const page = await openOptionsByClick(context, extensionId);
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

// ── the HubSpot emulator, and what it holds per lead ───────────────────────────────────────────────

/** One HubSpot emulator over real HTTP for the test's body, closed after it. */
export async function withHubSpot(run: (hs: RunningHubSpot) => Promise<void>): Promise<void> {
  const hs = await startHubSpotServer();
  try {
    await run(hs);
  } finally {
    await hs.close();
  }
}

const DIRECTORY_ID = HUBSPOT_CUSTOM_PROPERTIES.directoryId.name;

/** The live contacts carrying this person's "Crypto Directory ID". */
export const contactsOf = (hubspot: HubSpotEmulator, personId: string) =>
  hubspot.live('contacts').filter((c) => c.properties[DIRECTORY_ID] === personId);

/** What HubSpot holds of one lead, as a rep would count it there: its contacts, and the notes and tasks on them. */
export function heldFor(hubspot: HubSpotEmulator, personId: string): { contacts: number; notes: number; tasks: number } {
  const ids = new Set(contactsOf(hubspot, personId).map((c) => c.id));
  const on = (r: { contactIds: string[] }) => r.contactIds.some((id) => ids.has(id));
  return { contacts: ids.size, notes: hubspot.live('notes').filter(on).length, tasks: hubspot.live('tasks').filter(on).length };
}

/** Every object HubSpot ever received, archived ones included: a second copy made and archived again still counts. */
export const allObjects = (hubspot: HubSpotEmulator) => ({
  contacts: hubspot.contacts.size,
  companies: hubspot.companies.size,
  notes: hubspot.notes.size,
  tasks: hubspot.tasks.size,
});

/** The domain of the company each contact is associated with (HubSpot's v4 default association), by contact. */
export function associatedDomains(hubspot: HubSpotEmulator, personIds: readonly string[]): (string | undefined)[][] {
  return personIds.map((personId) =>
    contactsOf(hubspot, personId).flatMap((c) =>
      [...(hubspot.associations.get(c.id) ?? [])].map((id) => hubspot.companies.get(id)?.properties.domain),
    ),
  );
}

// ── the Leads page ─────────────────────────────────────────────────────────────────────────────────

export const leadRow = (page: Page, name: string): Locator =>
  page.getByRole('table', { name: 'Leads' }).getByRole('row').filter({ hasText: name });

/** Ticks these leads' row checkboxes (or "Select all shown leads") and opens "Send to HubSpot": its dialog. */
export async function openSend(page: Page, names: readonly string[] | 'all'): Promise<Locator> {
  if (names === 'all') await page.getByRole('checkbox', { name: 'Select all shown leads' }).check();
  else for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('button', { name: 'Send to HubSpot' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send to HubSpot' });
  await expect(dialog.getByText('Checking HubSpot (a read, nothing is written)…')).toHaveCount(0, { timeout: 20_000 });
  return dialog;
}
