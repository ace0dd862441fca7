import { ANCHORS } from '../emulator';
import { expect, test } from './fixtures';
import { openProfileAndPanel } from './worker-state';

// States a rep must read right at a glance, against the built extension and the emulator: a 429 says
// so at once (with a countdown, no paid retry), a refused key reads as refused everywhere, and a key
// without read:contacts offers no Reveal.

const FOUNDER = ANCHORS.founder;

test('a 429 shows "API rate limit — resumes in …" within 3 s, counting down, with no paid retry', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey('test_pro');
  emulator.control.inject({ fail429: 1 });
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, FOUNDER.twitterHandle, FOUNDER.name, 360);
  const started = Date.now();
  const heading = panel.getByRole('heading', { name: /^API rate limit — resumes in/ });
  await expect(heading).toBeVisible({ timeout: 3_000 });
  expect(Date.now() - started).toBeLessThan(3_000);
  await expect(panel.getByText(/shared by the whole account/)).toBeVisible();
  const first = await heading.textContent();
  await expect.poll(() => heading.textContent(), { timeout: 3_000 }).not.toBe(first); // a live countdown
  await expect(panel.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  expect(emulator.charged('test_pro')).toBe(0);
  // The resume is a chrome.alarms alarm (it wakes a worker Chrome stopped meanwhile), never before the reset.
  const armed = await serviceWorker.evaluate(async () => {
    const chrome = (
      globalThis as unknown as {
        chrome: {
          alarms: { getAll(): Promise<Array<{ name: string; scheduledTime: number }>> };
          storage: { session: { get(k: null): Promise<Record<string, { status?: string; resumeAt?: number }>> } };
        };
      }
    ).chrome;
    const states = await chrome.storage.session.get(null);
    const [key, state] = Object.entries(states).find(([k, s]) => k.startsWith('tab:') && s.status === 'rate-limited') ?? [];
    const alarm = (await chrome.alarms.getAll()).find((a) => key && a.name === `resume-tab:${key.slice(4)}`);
    return { resumeAt: state?.resumeAt ?? null, at: alarm?.scheduledTime ?? null };
  });
  expect(armed.at).not.toBeNull();
  expect(armed.at!).toBeGreaterThanOrEqual(armed.resumeAt!);
});

test('a key revoked mid-session reads as refused in the panel meter and the popup, which offers no search', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
  configureKey,
}) => {
  await configureKey('test_starter');
  emulator.control.setAccount('test_starter', { revoked: true });
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, FOUNDER.twitterHandle, FOUNDER.name, 360);
  await expect(panel.getByRole('heading', { name: 'The API key was refused' })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('status', { name: /^API key refused/ })).toBeVisible();
  await expect(panel.getByRole('button', { name: /Retry/ })).toHaveCount(0);

  const popup = await context.newPage();
  await popup.goto(`chrome-extension://${extensionId}/popup.html`);
  await expect(popup.getByRole('status', { name: /^API key refused/ })).toBeVisible();
  await expect(popup.getByRole('alert')).toContainText('wrong or revoked');
  await expect(popup.getByRole('searchbox')).toHaveCount(0);

  const options = await context.newPage();
  await options.goto(`chrome-extension://${extensionId}/options.html`);
  await expect(options.getByRole('alert', { name: 'API key refused' })).toBeVisible();
});

test('a key without read:contacts shows the cards with no Reveal, and says why up front', async ({
  context,
  serviceWorker,
  extensionId,
  configureKey,
}) => {
  await configureKey('test_no_contacts');
  const panel = await openProfileAndPanel(context, serviceWorker, extensionId, FOUNDER.twitterHandle, FOUNDER.name, 360);
  const person = panel.getByRole('region', { name: 'Person' });
  await expect(person.getByRole('heading', { name: FOUNDER.name })).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('note', { name: 'Reveal unavailable' })).toContainText('read:contacts');
  await expect(panel.getByRole('button', { name: /^Reveal/ })).toHaveCount(0);
});
