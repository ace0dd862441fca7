// First: the Leads page's live query needs a global indexedDB before dexie loads (its store is a fake one).
import 'fake-indexeddb/auto';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode, type ReactElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { sendMessage, type MessageType } from '../../lib/messaging/protocol';
import type { CreditMeter } from '../../lib/tab-state/tab-state';
import { fakeWorker, type FakeWorker } from '../support/fake-worker';
import { accountPrices } from '../support/records';
import { OptionsApp } from '../../entrypoints/options/options-app';
import { PopupApp } from '../../entrypoints/popup/popup-app';
import { ProspectApp } from '../../entrypoints/prospect/prospect-app';
import { App as SidePanelApp } from '../../entrypoints/sidepanel/app';
import { WelcomeApp } from '../../entrypoints/welcome/welcome-app';
import { LeadsApp } from '../../entrypoints/leads/leads-app';
import { testLeadStore } from '../support/test-leads';

/*
 * Every page renders under StrictMode (main.tsx), which runs each effect twice in development. What
 * runs on mount must survive that: only free reads may be sent from an effect (a paid call or a
 * change sent twice would cost or act twice), and a port opened in an effect is closed in its cleanup.
 */

vi.mock('../../lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
let worker: FakeWorker;

/** The messages a page may send without a user action: reads the worker answers locally or for free. */
// `hubspotStatus` reads the background's secret store; `hubspotMarks` is a cached read of the rep's own HubSpot
// (only once they opted in), costs no credit and changes nothing, so sending it twice is harmless.
const FREE_READS: readonly MessageType[] = [
  'getMeter',
  'getAccount',
  'getSpending',
  'getTabState',
  'getReveals',
  // The Leads page's list run (lib/worker/enrich-list.ts): read from the records database, nothing sent.
  'getEnrichRun',
  'hubspotStatus',
  'hubspotMarks',
];

const meter: CreditMeter = {
  hasKey: true,
  accountName: 'Ada',
  tier: 'pro',
  balance: 500,
  spentToday: 0,
  dailyBudget: 150,
  lowBalanceWarning: 50,
  sampleMode: false,
  halted402: false,
  prices: accountPrices(),
};

/** A stand-in for runtime.connect that counts the ports still open. */
function countPorts() {
  const open = new Set<object>();
  vi.spyOn(fakeBrowser.runtime, 'connect').mockImplementation(() => {
    const port = {
      name: 'watch',
      postMessage: vi.fn(),
      disconnect: () => void open.delete(port),
      onDisconnect: { addListener: vi.fn(), removeListener: vi.fn(), hasListener: vi.fn() },
      onMessage: { addListener: vi.fn(), removeListener: vi.fn(), hasListener: vi.fn() },
    };
    open.add(port);
    return port as unknown as ReturnType<typeof fakeBrowser.runtime.connect>;
  });
  return open;
}

beforeEach(() => {
  fakeBrowser.reset();
  // Not implemented by fake-browser: tabs.onReplaced (side panel), windows.getCurrent (popup).
  Object.assign(fakeBrowser.tabs, { onReplaced: { addListener: vi.fn(), removeListener: vi.fn(), hasListener: vi.fn() } });
  vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: 7 } as Awaited<ReturnType<typeof fakeBrowser.windows.getCurrent>>);
  worker = fakeWorker(send, {
    getMeter: () => meter,
    getAccount: () => ({ account: null, baseUrl: 'http://127.0.0.1:8787', hasKey: false }),
    getSpending: () => ({ spentToday: 0, days: [], entries: [], reveals: [] }),
    getTabState: () => null,
    getReveals: () => ({ accountId: null, reveals: [] }),
  });
});

describe('pages under StrictMode', () => {
  it.each<[string, () => ReactElement, string]>([
    ['options', () => <OptionsApp />, 'Crypto Directory settings'],
    ['popup', () => <PopupApp />, 'Search the directory'],
    ['side panel', () => <SidePanelApp />, 'Balance 500 credits'],
    ['welcome', () => <WelcomeApp />, 'API key'],
    ['leads', () => <LeadsApp store={testLeadStore()} />, 'No leads yet'],
    ['prospect', () => <ProspectApp />, 'Balance 500 credits'],
  ])('the %s page sends only free reads on mount', async (_page, page, shown) => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    render(<StrictMode>{page()}</StrictMode>);
    await waitFor(() =>
      expect(
        screen.getAllByText((_, el) => (el?.textContent ?? '').includes(shown) || (el?.getAttribute('aria-label') ?? '').includes(shown))
          .length,
      ).toBeGreaterThan(0),
    );
    expect(worker.order.length).toBeGreaterThan(0);
    expect(worker.order.filter((type) => !FREE_READS.includes(type))).toEqual([]);
  });

  it("the side panel's watch port: one open while it lives, none after", async () => {
    const open = countPorts();
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    const { unmount } = render(
      <StrictMode>
        <SidePanelApp />
      </StrictMode>,
    );
    await waitFor(() => expect(open.size).toBe(1));
    expect(fakeBrowser.runtime.connect).toHaveBeenCalledTimes(2); // StrictMode's second effect run reconnects
    unmount();
    expect(open.size).toBe(0);
  });
});
