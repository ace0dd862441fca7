import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ANCHORS as A } from '@/tests/emulator';
import { xIdOf } from '@/tests/e2e/site-fixtures';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import type { PageHints } from '@/lib/profile/types';
import { tabStateItem } from '@/lib/tab-state/items';
import type { TabState } from '@/lib/tab-state/tab-state';
import { EXTENSION_PAGE as page, startTestWorker } from '@/tests/support/test-worker';

// On X a handle is not a person: the account's user id (the page's follow control) is. A record is
// confirmed on the id it was first seen with; a rename is followed for 0 credits, a reused handle is not
// taken for the person paid for, and a page without an id offers no channel. The emulator's ledger is
// the truth about money.

const ADA_ID = xIdOf(A.founder.twitterHandle);
const OTHER_ID = '1890000000000000001';
const xUrl = (handle: string) => `https://x.com/${handle}`;

async function setup() {
  const clock = { ms: Date.now() };
  const t = await startTestWorker({ now: () => clock.ms });
  const calls = () => t.emulator.control.ledger(t.key).length;
  return {
    ...t,
    clock,
    calls,
    // Each report waits for its lookup (the handler resolves once the lookup has finished).
    show: (tabId: number, handle: string, hints: PageHints) =>
      Promise.resolve(
        t.h.reportProfile(
          { url: xUrl(handle), profile: parseProfileUrl(xUrl(handle)), hints },
          { kind: 'content-script', tabId, topFrame: true },
        ),
      ),
    state: (tabId: number) => tabStateItem(tabId).getValue() as Promise<TabState>,
  };
}

beforeEach(() => fakeBrowser.reset());

describe('X accounts known by their user id', () => {
  it('a saved person under a new handle: the same card for 0 credits, "formerly", the lead kept and moved to the new handle', async () => {
    const t = await setup();
    await t.show(1, 'AdaQuant', { xId: ADA_ID });
    expect(await t.state(1)).toMatchObject({ status: 'matched', person: { id: A.founder.id }, x: { confirmed: true } });
    await t.h.saveLead({ personId: A.founder.id, view: { tabId: 1 } }, page);
    const paid = t.calls();

    // Days later the directory still lists @AdaQuant; the page shows the same id under @ada_eth.
    t.clock.ms += 3 * 86_400_000;
    await t.show(2, 'ada_eth', { xId: ADA_ID });
    expect(await t.state(2)).toMatchObject({
      status: 'matched',
      person: { id: A.founder.id },
      matchedOn: 'x-id',
      x: { confirmed: true, formerly: { handle: 'AdaQuant' } },
    });
    expect(t.calls()).toBe(paid);
    const lead = await t.leads.get(A.founder.id);
    expect(lead?.xHandle).toBe('ada_eth');
    expect(lead?.xAccount?.handles.map((h) => h.handle)).toEqual(['AdaQuant', 'ada_eth']);
  });

  it('a saved person renamed after "Clear cache": found by the lead\'s X account, for 0 credits', async () => {
    const t = await setup();
    await t.show(1, 'AdaQuant', { xId: ADA_ID });
    await t.h.saveLead({ personId: A.founder.id, view: { tabId: 1 } }, page);
    await t.h.clearCache(undefined, page);
    const paid = t.calls();
    t.clock.ms += 86_400_000;
    await t.show(2, 'ada_eth', { xId: ADA_ID });
    expect(await t.state(2)).toMatchObject({
      status: 'matched',
      person: { id: A.founder.id },
      matchedOn: 'x-id',
      known: { how: 'saved' },
      x: { confirmed: true, formerly: { handle: 'AdaQuant' } },
    });
    expect(t.calls()).toBe(paid);
  });

  it('a handle reused by another account: not the person paid for, nothing of theirs offered, nothing paid until "Look up anyway"', async () => {
    const t = await setup();
    await t.show(1, 'AdaQuant', { xId: ADA_ID });
    const paid = t.calls();

    await t.show(2, 'AdaQuant', { xId: OTHER_ID });
    const reused = await t.state(2);
    expect(reused).toMatchObject({ status: 'handle-reused', handle: 'AdaQuant', seenAs: { handle: 'AdaQuant' }, listedAs: A.founder.name });
    expect(reused).not.toHaveProperty('person');
    expect(t.calls()).toBe(paid);
    // No card of hers on this tab, so nothing of hers can be revealed from it.
    expect(await t.h.reveal({ view: { tabId: 2 }, personId: A.founder.id, confirmed: true }, page)).toMatchObject({ ok: false });
    expect(t.calls()).toBe(paid);

    // "Look up anyway": one new answer, and the directory still names her under the handle.
    t.clock.ms += 60 * 60_000;
    await t.h.lookUp({ tabId: 2, refresh: true }, page);
    expect(t.calls()).toBe(paid + 1);
    expect(await t.state(2)).toMatchObject({ status: 'handle-reused', cost: { credits: 5 } });
  });

  it('a page that shows no id: the person marked not confirmed, without channels, until the id arrives', async () => {
    const t = await setup();
    await t.show(1, 'AdaQuant', { xId: ADA_ID });
    expect(await t.h.reveal({ view: { tabId: 1 }, personId: A.founder.id, confirmed: true }, page)).toMatchObject({ ok: true });
    const paid = t.calls();

    await t.show(2, 'AdaQuant', {});
    const unconfirmed = await t.state(2);
    expect(unconfirmed).toMatchObject({
      status: 'matched',
      person: { id: A.founder.id, email: null, telegram: null },
      x: { confirmed: false },
    });
    expect(await t.h.reveal({ view: { tabId: 2 }, personId: A.founder.id, confirmed: true }, page)).toMatchObject({ ok: false });

    // The follow control renders a moment later: the same page is confirmed, for free.
    await t.show(2, 'AdaQuant', { xId: ADA_ID });
    expect(await t.state(2)).toMatchObject({ status: 'matched', person: { id: A.founder.id }, x: { confirmed: true } });
    expect(t.calls()).toBe(paid);
  });
});
