import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { expect, test } from './fixtures';
import { aLeadWithSnapshot } from '../support/a-lead';
import {
  inEachScheme,
  OPTIONS_WIDTH,
  PANEL_WIDTH,
  photograph,
  POPUP_WIDTH,
  walkLeadsPage,
  walkLivePages,
  walkPanelStops,
  type Scheme,
} from './gallery';
import { seedLeadsInPage } from './leads-seed';
import { confirmReveal, openProfileAndPanel } from './worker-state';

// Accessibility as a gate: axe-core (WCAG 2.x A/AA rules) on every stop of the gallery (gallery.ts:
// every side panel state, the reveal dialog, the popup, the options page, the welcome page and the
// Leads page), in light and dark, each at the width it is used at (the side panel at its minimum, the
// Leads page as a tab). Any serious or critical violation fails the test.
// Each stop is photographed as it is audited, into test-results/screenshots/<name>-<scheme>.png (the
// README's screenshots come from there: npm run screenshots:readme). The keyboard test walks the paid
// path without a mouse.

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Serious and critical axe violations on the page as it is now, one line each (rule, impact, where). */
async function seriousViolations(page: Page, label: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${label}: ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1).join(' ').trim() ?? ''}`,
      ),
    );
}

/** A gallery visit that audits the stop and photographs it; violations are collected, not thrown, to list them all. */
function auditAndPhotograph(found: string[]) {
  return async (page: Page, name: string, scheme: Scheme) => {
    found.push(...(await seriousViolations(page, `${name} [${scheme}]`)));
    await photograph(page, name, scheme);
  };
}

test('side panel: every state has no serious or critical axe violation, light and dark, at 320 px', async ({
  context,
  extensionId,
  configureKey,
}) => {
  test.setTimeout(120_000);
  await configureKey('test_pro');
  const found: string[] = [];
  const visited = await walkPanelStops(await context.newPage(), extensionId, auditAndPhotograph(found));
  expect(visited.length).toBeGreaterThanOrEqual(19);
  expect(found, found.join('\n')).toEqual([]);
});

test('the welcome page, the reveal dialog, the popup, the options page and the prospect page: no serious or critical axe violation, light and dark', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  const visited = await walkLivePages({ context, serviceWorker, extensionId, emulator, configureKey }, auditAndPhotograph(found));
  expect(visited).toEqual([
    'welcome',
    'reveal-dialog',
    'popup-empty',
    'popup-results',
    'options',
    'options-advanced',
    'privacy',
    'delete-all-dialog',
    'prospect-results',
    'popup-sample',
    'prospect-sample',
    'popup-key-refused',
  ]);
  expect(found, found.join('\n')).toEqual([]);
});

test('the Leads page (list, a lead open, the selection and the Export menu): no serious or critical axe violation, light and dark', async ({
  context,
  extensionId,
}) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  const visited = await walkLeadsPage({ context, extensionId }, auditAndPhotograph(found));
  expect(visited).toEqual(['leads', 'leads-lead', 'leads-export']);
  expect(found, found.join('\n')).toEqual([]);
});

test('"Delete all data" with data to count, then its backup made: no serious or critical axe violation, light and dark', async ({
  context,
  extensionId,
}) => {
  const options = await context.newPage();
  await options.setViewportSize({ width: OPTIONS_WIDTH, height: 900 });
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  // Two leads, three notes (written before the dialog opens: its count is read then).
  const note = (id: string) => ({ id, at: Date.now(), text: `note ${id}` });
  await seedLeadsInPage(options, [
    aLeadWithSnapshot({ id: 'per_ada', firstName: 'Ada', lastName: 'Lindqvist' }, { notes: [note('a'), note('b')] }),
    aLeadWithSnapshot({ id: 'per_bo', firstName: 'Bo', lastName: 'Berg' }, { notes: [note('c')] }),
  ]);
  await options.getByRole('button', { name: 'Delete all data' }).click();
  const dialog = options.getByRole('dialog', { name: 'Delete all data' });
  await expect(dialog).toContainText('2 leads, 3 notes, 0 revealed contacts');
  const found: string[] = [];
  await inEachScheme(options, 'delete-all-counted', auditAndPhotograph(found));
  await Promise.all([options.waitForEvent('download'), dialog.getByRole('button', { name: 'Back up leads first' }).click()]);
  await expect(dialog.getByRole('status')).toContainText('Backed up 2 leads to leads-backup-');
  await inEachScheme(options, 'delete-all-backed-up', auditAndPhotograph(found));
  expect(found, found.join('\n')).toEqual([]);
});

/**
 * What sticks out sideways: the document scrolling sideways (scrollWidth > clientWidth), or any part of
 * `box` (a control and everything in it) ending past the document's right edge, where a clipped select
 * or button would hide behind an `overflow: hidden` without the document scrolling. Empty when it fits.
 */
async function sticksOut(box: Locator): Promise<string[]> {
  return box.evaluate((root) => {
    const doc = document.documentElement;
    const out: string[] = [];
    if (doc.scrollWidth > doc.clientWidth)
      out.push(`the document scrolls sideways: scrollWidth ${doc.scrollWidth} > clientWidth ${doc.clientWidth}`);
    for (const el of [root, ...root.querySelectorAll('*')]) {
      const { left, right, width } = el.getBoundingClientRect();
      if (width > 0 && (right > doc.clientWidth + 0.5 || left < -0.5))
        out.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" spans ${Math.round(left)}–${Math.round(right)} of ${doc.clientWidth} px`,
        );
    }
    return out.slice(0, 6); // the outermost first: enough to say what to fix
  });
}

test('the card’s lead editor open (after a save, then a message on Telegram with Undo), its Outreach group and the Do-not-contact note: no serious or critical axe violation, light and dark; all fit 320 px', async ({
  context,
  serviceWorker,
  extensionId,
  configureKey,
}) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Telegram is not reachable from here: a stub page stands in for it.
  await context.route('https://t.me/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Telegram</title>' }));
  await configureKey('test_pro');
  const founder = ANCHORS.founder;
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, founder.twitterHandle, founder.name, PANEL_WIDTH);
  const person = panel.getByRole('region', { name: 'Person' });
  const found: string[] = [];
  const fits = async (box: Locator, name: string) => expect(await sticksOut(box), `${name} at ${PANEL_WIDTH} px`).toEqual([]);

  // Saved from the card: the fields open in place, focus on Status.
  await person.getByRole('button', { name: 'Save lead' }).click({ timeout: 15_000 });
  const fields = person.getByRole('group', { name: 'Edit lead' });
  await expect(fields.getByRole('combobox', { name: 'Status' })).toBeFocused();
  await expect(person.getByRole('button', { name: /^Saved · New/ })).toHaveAttribute('aria-expanded', 'true');
  await fits(fields, 'the open lead editor');
  await inEachScheme(panel, 'lead-editor-open', auditAndPhotograph(found));

  // A confirmed reveal (Telegram and email), then a message on Telegram: the Outreach group with its
  // Template select, the "copied" line, the editor's last note and its status line with Undo.
  await confirmReveal(panel, person);
  const outreach = person.getByRole('group', { name: 'Outreach' });
  await expect(outreach.getByRole('link', { name: 'Message on Telegram' })).toBeVisible({ timeout: 15_000 });
  await expect(outreach.getByRole('link', { name: 'Email' })).toBeVisible();
  await expect(outreach.getByRole('combobox', { name: 'Template' })).toBeVisible();
  const [telegram] = await Promise.all([context.waitForEvent('page'), outreach.getByRole('link', { name: 'Message on Telegram' }).click()]);
  await telegram.close();
  await expect(outreach.getByText('Message copied — paste it if Telegram did not fill it in.')).toBeVisible();
  await expect(person.getByRole('button', { name: 'Undo' })).toBeVisible();
  await expect(fields).toContainText('Messaged on Telegram'); // still open, the last note shown
  await fits(fields, 'the lead editor with its last note and Undo');
  await fits(outreach, 'the Outreach group');
  await inEachScheme(panel, 'lead-editor-outreach', auditAndPhotograph(found));

  // Do not contact: the group gives way to the reason.
  await fields.getByRole('combobox', { name: 'Status' }).selectOption('Do not contact');
  const blocked = person.getByRole('note').filter({ hasText: 'Marked “Do not contact”: no message from here.' });
  await expect(blocked).toBeVisible();
  await expect(outreach).toHaveCount(0);
  await fits(blocked, 'the Do-not-contact note');
  await inEachScheme(panel, 'lead-editor-do-not-contact', auditAndPhotograph(found));

  expect(found, found.join('\n')).toEqual([]);
});

test('the popup’s "On this tab" card with its lead editor open (saved there, a note added): no serious or critical axe violation, light and dark', async ({
  context,
  serviceWorker,
  extensionId,
  configureKey,
}) => {
  await configureKey('test_pro');
  const founder = ANCHORS.founder;
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, founder.twitterHandle, founder.name);
  await expect(panel.getByRole('region', { name: 'Person' }).getByRole('heading', { name: founder.name })).toBeVisible({ timeout: 15_000 });
  const tabId = Number(new URL(panel.url()).searchParams.get('tabId'));
  await panel.close();
  const popup = await context.newPage();
  await popup.setViewportSize({ width: POPUP_WIDTH, height: 600 });
  await popup.goto(`chrome-extension://${extensionId}/popup.html?tabId=${tabId}`);
  const onTab = popup.getByRole('region', { name: 'On this tab' });
  await onTab.getByRole('button', { name: 'Save lead' }).click({ timeout: 15_000 });
  const fields = onTab.getByRole('group', { name: 'Edit lead' });
  await fields.getByRole('textbox', { name: 'Note' }).fill('Met at Token2049.');
  await fields.getByRole('button', { name: 'Add note' }).click();
  await expect(onTab.getByText('Note added.')).toBeVisible();
  await expect(fields).toContainText('Met at Token2049.');
  const found: string[] = [];
  expect(await sticksOut(fields)).toEqual([]);
  await inEachScheme(popup, 'popup-lead-editor', auditAndPhotograph(found));
  expect(found, found.join('\n')).toEqual([]);
});

test('the options page’s Outreach section (as it opens, then edited: a template added, the name cleared, not saved yet): no serious or critical axe violation, light and dark', async ({
  context,
  extensionId,
}) => {
  // Reached as a rep reaches it: the toolbar popup's "Settings".
  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  const [options] = await Promise.all([context.waitForEvent('page'), popup.getByRole('button', { name: 'Settings' }).click()]);
  await options.setViewportSize({ width: OPTIONS_WIDTH, height: 900 });
  await options.waitForLoadState();
  const section = options.getByRole('region', { name: 'Outreach' });
  await expect(section.getByRole('group', { name: 'Template 2' })).toBeVisible();
  await expect(section.getByRole('group', { name: 'Preview' })).toContainText('Hi Ada,');
  await section.scrollIntoViewIfNeeded();
  const found: string[] = [];
  await inEachScheme(options, 'options-outreach', auditAndPhotograph(found));

  await section.getByRole('textbox', { name: 'Your name' }).fill('Sam');
  await section.getByRole('button', { name: 'Add template' }).click();
  await expect(section.getByRole('group', { name: 'Template 3' })).toBeVisible();
  await section.getByRole('textbox', { name: 'Your name' }).fill('');
  await expect(section.getByRole('note')).toContainText('Fill in your name and company');
  await expect(section.getByRole('status')).toHaveText('Not saved yet.');
  await inEachScheme(options, 'options-outreach-edited', auditAndPhotograph(found));
  expect(found, found.join('\n')).toEqual([]);
});

test('keyboard only: reach Reveal, Escape cancels, Enter confirms; focus is always visible', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  // The panel opens from the keyboard: Chromium registered Alt+Shift+D for the command the background
  // handles (Playwright cannot press a browser command; tests/build/manifest-commands.test.ts checks
  // the declaration).
  const commands = await serviceWorker.evaluate(() =>
    (
      globalThis as unknown as { chrome: { commands: { getAll(): Promise<Array<{ name?: string; shortcut?: string }>> } } }
    ).chrome.commands.getAll(),
  );
  expect(commands).toContainEqual(expect.objectContaining({ name: 'open-side-panel', shortcut: 'Alt+Shift+D' }));

  await configureKey('test_pro');
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, ANCHORS.founder.twitterHandle, ANCHORS.founder.name, 360);
  const reveal = panel.getByRole('region', { name: 'Person' }).getByRole('button', { name: /^Reveal/ });
  await expect(reveal).toBeVisible({ timeout: 15_000 });

  /** The focused element has a visible focus indicator (an outline or a box-shadow ring). */
  const focusVisible = () =>
    panel.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return false;
      const s = getComputedStyle(el);
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || (s.boxShadow !== 'none' && s.boxShadow !== '');
    });

  // Tab through the panel until Reveal has focus; every stop shows where focus is.
  let stops = 0;
  while (!(await reveal.evaluate((el) => el === document.activeElement))) {
    await panel.keyboard.press('Tab');
    expect(await focusVisible(), `focus stop ${stops + 1} has no visible focus indicator`).toBe(true);
    if (++stops > 30) throw new Error('Reveal was not reached with Tab in 30 stops');
  }

  await panel.keyboard.press('Enter');
  const dialog = panel.getByRole('dialog', { name: 'Confirm reveal' });
  await expect(dialog).toBeVisible();
  // Focus moved into the dialog, visibly.
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  expect(await focusVisible()).toBe(true);
  await panel.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(reveal).toBeFocused();
  const reveals = () => emulator.control.ledger('test_pro').filter((e) => /include=private/.test(e.query));
  expect(reveals()).toHaveLength(0);

  // Again, and confirm with the keyboard alone.
  await panel.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: /^Reveal for/ });
  for (let i = 0; i < 10 && !(await confirm.evaluate((el) => el === document.activeElement)); i++) await panel.keyboard.press('Tab');
  await expect(confirm).toBeFocused();
  await panel.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByRole('region', { name: 'Person' }).getByRole('list', { name: 'Contact channels' })).toContainText('@', {
    timeout: 15_000,
  });
  expect(reveals()).toHaveLength(1);
  expect(stops).toBeLessThanOrEqual(30);
});
