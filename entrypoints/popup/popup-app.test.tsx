// The leads database on a fake IndexedDB, installed before Dexie loads (it reads the global once).
import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ada, meter, result, sample } from '@/tests/support/popup-fixtures';
import { dayKey } from '@/lib/credits/day-key';
import { pageLeads } from '@/lib/leads/page-leads';
import { sendMessage, type SearchOutcome } from '@/lib/messaging/protocol';
import { meterItem, tabStateItem } from '@/lib/tab-state/items';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import { aMeter, anOldMeter, PRICES_7_12, states } from '@/tests/support/records';
import { fakeWorker, type FakeWorker } from '@/tests/support/fake-worker';
import { PopupApp } from './popup-app';

vi.mock('@/lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
let worker: FakeWorker;

const order: string[] = [];
const sidePanelOpen = vi.fn(async (_options: { windowId?: number }) => {
  order.push('sidePanel.open');
});

beforeEach(async () => {
  fakeBrowser.reset();
  await pageLeads().clear();
  order.length = 0;
  sidePanelOpen.mockClear();
  Object.assign(fakeBrowser, { sidePanel: { open: sidePanelOpen } });
  // fake-browser does not implement tabs.onReplaced, and its tabs.query needs a focused window: tab 12 is active.
  Object.assign(fakeBrowser.tabs, { onReplaced: { addListener: vi.fn(), removeListener: vi.fn(), hasListener: vi.fn() } });
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([
    { id: 12, windowId: 7 } as Awaited<ReturnType<typeof fakeBrowser.tabs.query>>[number],
  ]);
  vi.spyOn(fakeBrowser.windows, 'getCurrent').mockResolvedValue({ id: 7 } as Awaited<ReturnType<typeof fakeBrowser.windows.getCurrent>>);
  worker = fakeWorker(send, {
    getMeter: () => meter,
    search: ({ q }) => result({ q }),
    showRecord: () => void order.push('showRecord'),
  });
});

const searchCalls = () => worker.sent('search');

describe('popup wiring', () => {
  it('shows the meter from storage and keeps it live', async () => {
    await meterItem.setValue({ ...meter, balance: 4321 });
    worker.handle({ getMeter: () => new Promise(() => undefined) }); // getMeter never answers
    render(<PopupApp />);
    expect(await screen.findByRole('status', { name: /^Balance 4,321 credits/ })).toBeVisible();
    await act(() => meterItem.setValue({ ...meter, balance: 4316, spentToday: 15 }));
    expect(await screen.findByRole('status', { name: /^Balance 4,316 credits · spent today 15 of 150/ })).toBeVisible();
  });

  it('sends one search per Enter, none per keystroke, and ignores a second Enter while in flight', async () => {
    const user = userEvent.setup();
    let answer: (value: SearchOutcome) => void = () => undefined;
    worker.handle({ search: () => new Promise<SearchOutcome>((resolve) => (answer = resolve)) });
    render(<PopupApp />);
    const box = await screen.findByRole('searchbox', { name: 'Search the directory' });
    await user.type(box, 'Ada');
    expect(searchCalls()).toHaveLength(0);
    await user.keyboard('{Enter}{Enter}');
    expect(searchCalls()).toEqual([{ q: 'Ada' }]);
    await act(async () => answer(result()));
    expect(await screen.findByRole('list', { name: 'People' })).toBeVisible();
  });

  it('opens the side panel inside the click, then shows the chosen row there', async () => {
    const user = userEvent.setup();
    render(<PopupApp />);
    await user.type(await screen.findByRole('searchbox', { name: 'Search the directory' }), 'Ada{Enter}');
    await user.click(await screen.findByRole('button', { name: /^Ada Lindqvist/ }));
    expect(sidePanelOpen).toHaveBeenCalledWith({ windowId: 7 });
    expect(send).toHaveBeenCalledWith('showRecord', { person: ada });
    expect(order.slice(-2)).toEqual(['sidePanel.open', 'showRecord']);
  });

  it('"Open side panel" opens it without a message', async () => {
    const user = userEvent.setup();
    render(<PopupApp />);
    await user.click(await screen.findByRole('button', { name: 'Open side panel' }));
    expect(sidePanelOpen).toHaveBeenCalledTimes(1);
  });

  it('after a budget refusal, "Search anyway" repeats the search with override', async () => {
    const user = userEvent.setup();
    worker.handle({
      search: ({ override }) =>
        override ? result() : { ok: false, reason: 'budget', message: 'This would pass today’s budget.', remainingToday: 2 },
    });
    render(<PopupApp />);
    await user.type(await screen.findByRole('searchbox', { name: 'Search the directory' }), 'Ada{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Search anyway · 5 credits' }));
    expect(searchCalls()).toEqual([{ q: 'Ada' }, { q: 'Ada', override: true }]);
    await waitFor(() => expect(screen.getByRole('list', { name: 'People' })).toBeTruthy());
  });

  it('without a key: the message and Settings (opens the options page)', async () => {
    const user = userEvent.setup();
    const openOptions = vi.spyOn(fakeBrowser.runtime, 'openOptionsPage').mockResolvedValue(undefined);
    worker.handle({ getMeter: () => ({ ...meter, hasKey: false, balance: null }) });
    render(<PopupApp />);
    expect(await screen.findByText(/No API key yet/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    expect(openOptions).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('searchbox')).toBeNull();
  });
});

describe('popup: the profile on the active tab', () => {
  it('names it from the worker’s tab state; "Look up" opens the panel inside the click, then asks for that tab', async () => {
    await tabStateItem(12).setValue(states.idle('unwatched', { tabId: 12 }));
    worker.handle({ lookUp: () => void order.push('lookUp') });
    const user = userEvent.setup();
    render(<PopupApp />);
    const region = await screen.findByRole('region', { name: 'On this tab' });
    expect(region.textContent).toContain('Ada Lindqvist (@AdaQuant on X) on this tab');
    expect(worker.sent('lookUp')).toEqual([]); // opening the popup spends nothing
    await user.click(within(region).getByRole('button', { name: 'Look up · 5 credits' }));
    expect(worker.sent('lookUp')).toEqual([{ tabId: 12 }]);
    expect(order.slice(-2)).toEqual(['sidePanel.open', 'lookUp']);
  });
});

describe('popup prices and double clicks', () => {
  it.each<[string, CreditMeter, string]>([
    ['the meter’s search price', aMeter({ prices: PRICES_7_12 }), '7 credits'],
    ['the spec’s for a meter without prices (an older version’s)', anOldMeter(), '5 credits'],
  ])('Search and "Search anyway" quote %s', async (_label, stored, price) => {
    await meterItem.setValue(stored);
    worker.handle({ search: () => ({ ok: false, reason: 'budget', message: 'This would pass today’s budget.', remainingToday: 2 }) });
    const user = userEvent.setup();
    render(<PopupApp />);
    await user.type(await screen.findByRole('searchbox', { name: 'Search the directory' }), 'Ada');
    await user.click(screen.getByRole('button', { name: `Search · ${price}` }));
    expect(await screen.findByRole('button', { name: `Search anyway · ${price}` })).toBeVisible();
  });

  it.each([
    ['Search', false],
    ['Search anyway', true],
  ])('%s: a double click sends one search while the answer is on its way', async (button, anyway) => {
    let answer: (value: SearchOutcome) => void = () => undefined;
    worker.handle({
      search: ({ override }) =>
        override || !anyway
          ? new Promise<SearchOutcome>((resolve) => (answer = resolve))
          : { ok: false, reason: 'budget', message: 'This would pass today’s budget.', remainingToday: 2 },
    });
    const user = userEvent.setup();
    render(<PopupApp />);
    await user.type(await screen.findByRole('searchbox', { name: 'Search the directory' }), 'Ada');
    if (anyway) await user.click(screen.getByRole('button', { name: 'Search · 5 credits' }));
    await user.dblClick(await screen.findByRole('button', { name: `${button} · 5 credits` }));
    expect(searchCalls()).toHaveLength(anyway ? 2 : 1);
    await act(async () => answer(result()));
    expect(await screen.findByRole('list', { name: 'People' })).toBeVisible();
    expect(searchCalls()).toHaveLength(anyway ? 2 : 1);
  });
});

describe('popup: saved leads', () => {
  const searchAda = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.type(await screen.findByRole('searchbox', { name: 'Search the directory' }), 'Ada{Enter}');
    return screen.findByRole('list', { name: 'People' });
  };

  it('"Save Ada Lindqvist as lead" names the row by id (0 credits, no search); the row then says "Saved · New"', async () => {
    // The worker saves its own copy of the row into the extension's database; this page reads it back from there.
    worker.handle({
      saveLead: async ({ personId }) => {
        expect(personId).toBe(ada.id);
        const { lead } = await pageLeads().save({ person: ada, organization: null, accountId: 'acc_pro', savedFrom: null });
        return { ok: true, personId: lead.personId, status: lead.status, created: true };
      },
    });
    const user = userEvent.setup();
    render(<PopupApp />);
    await searchAda(user);
    await user.click(screen.getByRole('button', { name: 'Save Ada Lindqvist as lead' }));
    expect(worker.sent('saveLead')).toEqual([{ personId: 'per_ada' }]);
    expect(searchCalls()).toHaveLength(1);
    expect(await screen.findByText('Saved · New')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save Ada Lindqvist as lead' })).toBeNull();
    // Mei, on the next row, is not a lead.
    expect(screen.getByRole('button', { name: 'Save Mei Tanaka as lead' })).toBeVisible();
  });

  it('a status changed elsewhere (the Leads page) shows on the row at once', async () => {
    await pageLeads().save({ person: ada, organization: null, accountId: 'acc_pro', savedFrom: null });
    const user = userEvent.setup();
    render(<PopupApp />);
    await searchAda(user);
    expect(await screen.findByText('Saved · New')).toBeVisible();
    await act(() => pageLeads().update('per_ada', { status: 'contacted' }));
    expect(await screen.findByText('Saved · Contacted')).toBeVisible();
  });

  it('a refused save shows the worker’s message next to the row', async () => {
    worker.handle({ saveLead: () => ({ ok: false, message: 'That person is no longer on a card this account paid for.' }) });
    const user = userEvent.setup();
    render(<PopupApp />);
    await searchAda(user);
    await user.click(screen.getByRole('button', { name: 'Save Ada Lindqvist as lead' }));
    expect(await screen.findByText('Not saved: That person is no longer on a card this account paid for.')).toBeVisible();
  });

  it('a sample (NOT REAL DATA) answer offers no save and shows no mark, even for an id that is a lead', async () => {
    await pageLeads().save({ person: ada, organization: null, accountId: 'acc_pro', savedFrom: null });
    worker.handle({ search: ({ q }) => result({ q, sample, creditsCharged: 0 }) });
    const user = userEvent.setup();
    render(<PopupApp />);
    const people = await searchAda(user);
    expect(within(people).queryByRole('button', { name: /as lead$/ })).toBeNull();
    expect(screen.queryByText(/^Saved/)).toBeNull();
    expect(worker.sent('saveLead')).toHaveLength(0);
  });

  it('"Leads" opens leads.html in a tab; follow-ups due today show as a count that opens the filtered list', async () => {
    fakeBrowser.runtime.getURL = (path: string) => `chrome-extension://abc${path}`;
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    const leads = pageLeads();
    for (const id of ['per_a', 'per_b', 'per_c']) {
      await leads.save({ person: { ...ada, id }, organization: null, accountId: 'acc_pro', savedFrom: null });
      await leads.update(id, { followUpOn: dayKey(Date.now()) });
    }
    // Not due: a later date, and "Do not contact".
    await leads.update('per_c', { status: 'do-not-contact' });
    await leads.save({ person: { ...ada, id: 'per_d' }, organization: null, accountId: 'acc_pro', savedFrom: null });
    await leads.update('per_d', { followUpOn: '2999-01-01' });
    const user = userEvent.setup();
    render(<PopupApp />);
    await user.click(await screen.findByRole('button', { name: '2 follow-ups due' }));
    expect(create).toHaveBeenLastCalledWith({ url: 'chrome-extension://abc/leads.html?filter=due' });
    await user.click(screen.getByRole('button', { name: 'Leads' }));
    expect(create).toHaveBeenLastCalledWith({ url: 'chrome-extension://abc/leads.html' });
  });

  it('no follow-ups due: no count', async () => {
    render(<PopupApp />);
    expect(await screen.findByRole('button', { name: 'Leads' })).toBeVisible();
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.queryByRole('button', { name: /follow-ups? due/ })).toBeNull();
  });
});
