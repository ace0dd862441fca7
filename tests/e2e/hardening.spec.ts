import type { Locator, Worker } from '@playwright/test';
import { ANCHORS } from '../emulator';
import { configureExtension } from './configure';
import { expect, test } from './fixtures';
import { openProfileAndPanel, sendFromExtensionPage } from './worker-state';

// Hostile text, a hostile API and bent messages against the built extension (issue 17).

const RLO = '\u202E';
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;
const FOUNDER = ANCHORS.founder;

/**
 * The on-screen x position of each character of `needle` inside `scope`, left to right as written.
 * A right-to-left override before it would lay the characters out right to left (decreasing x).
 */
async function charPositions(scope: Locator, needle: string): Promise<{ left: number; top: number }[]> {
  return scope.evaluate((root, text) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(text) ?? -1;
      if (at < 0) continue;
      const xs: { left: number; top: number }[] = [];
      for (let i = at; i < at + text.length; i++) {
        if (text[i - at] === ' ') continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getBoundingClientRect();
        xs.push({ left: rect.left, top: rect.top });
      }
      return xs;
    }
    throw new Error(`"${text}" not found in one text node`);
  }, needle);
}

async function expectLeftToRight(scope: Locator, needle: string): Promise<void> {
  const xs = await charPositions(scope, needle);
  expect(xs.length).toBeGreaterThan(3);
  for (let i = 1; i < xs.length; i++) {
    const [before, now] = [xs[i - 1]!, xs[i]!];
    // Left to right along a line; a wrap moves down a line.
    if (Math.abs(now.top - before.top) < 2)
      expect(now.left, `"${needle}" character ${i} is left of the one before it`).toBeGreaterThan(before.left);
    else expect(now.top, `"${needle}" character ${i} is on a line above the one before it`).toBeGreaterThan(before.top);
  }
}

/** Each piece (found in one text node) starts after the one before it, in reading order. */
async function expectInReadingOrder(scope: Locator, pieces: string[]): Promise<void> {
  const starts = [];
  for (const piece of pieces) starts.push((await charPositions(scope, piece))[0]!);
  for (let i = 1; i < starts.length; i++) {
    const [before, now] = [starts[i - 1]!, starts[i]!];
    if (Math.abs(now.top - before.top) < 2)
      expect(now.left, `"${pieces[i]}" starts left of "${pieces[i - 1]}"`).toBeGreaterThan(before.left);
    else expect(now.top, `"${pieces[i]}" is on a line above "${pieces[i - 1]}"`).toBeGreaterThan(before.top);
  }
}

/** Records every request the background sends (URL and whether it carries the key), from now on. */
async function recordBackgroundRequests(worker: Worker): Promise<void> {
  await worker.evaluate(() => {
    const g = globalThis as unknown as { fetch: typeof fetch; __sent?: { url: string; withKey: boolean }[] };
    if (g.__sent) return;
    const sent: { url: string; withKey: boolean }[] = [];
    g.__sent = sent;
    const original = g.fetch.bind(globalThis);
    g.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      sent.push({ url, withKey: headers.has('authorization') });
      return original(input, init);
    };
  });
}

async function sentRequests(worker: Worker): Promise<{ url: string; withKey: boolean }[]> {
  return worker.evaluate(() => (globalThis as unknown as { __sent?: { url: string; withKey: boolean }[] }).__sent ?? []);
}

test('a directory last name and a page display name carrying U+202E leave the text around them in order', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  // The directory: a last name whose override would turn the rest of the reveal sentence backwards.
  emulator.control.patch('person', FOUNDER.id, { lastName: `${FOUNDER.lastName}${RLO}` });
  const options = await context.newPage();
  await configureExtension(options, extensionId, { baseUrl: emulator.baseUrl, apiKey: 'test_pro' });

  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, FOUNDER.twitterHandle, FOUNDER.name);
  const person = panel.getByRole('region', { name: 'Person' });
  await expect(person.getByRole('heading', { name: FOUNDER.name, exact: true })).toBeVisible({ timeout: 15_000 });
  expect(await person.textContent()).not.toMatch(BIDI);
  await person.getByRole('button', { name: /^Reveal/ }).click();
  const dialog = panel.getByRole('dialog', { name: 'Confirm reveal' });
  await expect(dialog).toContainText(`Reveal ${FOUNDER.name}’s contact channels?`);
  expect(await dialog.textContent()).not.toMatch(BIDI);
  await expectLeftToRight(dialog, 'contact channels? Revealed channels are kept');
  await expectInReadingOrder(dialog, ['Reveal', FOUNDER.name, '’s contact channels?']);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(emulator.charged('test_pro')).toBe(5); // the lookup only: nothing revealed

  // The page: with automatic lookup off, a crafted display name must not read as "@AdaQuant on X".
  await options.getByLabel('Look up profiles automatically').selectOption('never');
  await expect(options.getByRole('region', { name: 'Budget and automation' })).toContainText('Saved at');
  const crafted = `${RLO}X no tnauQadA@`;
  const idle = await openProfileAndPanel(context, serviceWorker, extensionId, 'zq_nobody_404', crafted);
  await expect(idle.getByRole('heading', { name: 'Automatic lookup is off' })).toBeVisible({ timeout: 15_000 });
  const line = idle.getByText(/^On this page:/);
  await expect(line).toHaveText('On this page: X no tnauQadA@ (@zq_nobody_404 on X)');
  expect(await line.textContent()).not.toMatch(BIDI);
  await expectLeftToRight(line, 'X no tnauQadA@');
  await expectLeftToRight(line, 'zq_nobody_404');
  await expectInReadingOrder(line, ['On this page:', 'X no tnauQadA@', 'zq_nobody_404', 'on X']);
  await expect(idle.getByRole('button', { name: 'Look up · 5 credits' })).toBeVisible();
  expect(emulator.charged('test_pro')).toBe(5);
});

test('/v1/me naming another host: shown as a question; nothing with the key goes there while the user has not agreed', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  await recordBackgroundRequests(serviceWorker);
  const mirror = 'https://api-mirror.directory.example';
  emulator.control.configure({ reportedBaseUrl: mirror });
  const options = await context.newPage();
  await configureExtension(options, extensionId, { baseUrl: emulator.baseUrl, apiKey: 'test_pro' });

  const question = options.getByRole('region', { name: 'Switch the API address?' });
  await expect(question).toContainText(mirror);
  await expect(question).toContainText('Nothing has been sent to api-mirror.directory.example');
  await expect(options.getByRole('region', { name: 'Account' }).getByText('API host').locator('..')).toContainText(emulator.baseUrl);

  // Calls keep going to the address the user typed, while the question is open…
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, FOUNDER.twitterHandle, FOUNDER.name);
  await expect(panel.getByRole('region', { name: 'Person' })).toBeVisible({ timeout: 15_000 });
  // …and after the user keeps it.
  await options.getByRole('button', { name: `Keep ${new URL(emulator.baseUrl).host}` }).click();
  await expect(question).toHaveCount(0);
  await options.reload();
  await expect(options.getByLabel('API base URL', { exact: true })).toHaveValue(emulator.baseUrl);

  const sent = await sentRequests(serviceWorker);
  expect(sent.filter((r) => r.withKey).length).toBeGreaterThanOrEqual(2); // /v1/me and the lookup
  expect(sent.filter((r) => !r.url.startsWith(`${emulator.baseUrl}/`))).toEqual([]);
});

test('/v1/me naming a plain-http *.localhost host is refused and shown, never followed', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  await recordBackgroundRequests(serviceWorker);
  const port = new URL(emulator.baseUrl).port;
  const mirror = `http://api-mirror.localhost:${port}`;
  emulator.control.configure({ reportedBaseUrl: mirror });
  const options = await context.newPage();
  await configureExtension(options, extensionId, { baseUrl: emulator.baseUrl, apiKey: 'test_pro' });
  const note = options.getByRole('note', { name: 'API address not followed' });
  await expect(note).toContainText(mirror);
  await expect(note).toContainText(`keeps calling ${emulator.baseUrl}`);
  await expect(options.getByRole('region', { name: 'Switch the API address?' })).toHaveCount(0);
  expect((await sentRequests(serviceWorker)).filter((r) => r.url.includes('api-mirror'))).toEqual([]);
});

test('messages typed as prototype names get no handler, and refusals carry no stack', async ({ context, extensionId }) => {
  const page = await context.newPage();
  await page.goto(`chrome-extension://${extensionId}/options.html`);
  for (const type of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    // No listener answers (a per-type table looked up with `handlers[type]` answered `constructor` by echoing the message).
    const outcome = await sendFromExtensionPage(page, type, { probe: true }).then(
      (res) => ({ res }),
      (e: Error) => ({ error: e.message }),
    );
    expect(outcome, type).toEqual('error' in outcome ? { error: expect.stringMatching(/port closed|Receiving end/) } : { res: undefined });
  }
  const refusal = await page.evaluate(() =>
    (globalThis as unknown as { chrome: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).chrome.runtime.sendMessage({
      type: 'search',
      data: { q: '   ' },
    }),
  );
  expect(refusal).toEqual({ err: { message: expect.stringMatching(/^"search" refused: invalid q/) } });
});
