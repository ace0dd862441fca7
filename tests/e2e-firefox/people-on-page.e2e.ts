import assert from 'node:assert/strict';
import { ANCHORS } from '../emulator';
import { findByText, storageOf, tabIdReporting, waitFor, workerIdle } from './firefox';
import { configure, firefoxTest } from './harness';

// "People on this page" (issue 26) in Firefox: an X followers page (route-served), the sidebar page pinned to
// its tab, the emulator's ledger for money.

const A = ANCHORS;
const OWNER = A.fund.twitterHandle;
const KNOWN = [A.founder, A.fundPerson, A.angel];
const UNKNOWN = [A.cofounder, A.telegramEmailOnly, A.exchangePerson, A.defunctProjectPerson, A.altRolesFundPerson];
const dir = {
  x: { [OWNER]: A.fund.name },
  xFollowers: { [OWNER]: [...KNOWN, ...UNKNOWN].map((p) => ({ name: p.name, handle: p.twitterHandle })) },
};
const REGION = 'section[aria-label="People on this page"]';

firefoxTest('X followers: 8 rows, 3 known; "Look up 5 · 25 credits" costs exactly 25', async ({ ff, server, charged }) => {
  const control = await configure(ff, server.baseUrl, 'test_pro');
  // Three followers already paid for (popup searches): the knowledge index knows them.
  for (const p of KNOWN)
    await control.evaluate(
      (q: string) =>
        (globalThis as unknown as { browser: { runtime: { sendMessage(m: unknown): Promise<unknown> } } }).browser.runtime.sendMessage({
          type: 'search',
          data: { q },
        }),
      p.twitterHandle,
    );
  assert.equal(charged('test_pro'), 15);

  await ff.openSite(`https://x.com/${OWNER}/followers`, dir);
  const tabId = await tabIdReporting(control, (p) => p.site === 'x' && p.handle === OWNER, `@${OWNER}`);
  // (No "no panel" case here: Firefox opens the extension's sidebar at install, and it watches the active tab.)

  const sidebar = await ff.openExtensionPage(`/sidepanel.html?tabId=${tabId}`);
  await findByText(sidebar, `${REGION} [role="status"]`, '3 known · 5 not looked up');
  // The sidebar's own lookup of the page's profile (the fund) settles first.
  await waitFor(
    async () => ((await storageOf(control, 'session'))[`tab:${tabId}`] as { status?: string } | undefined)?.status === 'matched',
    'the fund matched',
  );
  await workerIdle(sidebar);
  const before = charged('test_pro');
  await (await findByText(sidebar, `${REGION} button`, 'Select all not known')).click();
  await (await findByText(sidebar, `${REGION} button`, 'Look up 5 · 25 credits')).click();
  await findByText(sidebar, `${REGION} [role="status"]`, '8 known · 0 not looked up');
  await workerIdle(sidebar);
  assert.equal(charged('test_pro') - before, 25);
});
