import type { Page } from '@playwright/test';
import { ANCHORS } from '../emulator';
import type { RevealRecord } from '../../lib/credits/reveals';
import type { TabState } from '../../lib/tab-state/tab-state';
import { aFundProject, anInvestorDetail, aPerson, aPortfolioRow, aRevealRecord, states } from '../support/records';
import { configureExtension } from './configure';
import { expect, test } from './fixtures';
import { inEachScheme, openStoredPanel, photograph, storePanelState } from './gallery';
import { openProfileAndPanel, seedReveal, workerIdle } from './worker-state';

// The cards at the side panel's minimum width (320 px), rendered from a stored tab state (as the state
// gallery does): portfolio rows and long URLs/emails fit without horizontal overflow and wrap only
// between words or at "/" and "@", never inside a domain; "Copy all" puts the contact on the clipboard.

const TAB = 999_997;
const LONG_EMAIL = 'ada.lindqvist.partnerships@quantlayer-foundation.example';
const LONG_LINKEDIN = 'https://www.linkedin.com/in/ada-lindqvist-quantlayer-foundation-partnerships';

async function openPanel(page: Page, extensionId: string, state: TabState, revealed?: RevealRecord): Promise<void> {
  await openStoredPanel(page, extensionId, TAB);
  // No key here: the stored meter is made to name the reveal's account (the panel reads that account's reveals).
  if (revealed) await seedReveal(page, revealed, revealed.accountId);
  await storePanelState(page, TAB, state);
}

/** Elements matching `selector` that are wider inside than their box (scrollWidth > clientWidth). */
const overflowing = (page: Page, selector: string) =>
  page.$$eval(selector, (els) =>
    els.filter((el) => el.scrollWidth > el.clientWidth).map((el) => `${el.className}: ${el.scrollWidth} > ${el.clientWidth}`),
  );

/**
 * For each text node under `selector` (the pieces BreakableText puts <wbr>s between), cut again after
 * each hyphen (where browsers may break too): how many lines each part is drawn on (1 = not broken).
 */
const linesPerPiece = (page: Page, selector: string) =>
  page.$eval(selector, (root) => {
    const out: Array<[string, number]> = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      let at = 0;
      for (const part of (n.textContent ?? '').split(/(?<=-)/)) {
        const range = document.createRange();
        range.setStart(n, at);
        range.setEnd(n, at + part.length);
        at += part.length;
        out.push([part, new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size]);
      }
    }
    return out;
  });

test('at 320 px: portfolio rows and a long email and LinkedIn URL fit, breaking only at word, "/" or "@" boundaries, never inside a domain', async ({
  page,
  extensionId,
}) => {
  const portfolio = [
    aPortfolioRow(),
    aPortfolioRow({
      investmentId: 'inv_2',
      company: 'Interoperability Infrastructure Foundation Holdings',
      roundType: 'Series A',
      amountUsd: 30_000_000,
    }),
    aPortfolioRow({
      investmentId: 'inv_3',
      company: 'Supercalifragilisticexpialidociousprotocolnetwork',
      roundType: 'Strategic',
      isLead: false,
    }),
  ];
  const ada = aPerson({ hasLinkedin: true, isLocked: false });
  await openPanel(
    page,
    extensionId,
    states.matched({
      tabId: TAB,
      person: ada,
      organization: aFundProject(),
      organizationDetail: { status: 'loaded', value: { kind: 'investor', ...anInvestorDetail({ portfolio }) } },
    }),
    aRevealRecord({
      personId: ada.id,
      channels: { email: LONG_EMAIL, phone: '+1 415 555 0100', telegram: '@adaquant', linkedinUrl: LONG_LINKEDIN },
    }),
  );
  const rows = page.getByRole('list', { name: 'Portfolio' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  const channels = page.getByRole('region', { name: 'Person' }).getByRole('list', { name: 'Contact channels' });
  await expect(channels.getByRole('link', { name: LONG_LINKEDIN })).toBeVisible();

  // No horizontal overflow: the page, the portfolio, each row, the channel list and each channel.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(
    await overflowing(page, '.portfolio, .portfolio__row, .portfolio__head, .channels, .channels__item, .channels__value, .card'),
  ).toEqual([]);

  // Company names: "QuantLayer" on one line; a multi-word name wraps between words only; the
  // one-word giant is cut with an ellipsis (full name in its title), not broken.
  const names = await page.$$eval('.portfolio__company', (els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size;
      return { text: el.textContent, title: el.getAttribute('title'), lines, clipped: el.scrollWidth > el.clientWidth };
    }),
  );
  expect(names[0]).toMatchObject({ text: 'QuantLayer', lines: 1 });
  expect(names[2]).toMatchObject({ title: 'Supercalifragilisticexpialidociousprotocolnetwork', lines: 1 });
  const wordLines = await page.$eval('.portfolio__row:nth-child(2) .portfolio__company', (el) => {
    // Every word of the name sits on one line.
    const text = el.firstChild!.firstChild as Text;
    const out: number[] = [];
    let at = 0;
    for (const word of (text.textContent ?? '').split(' ')) {
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + word.length);
      out.push(new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size);
      at += word.length + 1;
    }
    return out;
  });
  expect(wordLines).toEqual([1, 1, 1, 1]);

  await inEachScheme(page, 'cards-320', photograph);

  // The LinkedIn URL and the email wrap (they are wider than the panel) but only between their pieces.
  for (const selector of ['.channels__item:nth-child(1) .breakable', '.channels__item:nth-child(4) .breakable']) {
    const pieces = await linesPerPiece(page, selector);
    expect(pieces.length).toBeGreaterThan(1);
    expect(
      pieces.filter(([, lines]) => lines !== 1),
      `${selector} broke inside a piece`,
    ).toEqual([]);
    const box = await page.locator(selector).boundingBox();
    expect(box!.height).toBeGreaterThan(20); // more than one line: wrapped, not clipped
  }
  // The LinkedIn URL reads as its path; every domain (the email's) is drawn on one line, even past a hyphen.
  await expect(channels.getByRole('link', { name: LONG_LINKEDIN })).toHaveText(LONG_LINKEDIN.replace('https://www.linkedin.com/', ''));
  const domains = await page.$$eval('.channels .breakable__domain', (els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return [el.textContent, new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top))).size] as const;
    }),
  );
  expect(domains).toEqual([['@quantlayer-foundation.example', 1]]);
});

test('Copy all puts the revealed contact on the clipboard as plain text', async ({ context, page, extensionId }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const ada = aPerson({ hasLinkedin: true });
  await openPanel(
    page,
    extensionId,
    states.matched({ tabId: TAB, person: ada }),
    aRevealRecord({
      personId: ada.id,
      channels: { email: 'ada@quantlayer.xyz', phone: null, telegram: '@adaquant', linkedinUrl: LONG_LINKEDIN },
    }),
  );
  const person = page.getByRole('region', { name: 'Person' });
  await person.getByRole('button', { name: 'Copy all contact details' }).click();
  await expect(person.getByRole('button', { name: 'Copy all contact details' })).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    [
      'Ada Lindqvist',
      'Founder & CEO at QuantLayer',
      'Email: ada@quantlayer.xyz',
      'Telegram: @adaquant',
      `LinkedIn: ${LONG_LINKEDIN}`,
      'X: @AdaQuant',
    ].join('\n'),
  );
  await expect(person.getByRole('button', { name: 'Download vCard' })).toBeVisible();
});

test('the popup search placeholder is shown whole, beside the priced button', async ({ page, extensionId, emulator }) => {
  await configureExtension(page, extensionId, { baseUrl: emulator.baseUrl, apiKey: 'test_pro' });
  await page.setViewportSize({ width: 380, height: 600 });
  await page.goto(`chrome-extension://${extensionId}/popup.html`);
  const box = page.getByRole('searchbox', { name: 'Search the directory' });
  await expect(box).toBeVisible();
  const fit = await box.evaluate((input: HTMLInputElement) => {
    const s = getComputedStyle(input);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    return {
      text: ctx.measureText(input.placeholder).width,
      room: input.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight),
    };
  });
  // With room to spare: system fonts differ in width by up to ~10% (the old "Name, @handle or project"
  // filled 96% here and was cut to "…projec" on a wider font).
  expect(fit.text, JSON.stringify(fit)).toBeLessThanOrEqual(fit.room * 0.9);
  // Same row as the button: the search stays one line.
  const [input, button] = [await box.boundingBox(), await page.getByRole('button', { name: /^Search ·/ }).boundingBox()];
  expect(Math.abs(input!.y + input!.height / 2 - (button!.y + button!.height / 2))).toBeLessThan(4);
});

test('trust signals where the rep decides: a person at a defunct company is flagged on the card and in the reveal dialog, her company shows "Formerly @…" (0 extra credits)', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  // The emulator's Lumen Drift: lifecycle "defunct", twitterRisk "high", handleHistory ["LumenDriftGame"].
  const rui = ANCHORS.defunctProjectPerson;
  await configureKey('test_pro');
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, rui.twitterHandle, rui.name);
  const person = panel.getByRole('region', { name: 'Person' });
  await expect(person.getByRole('heading', { name: rui.name })).toBeVisible({ timeout: 15_000 });
  await expect(person).toContainText('Defunct: Lumen Drift is recorded as no longer operating.');
  await expect(person).toContainText('Lumen Drift’s X account (the company’s, not this person’s): high risk (directory rating)');

  await person.getByRole('button', { name: 'Reveal contact…' }).click();
  const dialog = panel.getByRole('dialog', { name: 'Confirm reveal' });
  await expect(dialog).toContainText('Lumen Drift is recorded as no longer operating');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const company = panel.getByRole('region', { name: 'Company' });
  await expect(company.getByRole('heading', { name: ANCHORS.defunctProject.name })).toBeVisible();
  await expect(company).toContainText('Formerly@LumenDriftGame');
  await expect(company).toContainText('X account warninghigh risk (directory rating)');

  await workerIdle(serviceWorker);
  expect(emulator.charged('test_pro')).toBe(5); // the one lookup: the signals cost nothing more
});
