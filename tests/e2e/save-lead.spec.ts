import type { Locator, Worker } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { expect, test, type EmulatorUnderTest } from './fixtures';
import { openProfileAndPanel, workerIdle } from './worker-state';

// Saving a lead is free: the worker keeps the record it already has. The emulator's ledger logs every
// request the "server" received (free /v1/me included), so "no API call" is the ledger not growing, and
// "0 credits" is its charges not changing. Each test has its own emulator and browser profile.

const A = ANCHORS;
const KEY = 'test_pro';

/** What the server saw so far: every request, and every credit charged. */
const snapshot = (emulator: EmulatorUnderTest) => ({ requests: emulator.control.ledger(KEY).length, charged: emulator.charged(KEY) });

/** Clicks a save button and waits for its mark; meanwhile the server must hear nothing. */
async function saveAndExpectFree(emulator: EmulatorUnderTest, serviceWorker: Worker, button: Locator, mark: Locator): Promise<void> {
  const before = snapshot(emulator);
  await button.click();
  await expect(mark).toHaveText('Saved · New');
  await expect(button).toHaveCount(0);
  // Anything the save might have sent late is in the ledger once the worker is idle.
  await workerIdle(serviceWorker);
  expect(snapshot(emulator)).toEqual(before);
}

test('the panel: "Save lead" on the card and "Save {name} as lead" on a team row cost 0 credits and no API call', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey(KEY);
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, A.founder.twitterHandle, A.founder.name);
  const person = panel.getByRole('region', { name: 'Person' });
  await expect(person.getByRole('heading', { name: A.founder.name })).toBeVisible({ timeout: 15_000 });

  await saveAndExpectFree(emulator, serviceWorker, person.getByRole('button', { name: 'Save lead' }), person.getByText(/^Saved · /));
  // The save opens the lead's fields on the card, focus on Status: a keyboard user stays on the card, at
  // the next thing to set.
  await expect(person.getByRole('group', { name: 'Edit lead' }).getByRole('combobox', { name: 'Status' })).toBeFocused();
  expect(emulator.charged(KEY)).toBe(5); // the lookup, and nothing since

  // The team is a paid detail (5); saving a member from its row is free.
  const company = panel.getByRole('region', { name: 'Company' });
  await company.getByRole('button', { name: 'Load team · 5 credits' }).click();
  const team = company.getByRole('list', { name: 'Team' });
  await expect(team.getByText(A.cofounder.name)).toBeVisible({ timeout: 15_000 });
  const tomas = team.getByRole('listitem').filter({ hasText: A.cofounder.name });
  await saveAndExpectFree(
    emulator,
    serviceWorker,
    tomas.getByRole('button', { name: `Save ${A.cofounder.name} as lead` }),
    tomas.getByText(/^Saved · /),
  );
  // Ada, saved from her card, is marked on the team list as well.
  await expect(
    team
      .getByRole('listitem')
      .filter({ hasText: A.founder.name })
      .getByText(/^Saved · /),
  ).toHaveText('Saved · New');
  expect(emulator.charged(KEY)).toBe(10);

  // A reload reads the marks back from the leads database, for nothing.
  const before = snapshot(emulator);
  await panel.reload();
  await expect(panel.getByRole('region', { name: 'Person' }).getByText('Saved · New')).toBeVisible({ timeout: 15_000 });
  expect(snapshot(emulator)).toEqual(before);
});

test('the popup: "Save {name} as lead" on a search result costs 0 credits and no API call; the panel card then says "Saved · New"', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey(KEY);
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.getByRole('searchbox', { name: 'Search the directory' }).fill(A.founder.name);
  await popup.getByRole('button', { name: 'Search · 5 credits' }).click();
  const people = popup.getByRole('list', { name: 'People' });
  // Her row, by the button that opens it (the save button goes once she is saved).
  const ada = people.getByRole('listitem').filter({ has: popup.getByRole('button', { name: new RegExp(`^${A.founder.name}`) }) });
  await expect(ada).toHaveCount(1, { timeout: 15_000 });
  expect(emulator.charged(KEY)).toBe(5);

  await saveAndExpectFree(
    emulator,
    serviceWorker,
    ada.getByRole('button', { name: `Save ${A.founder.name} as lead` }),
    ada.getByText(/^Saved · /),
  );

  // Her card in the panel (her X profile) is marked as saved.
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, A.founder.twitterHandle, A.founder.name);
  const person = panel.getByRole('region', { name: 'Person' });
  await expect(person.getByRole('heading', { name: A.founder.name })).toBeVisible({ timeout: 15_000 });
  await expect(person.getByText(/^Saved · /)).toHaveText('Saved · New');
  await expect(person.getByRole('button', { name: 'Save lead' })).toHaveCount(0);
});

test('a sample (NOT REAL DATA) answer in the popup offers no save', async ({ context, extensionId, emulator, configureKey }) => {
  await configureKey('test_free_empty');
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await popup.getByRole('searchbox', { name: 'Search the directory' }).fill(A.founder.name);
  await popup.getByRole('button', { name: /^Search · / }).click();
  await expect(popup.getByRole('alert')).toContainText('NOT REAL DATA', { timeout: 15_000 });
  await expect(popup.getByRole('list', { name: 'People' }).getByRole('listitem').first()).toBeVisible();
  await expect(popup.getByRole('button', { name: /as lead$/ })).toHaveCount(0);
  expect(emulator.charged('test_free_empty')).toBe(0);
});
