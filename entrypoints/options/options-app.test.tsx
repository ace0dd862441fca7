import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { sendMessage, type Spending } from '@/lib/messaging/protocol';
import { DEFAULT_API_BASE_URL, DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { getSettings, settingsItem } from '@/lib/settings/settings-item';
import { meterItem } from '@/lib/tab-state/items';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import { aMeter, anAccount, anOldMeter, PRICES_7_12 } from '@/tests/support/records';
import { fakeWorker, type FakeWorker } from '@/tests/support/fake-worker';
import { OptionsApp } from './options-app';

vi.mock('@/lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
let worker: FakeWorker;
const typedBase = 'http://127.0.0.1:8787';

const spending: Spending = { spentToday: 0, days: [], entries: [], reveals: [] };
const order: string[] = [];
const request = vi.fn(async (_p: { origins?: string[] }) => {
  order.push('permissions.request');
  return true;
});

beforeEach(() => {
  fakeBrowser.reset();
  order.length = 0;
  request.mockClear();
  Object.assign(fakeBrowser.permissions, { request });
  worker = fakeWorker(
    send,
    {
      getAccount: () => ({ account: null, baseUrl: typedBase, hasKey: false }),
      getSpending: () => spending,
      saveApiKey: ({ baseUrl }) => ({ ok: true, account: anAccount(), baseUrl }),
      clearCache: () => ({ cleared: 3 }),
    },
    { onSend: (type) => order.push(type) },
  );
});

describe('options wiring', () => {
  it.each([
    [true, 1],
    [false, 0],
  ])('a saved key the API refused (meter keyRejected %s) raises %i "API key refused" alert', async (keyRejected, alerts) => {
    worker.handle({ getAccount: () => ({ account: anAccount(), baseUrl: typedBase, hasKey: true }) });
    await meterItem.setValue({ ...aMeter(), keyRejected });
    render(<OptionsApp />);
    expect(await screen.findByRole('region', { name: 'Account' })).toBeVisible();
    await waitFor(() => expect(screen.queryAllByRole('alert', { name: 'API key refused' })).toHaveLength(alerts));
  });

  it.each([
    [
      'a saved key: the address saved with it',
      { account: anAccount(), baseUrl: 'https://bound.directory.example', hasKey: true },
      'https://bound.directory.example',
    ],
    ['no key: the build default pre-fills the form', { account: null, baseUrl: '', hasKey: false }, DEFAULT_API_BASE_URL],
  ])('the API base URL shows %s, never an address found in settings', async (_label, answer, shown) => {
    // What an earlier version (or a content script, on Firefox) left in storage.local: read by nobody.
    await fakeBrowser.storage.local.set({ settings: { ...DEFAULT_SETTINGS, apiBaseUrl: 'https://elsewhere.example' } });
    worker.handle({ getAccount: () => answer });
    render(<OptionsApp />);
    await screen.findByLabelText('Daily credit budget'); // the settings were read …
    await waitFor(() => expect(send).toHaveBeenCalledWith('getAccount')); // … and the worker answered
    await act(async () => {});
    expect((screen.getByLabelText('API base URL') as HTMLInputElement).value).toBe(shown);
    if (answer.hasKey) expect(screen.getByRole('region', { name: 'Account' }).textContent).toContain('bound.directory.example');
  });

  it('writes settings through settingsItem at once; a bad number is not written', async () => {
    const user = userEvent.setup();
    render(<OptionsApp />);
    const auto = (await screen.findByLabelText('Look up profiles automatically')) as HTMLSelectElement;
    await user.selectOptions(auto, 'never');
    await waitFor(async () => expect((await getSettings()).autoLookup).toBe('never'));

    const budget = screen.getByLabelText('Daily credit budget');
    await user.clear(budget);
    await user.type(budget, '-1');
    await user.tab();
    expect(screen.getByRole('alert').textContent).toMatch(/whole number from 0 to 100,000/);
    expect((await getSettings()).dailyBudget).toBe(DEFAULT_SETTINGS.dailyBudget);

    await user.clear(budget);
    await user.type(budget, '40{Enter}');
    await waitFor(async () => expect((await getSettings()).dailyBudget).toBe(40));
    expect(screen.getByRole('region', { name: 'Budget and automation' }).textContent).toMatch(/Saved at/);
  });

  it('shows a change made elsewhere without a reload', async () => {
    render(<OptionsApp />);
    const budget = (await screen.findByLabelText('Daily credit budget')) as HTMLInputElement;
    await act(() => settingsItem.setValue({ ...DEFAULT_SETTINGS, dailyBudget: 999 }));
    await waitFor(() => expect(budget.value).toBe('999'));
  });

  it('asks for an https host permission in the Save click, before sending saveApiKey', async () => {
    const user = userEvent.setup();
    render(<OptionsApp />);
    const url = await screen.findByLabelText('API base URL');
    await waitFor(() => expect((url as HTMLInputElement).value).toBe('http://127.0.0.1:8787'));
    await user.clear(url);
    await user.type(url, 'https://api.directory.example');
    await user.type(screen.getByLabelText('API key'), 'k_live_1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('region', { name: 'Account' })).toBeVisible();
    expect(request).toHaveBeenCalledWith({ origins: ['https://api.directory.example/*'] });
    expect(send).toHaveBeenCalledWith('saveApiKey', { apiKey: 'k_live_1', baseUrl: 'https://api.directory.example' });
    expect(order.indexOf('permissions.request')).toBeLessThan(order.indexOf('saveApiKey'));
    expect(screen.getByText(/Key saved\. It was checked with a free call: 0 credits charged\./)).toBeVisible();
    expect((screen.getByLabelText('API key') as HTMLInputElement).value).toBe(''); // the secret does not linger in the page
  });

  it('shows the stored account on load, and Remove key forgets it', async () => {
    const user = userEvent.setup();
    let stored = true;
    worker.handle({
      getAccount: () =>
        stored ? { account: anAccount(), baseUrl: typedBase, hasKey: true } : { account: null, baseUrl: typedBase, hasKey: false },
      removeApiKey: () => void (stored = false),
    });
    render(<OptionsApp />);
    expect(await screen.findByRole('region', { name: 'Account' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Remove key' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Account' })).toBeNull());
    expect(send).toHaveBeenCalledWith('removeApiKey');
  });

  describe('/v1/me names another API address', () => {
    const typed = 'http://127.0.0.1:8787';
    const proposed = 'https://api-mirror.directory.example';
    function answerWithProposal() {
      let saved = false;
      worker.handle({
        getAccount: () => ({ account: saved ? anAccount() : null, baseUrl: typed, hasKey: saved }),
        saveApiKey: ({ baseUrl }) => {
          saved = true;
          return baseUrl === typed
            ? { ok: true, account: anAccount(), baseUrl: typed, proposedBaseUrl: proposed }
            : { ok: true, account: anAccount(), baseUrl };
        },
      });
    }

    async function saveKey(user: ReturnType<typeof userEvent.setup>) {
      render(<OptionsApp />);
      await waitFor(() => expect((screen.getByLabelText('API base URL') as HTMLInputElement).value).toBe(typed));
      await user.type(screen.getByLabelText('API key'), 'test_pro');
      await user.click(screen.getByRole('button', { name: 'Save' }));
      return screen.findByRole('region', { name: 'Switch the API address?' });
    }

    it('is shown and nothing goes there by itself; Keep forgets it', async () => {
      answerWithProposal();
      const user = userEvent.setup();
      const question = await saveKey(user);
      expect(question.textContent).toContain(proposed);
      expect(question.textContent).toContain('Nothing has been sent to api-mirror.directory.example');
      expect(worker.sent('saveApiKey')).toEqual([{ apiKey: 'test_pro', baseUrl: typed }]);
      expect(request).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: 'Keep 127.0.0.1:8787' }));
      expect(screen.queryByRole('region', { name: 'Switch the API address?' })).toBeNull();
      expect(worker.sent('saveApiKey')).toHaveLength(1);
    });

    it('Switch asks for that host in the click, then checks the same key there', async () => {
      answerWithProposal();
      const user = userEvent.setup();
      await saveKey(user);
      order.length = 0;
      await user.click(screen.getByRole('button', { name: 'Switch to api-mirror.directory.example' }));
      await screen.findByText(/Switched: calls now go to api-mirror\.directory\.example/);
      expect(request).toHaveBeenCalledWith({ origins: [`${proposed}/*`] });
      expect(order).toEqual(['permissions.request', 'saveApiKey', 'getSpending']);
      expect(send).toHaveBeenLastCalledWith('getSpending');
      expect(send).toHaveBeenCalledWith('saveApiKey', { apiKey: 'test_pro', baseUrl: proposed });
      expect(screen.queryByRole('region', { name: 'Switch the API address?' })).toBeNull();
    });

    it('a refused permission keeps the current address and the question open', async () => {
      answerWithProposal();
      const user = userEvent.setup();
      await saveKey(user);
      request.mockImplementationOnce(async () => false);
      await user.click(screen.getByRole('button', { name: 'Switch to api-mirror.directory.example' }));
      expect((await screen.findByRole('alert')).textContent).toMatch(
        /^Not switched to api-mirror\.directory\.example; calls still go to 127\.0\.0\.1:8787\./,
      );
      expect(worker.sent('saveApiKey')).toHaveLength(1);
      expect(screen.getByRole('region', { name: 'Switch the API address?' })).toBeVisible();
    });
  });

  it('Clear cache says how many entries went', async () => {
    const user = userEvent.setup();
    render(<OptionsApp />);
    await user.click(await screen.findByRole('button', { name: 'Clear cache' }));
    expect(await screen.findByText('Cleared 3 cached entries.')).toBeVisible();
  });
});

describe('options prices', () => {
  it.each<[string, CreditMeter, { call: number; reveal: number }]>([
    ['the meter’s (the account’s /v1/me)', aMeter({ prices: PRICES_7_12, balance: 3 }), { call: 7, reveal: 12 }],
    ['the spec’s for a meter without prices (an older version’s)', anOldMeter({ balance: 3 }), { call: 5, reveal: 10 }],
  ])('the account summary, its price line and the settings help quote %s', async (_label, stored, { call, reveal }) => {
    // No endpoint rows in /v1/me: the price line says the call and reveal prices itself.
    worker.handle({ getAccount: () => ({ account: anAccount({ endpoints: null, tier: 'starter' }), baseUrl: typedBase, hasKey: true }) });
    await meterItem.setValue(stored);
    render(<OptionsApp />);
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByRole('note', { name: 'Sample mode' }).textContent).toContain(`below the call’s price (${call} credits)`);
    expect(account.textContent).toContain(`Prices: ${call} credits per data call, ${reveal} for the first reveal`);
    expect((await screen.findByText(/^One search \(/)).textContent).toMatch(new RegExp(`^One search \\(${call} credits\\)`));
    expect(screen.getByText(/^Coworkers, team and fund portfolio, /).textContent).toContain(`portfolio, ${call} credits each`);
  });
});

describe('options: the Leads page', () => {
  it('"Leads" opens leads.html in a tab', async () => {
    fakeBrowser.runtime.getURL = (path: string) => `chrome-extension://abc${path}`;
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    render(<OptionsApp />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Leads' }));
    expect(create).toHaveBeenCalledWith({ url: 'chrome-extension://abc/leads.html' });
  });

  it('"Find prospects" opens prospect.html in a tab', async () => {
    fakeBrowser.runtime.getURL = (path: string) => `chrome-extension://abc${path}`;
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    render(<OptionsApp />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Find prospects' }));
    expect(create).toHaveBeenCalledWith({ url: 'chrome-extension://abc/prospect.html' });
  });
});
