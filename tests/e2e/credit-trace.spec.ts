import { ANCHORS } from '../emulator';
import { expect, test } from './fixtures';
import { patchSettings } from '../demo/browser';
import { serveSites } from './site-fixtures';
import { configureByMessage, sendFromExtensionPage, tabIdOf, tabState } from './worker-state';

const A = ANCHORS;

test('a browsing trace is charged exactly the lower bound: 5 per profile not already in a paid answer + 10 per confirmed reveal', async ({
  context,
  serviceWorker,
  extensionId,
  emulator,
}) => {
  await serveSites(context, {
    x: {
      [A.founder.twitterHandle]: A.founder.name,
      [A.cofounder.twitterHandle]: A.cofounder.name,
      [A.fund.twitterHandle]: A.fund.name,
      [A.notFound.twitterHandle]: A.notFound.name,
    },
    linkedinPeople: { [A.cofounder.linkedinSlug]: { name: A.cofounder.name } },
  });
  const admin = await context.newPage();
  await configureByMessage(admin, extensionId, emulator.baseUrl, 'test_pro');
  // This trace is about what is paid once a lookup is wanted (cache, dedupe, revisits), not about intent:
  // with "always" every visited tab counts, as if a panel watched each (credit-safety.spec.ts covers intent).
  await patchSettings(admin, { autoLookup: 'always' });

  const settled = async (tabId: number) => {
    await expect
      .poll(async () => (await tabState(serviceWorker, tabId))?.status, { timeout: 15_000 })
      .toMatch(/^(matched|not-found|candidates)$/);
    return (await tabState(serviceWorker, tabId))!;
  };
  const visit = async (url: string) => {
    const page = await context.newPage();
    await page.goto(url);
    return { page, tabId: await tabIdOf(serviceWorker, page) };
  };

  const badge = (tabId: number) =>
    serviceWorker.evaluate(
      (id) =>
        (globalThis as unknown as { chrome: { action: { getBadgeText(d: object): Promise<string> } } }).chrome.action.getBadgeText({
          tabId: id,
        }),
      tabId,
    );

  // 1. Ada on X, then SPA moves between her profile's tabs and a status page.
  const ada = await visit(`https://x.com/${A.founder.twitterHandle}`);
  expect((await settled(ada.tabId)).status).toBe('matched');
  await expect.poll(() => badge(ada.tabId)).toBe('✓'); // within BADGE_DELAY_MS of the state
  for (const path of ['/media', '/with_replies', '/status/1790000000000000000']) {
    await ada.page.evaluate(
      (p) => history.pushState({}, '', location.pathname.split('/')[1] ? `/${location.pathname.split('/')[1]}${p}` : p),
      path,
    );
  }
  // 2. The same profile in three more tabs, one with the handle in another case.
  for (const url of [
    `https://x.com/${A.founder.twitterHandle}`,
    `https://x.com/${A.founder.twitterHandle.toLowerCase()}`,
    `https://twitter.com/${A.founder.twitterHandle}/likes`,
  ]) {
    await settled((await visit(url)).tabId);
  }
  // 3. A fund, a not-found, a LinkedIn person, each visited twice.
  for (let i = 0; i < 2; i++) {
    await settled((await visit(`https://x.com/${A.fund.twitterHandle}`)).tabId);
    const nobody = await visit(`https://x.com/${A.notFound.twitterHandle}`);
    expect((await settled(nobody.tabId)).status).toBe('not-found');
    await expect.poll(() => badge(nobody.tabId)).toBe('–');
    // His page shows no company: his one row of that name is offered as a choice, never taken.
    expect((await settled((await visit(`https://www.linkedin.com/in/${A.cofounder.linkedinSlug}/`)).tabId)).status).toBe('candidates');
  }
  // 4. SPA back to Ada from another profile, then a confirmed reveal, repeated by a second panel.
  await ada.page.evaluate((h) => history.pushState({}, '', `/${h}`), A.cofounder.twitterHandle);
  await settled(ada.tabId);
  await ada.page.evaluate(() => history.back());
  await expect
    .poll(async () => (await tabState(serviceWorker, ada.tabId))?.profile?.key)
    .toBe(`x:${A.founder.twitterHandle.toLowerCase()}`);
  await settled(ada.tabId);
  const panel = await context.newPage();
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html?tabId=${ada.tabId}`);
  const reveal = { view: { tabId: ada.tabId }, personId: A.founder.id, confirmed: true };
  const [first, second] = await Promise.all([
    sendFromExtensionPage(panel, 'reveal', reveal),
    sendFromExtensionPage(panel, 'reveal', reveal),
  ]);
  expect(first).toMatchObject({ ok: true });
  expect(second).toMatchObject({ ok: true });
  await sendFromExtensionPage(panel, 'reveal', reveal); // shown again: stored locally, free

  // Unique profiles: Ada (X), Tomas (X, via SPA), Meridian, not-found, Tomas (LinkedIn) = 5; Tomas on X
  // was already in the LinkedIn search's paid answer (with his handle), so 4 searches are paid.
  const charges = emulator.control.ledger('test_pro').filter((e) => e.creditsCharged > 0);
  expect(charges.map((e) => `${e.path}${e.query ? `?${e.query}` : ''}`)).toHaveLength(5);
  expect(charges.filter((e) => e.path === '/v1/search').map((e) => e.query)).not.toContain(`q=${A.cofounder.twitterHandle}`);
  expect(emulator.charged('test_pro')).toBe(4 * 5 + 10);
});
