// The leads and records databases on a fake IndexedDB, installed before Dexie loads (it reads the global once).
import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import {
  accountPrices,
  aFundProject,
  aMeter,
  anOldMeter,
  aPerson,
  aProject,
  aRevealRecord,
  PRICES_7_12,
  states,
} from '@/tests/support/records';
import { sendMessage, type MessageType } from '@/lib/messaging/protocol';
import type { Prices } from '@/lib/tab-state/meter-prices';
import type { TabState } from '@/lib/tab-state/tab-state';
import { meterItem, selectionItem, tabStateItem } from '@/lib/tab-state/items';
import { idbKvStore } from '@/lib/storage/idb-kv-store';
import { revealKey } from '@/lib/storage/keys';
import { fakeWorker, type FakeWorker } from '@/tests/support/fake-worker';
import { App } from './app';
import { pageLeads } from '@/lib/leads/page-leads';
import type { Person } from '@/lib/api';

vi.mock('@/lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
let worker: FakeWorker;
/** The records database as the worker writes it (the reveal store's entries). */
const records = idbKvStore();

/** fake-browser's tabs.query needs a focused window it does not have: answer for the active tab ourselves. */
async function activateTab() {
  const tab = await fakeBrowser.tabs.duplicate(0, { active: true });
  vi.spyOn(fakeBrowser.tabs, 'query').mockResolvedValue([tab]);
  return tab;
}

// fake-browser does not implement tabs.onReplaced.
const onReplaced = { addListener: vi.fn(), removeListener: vi.fn(), hasListener: vi.fn() };

beforeEach(async () => {
  fakeBrowser.reset();
  await pageLeads().clear();
  await records.remove(Object.keys(await records.getMany('')));
  Object.assign(fakeBrowser.tabs, { onReplaced });
  worker = fakeWorker(send, {
    getMeter: () => aMeter({ balance: 1234 }),
    getTabState: () => null,
    reveal: () => ({ ok: false, reason: 'reveal-cap', message: 'Hourly reveal cap reached' }),
  });
  history.replaceState(null, '', '/sidepanel.html');
});

describe('side panel wiring', () => {
  it('?tabId=N follows tab N and re-renders live as its state changes', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue(states.notFound({ tabId: 5 }));
    await meterItem.setValue(aMeter());
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Not in the directory' })).toBeVisible();
    expect(screen.getByRole('status', { name: /^Balance 5,990 credits/ })).toBeVisible();
    await act(() => tabStateItem(5).setValue(states.matched({ tabId: 5 })));
    expect(await screen.findByRole('region', { name: 'Person' })).toBeVisible();
    // Popped out already: no second pop-out.
    expect(screen.queryByRole('button', { name: 'Pop out' })).toBeNull();
  });

  it('follows the active tab of its window', async () => {
    const first = await activateTab();
    await tabStateItem(first.id!).setValue(states.notFound({ tabId: first.id! }));
    await tabStateItem(9).setValue(states.idle('unsupported', { tabId: 9 }));
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Not in the directory' })).toBeVisible();
    await act(() => fakeBrowser.tabs.onActivated.trigger({ tabId: 9, windowId: first.windowId! }));
    expect(await screen.findByRole('heading', { name: 'LinkedIn Recruiter is not supported' })).toBeVisible();
    // A tab activated in another window is not ours.
    await act(() => fakeBrowser.tabs.onActivated.trigger({ tabId: first.id!, windowId: 999 }));
    expect(screen.getByRole('heading', { name: 'LinkedIn Recruiter is not supported' })).toBeVisible();
  });

  it("shows the channels of the person on screen from the reveal store of the meter's account, live (a reveal made on another tab)", async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue(states.matched({ tabId: 5, person: aPerson() }));
    await meterItem.setValue(aMeter({ accountId: 'acc_pro' }));
    // Another account's reveal of the same person is not this account's.
    await records.set(revealKey('acc_team', 'per_ada'), aRevealRecord({ accountId: 'acc_team', channels: { email: 'team@example.com' } }));
    render(<App />);
    const person = await screen.findByRole('region', { name: 'Person' });
    expect(within(person).queryByText(/^Revealed /)).toBeNull();
    await act(() => records.set(revealKey('acc_pro', 'per_ada'), aRevealRecord({ channels: { email: 'ada@quantlayer.xyz' } })));
    expect(await within(person).findByText(/^Revealed .+ for 10 credits/)).toBeTruthy();
    expect(within(person).getByRole('link', { name: 'ada@quantlayer.xyz' }).getAttribute('href')).toBe('mailto:ada@quantlayer.xyz');
    expect(within(person).queryByText('team@example.com')).toBeNull();
  });

  it('falls back to getMeter when the meter is not stored yet', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    render(<App />);
    expect(await screen.findByRole('status', { name: /^Balance 1,234 credits/ })).toBeVisible();
    expect(send).toHaveBeenCalledWith('getMeter', undefined);
  });

  it('sends exactly one reveal after the confirmation and shows a failed outcome', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue(states.matched({ tabId: 5 }));
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Reveal/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(worker.sent('reveal')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /^Reveal/ }));
    await user.click(screen.getByRole('button', { name: 'Reveal for 10 credits' }));
    expect(worker.sent('reveal')).toEqual([{ view: { tabId: 5 }, personId: 'per_ada', confirmed: true, quoted: 10 }]);
    expect(await screen.findByText(/Hourly reveal cap reached/)).toBeTruthy();
  });

  it('"Look up anyway · 5 credits" sends one lookUp with override at one click', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue(states.pausedBudget({ tabId: 5 }));
    render(<App />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Look up anyway · 5 credits' }));
    expect(worker.sent('lookUp')).toEqual([{ tabId: 5, override: true }]);
  });

  it('loads details and picks candidates for the followed tab', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue(states.candidates({ tabId: 5 }));
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Pick Daniel Okafor @DanielOkafor, Head of Growth/ }));
    expect(send).toHaveBeenCalledWith('pickCandidate', { tabId: 5, personId: 'per_okafor_1' });
    await act(() => tabStateItem(5).setValue(states.matched({ tabId: 5 })));
    await user.click(await screen.findByRole('button', { name: 'Load team · 5 credits' }));
    expect(send).toHaveBeenCalledWith('loadDetails', { view: { tabId: 5 }, target: 'organization' });
  });

  it('shows the top of the back stack over its tab, acting on { selection: true }; Back sends "back"', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue(states.notFound({ tabId: 5 }));
    await selectionItem.setValue({
      tabId: 5,
      entries: [{ origin: { kind: 'search' }, state: states.matched({ person: aPerson({ id: 'per_sel' }) }) }],
    });
    render(<App />);
    const selection = await screen.findByRole('region', { name: 'From your search' });
    const user = userEvent.setup();
    await user.click(within(selection).getByRole('button', { name: 'Load coworkers · 5 credits' }));
    expect(send).toHaveBeenCalledWith('loadDetails', { view: { selection: true }, target: 'person' });
    await user.click(within(selection).getByRole('button', { name: 'Back to Ada Lindqvist (on screen)' }));
    expect(send).toHaveBeenCalledWith('back', undefined);
    // The worker pops the stack; the tab's own view shows again.
    await act(() => selectionItem.setValue(null));
    expect(await screen.findByRole('heading', { name: 'Not in the directory' })).toBeTruthy();
  });

  it('a back stack over another tab is not shown on this one', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue(states.notFound({ tabId: 5 }));
    await selectionItem.setValue({ tabId: 9, entries: [{ origin: { kind: 'search' }, state: states.matched() }] });
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Not in the directory' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'From your search' })).toBeNull();
  });

  it('the pause\'s "+50 today and look up" sends raiseBudgetToday for this tab', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue(states.pausedBudget({ tabId: 5 }));
    render(<App />);
    await userEvent.setup().click(await screen.findByRole('button', { name: '+50 today and look up · 5 credits' }));
    expect(send).toHaveBeenCalledWith('raiseBudgetToday', { tabId: 5 });
  });

  it('retries a failed lookup with lookUp and opens the settings', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    const openOptionsPage = vi.fn(async () => {});
    fakeBrowser.runtime.openOptionsPage = openOptionsPage;
    await tabStateItem(5).setValue(states.error({ tabId: 5 }));
    render(<App />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Retry · 5 credits' }));
    expect(send).toHaveBeenCalledWith('lookUp', { tabId: 5 });
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(openOptionsPage).toHaveBeenCalledOnce();
  });

  it('pops out into a tab pinned with ?tabId=', async () => {
    const tab = await activateTab();
    fakeBrowser.runtime.getURL = (path: string) => `chrome-extension://abc${path}`;
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    render(<App />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Pop out' }));
    expect(create).toHaveBeenCalledWith({ url: `chrome-extension://abc/sidepanel.html?tabId=${tab.id}` });
  });
});

/** A worker answer held back until the test releases it. */
function held() {
  let release: () => void = () => undefined;
  const answer = new Promise<void>((resolve) => (release = resolve));
  return { answer, release };
}

const known = { label: "Lumen Labs' team", at: Date.UTC(2026, 10, 26) };
/** One price per call kind, so a label shows which price it read. */
const ORG_PRICES = accountPrices({ search: 7, person: 6, project: 8, service: 9, investor: 11, reveal: 12 });

describe('prices: every label reads the meter', () => {
  it.each<[string, TabState, string, Prices | undefined]>([
    ['Look up (manual)', states.idle('manual'), 'Look up · 7 credits', PRICES_7_12],
    ['Retry (error)', states.error(), 'Retry · 7 credits', PRICES_7_12],
    ['Retry (rate limit over)', states.rateLimited({ resumeAt: Date.now() - 1_000 }), 'Retry · 7 credits', PRICES_7_12],
    ['Refresh (known record)', states.matched({ matchedOn: 'x-handle', known }), 'Refresh · 7 credits', PRICES_7_12],
    ['Search (not found)', states.notFound({ hints: { name: 'Zebulon Q' } }), 'Search · 7 credits', PRICES_7_12],
    ['Load coworkers (person)', states.matched(), 'Load coworkers · 6 credits', ORG_PRICES],
    ['Load team (project)', states.matched({ organization: aProject({ companyType: 'project' }) }), 'Load team · 8 credits', ORG_PRICES],
    ['Load team (service)', states.matched({ organization: aProject({ companyType: 'service' }) }), 'Load team · 9 credits', ORG_PRICES],
    [
      'Load team (before API 1.5.0: projects)',
      states.matched({ organization: aProject({ companyType: null }) }),
      'Load team · 8 credits',
      ORG_PRICES,
    ],
    ['Load full profile (fund)', states.matched({ organization: aFundProject() }), 'Load full profile · 11 credits', ORG_PRICES],
    [
      'Retry team (failed detail)',
      states.matched({ organizationDetail: { status: 'error', message: 'Server error (502)' } }),
      'Retry team · 8 credits',
      ORG_PRICES,
    ],
    ['Look up (no prices in the meter: the spec’s)', states.idle('manual'), 'Look up · 5 credits', undefined],
    [
      'Load full profile (no prices in the meter: the spec’s)',
      states.matched({ organization: aFundProject() }),
      'Load full profile · 5 credits',
      undefined,
    ],
  ])('%s', async (_label, state, button, prices) => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue({ ...state, tabId: 5 } as TabState);
    await meterItem.setValue(prices ? aMeter({ prices }) : anOldMeter());
    render(<App />);
    expect(await screen.findByRole('button', { name: button })).toBeVisible();
  });

  it.each<[string, Record<string, unknown>, Prices | undefined, string]>([
    ['a locked contact: the account’s reveal price', {}, PRICES_7_12, 'Reveal for 12 credits'],
    ['a contact this account already unlocked: its person price', { isLocked: false }, PRICES_7_12, 'Reveal for 7 credits'],
    ['a locked contact, no prices in the meter: the spec’s 10', {}, undefined, 'Reveal for 10 credits'],
    ['an unlocked contact, no prices in the meter: the spec’s 5', { isLocked: false }, undefined, 'Reveal for 5 credits'],
  ])('the reveal dialog quotes %s', async (_label, person, prices, button) => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue(states.matched({ tabId: 5, person: aPerson(person) }));
    await meterItem.setValue(prices ? aMeter({ prices }) : anOldMeter());
    render(<App />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Reveal contact…' }));
    expect(within(screen.getByRole('dialog', { name: 'Confirm reveal' })).getByRole('button', { name: button })).toBeVisible();
  });

  it('the reveal dialog’s budget line is the meter’s remainder (calls on the wire taken off)', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue(states.matched({ tabId: 5 }));
    await meterItem.setValue(aMeter({ prices: PRICES_7_12, spentToday: 10, dailyBudget: 150, remainingToday: 118 }));
    render(<App />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Reveal contact…' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm reveal' });
    expect(dialog.textContent).toContain('118 credits left of 150');
    expect(dialog.textContent).toContain('5,990 credits now → 5,978 credits after');
  });
});

describe('priced buttons send once until the worker answers', () => {
  type Row = [string, TabState, MessageType, string, { before?: string; again?: boolean }?];
  it.each<Row>([
    ['Look up', states.idle('manual'), 'lookUp', 'Look up · 5 credits'],
    ['Retry (error)', states.error(), 'lookUp', 'Retry · 5 credits'],
    ['Retry (rate limit over)', states.rateLimited({ resumeAt: Date.now() - 1_000 }), 'lookUp', 'Retry · 5 credits'],
    ['Refresh', states.matched({ matchedOn: 'x-handle', known }), 'lookUp', 'Refresh · 5 credits'],
    ['Search (not found)', states.notFound({ hints: { name: 'Zebulon Q' } }), 'lookUp', 'Search · 5 credits'],
    ['Search ("Not them?")', states.matched({ matchedOn: 'name' }), 'lookUp', 'Search · 5 credits', { before: 'Not them?' }],
    ['Load coworkers', states.matched(), 'loadDetails', 'Load coworkers · 5 credits'],
    ['Load team', states.matched(), 'loadDetails', 'Load team · 5 credits'],
    ['Load full profile', states.matched({ organization: aFundProject() }), 'loadDetails', 'Load full profile · 5 credits'],
    [
      'Retry team',
      states.matched({ organizationDetail: { status: 'error', message: 'Server error (502)' } }),
      'loadDetails',
      'Retry team · 5 credits',
    ],
    ['Look up anyway', states.pausedBudget(), 'lookUp', 'Look up anyway · 5 credits'],
    ['+50 today', states.pausedBudget(), 'raiseBudgetToday', '+50 today and look up · 5 credits'],
    ['Reveal for…', states.matched(), 'reveal', 'Reveal for 10 credits', { before: 'Reveal contact…', again: false }],
  ])('%s: a double click sends one message; the answer frees the button', async (_label, state, type, name, options = {}) => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue({ ...state, tabId: 5 } as TabState);
    await meterItem.setValue(aMeter());
    const { answer, release } = held();
    worker.handle({
      lookUp: () => answer,
      loadDetails: () => answer,
      raiseBudgetToday: () => answer,
      reveal: () => answer.then(() => ({ ok: false, reason: 'reveal-cap', message: 'Hourly reveal cap reached' }) as const),
    });
    render(<App />);
    const user = userEvent.setup();
    if (options.before) await user.click(await screen.findByRole('button', { name: options.before }));
    const button = await screen.findByRole('button', { name });
    await user.dblClick(button);
    expect(worker.sent(type)).toHaveLength(1);
    if (options.again === false) return; // the dialog closed with its one reveal
    // Still named, and marked unusable while the answer is on its way.
    expect(button).toHaveAttribute('aria-disabled', 'true');
    await user.click(button);
    expect(worker.sent(type)).toHaveLength(1);
    // The answer arrived (the fake worker changed nothing): the button sends again.
    await act(async () => release());
    expect(button).not.toHaveAttribute('aria-disabled');
    await user.click(button);
    expect(worker.sent(type)).toHaveLength(2);
  });

  it('a new state is an answer too: the pause written again frees "Look up anyway" while the message is still open', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue(states.pausedBudget({ tabId: 5, updatedAt: 1 }));
    worker.handle({ lookUp: () => new Promise<void>(() => undefined) }); // never answers
    render(<App />);
    const user = userEvent.setup();
    await user.dblClick(await screen.findByRole('button', { name: 'Look up anyway · 5 credits' }));
    expect(worker.sent('lookUp')).toHaveLength(1);
    await act(() => tabStateItem(5).setValue(states.pausedBudget({ tabId: 5, updatedAt: 2, remainingToday: 1 })));
    const again = await screen.findByRole('button', { name: 'Look up anyway · 5 credits' });
    await waitFor(() => expect(again).not.toHaveAttribute('aria-disabled'));
    await user.click(again);
    expect(worker.sent('lookUp')).toHaveLength(2);
  });
});

describe('side panel: saved leads', () => {
  /** The worker's part, as far as this page sees it: the lead lands in the extension's database. */
  const savesTo = (people: Person[]) =>
    worker.handle({
      saveLead: async ({ personId }) => {
        const person = people.find((p) => p.id === personId)!;
        const { lead, created } = await pageLeads().save({ person, organization: null, accountId: 'acc_pro', savedFrom: null });
        return { ok: true, personId, status: lead.status, created };
      },
    });

  it('"Save lead" on the tab’s card sends saveLead for { tabId } (nothing priced), then the card says "Saved · New", live', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue(states.matched({ tabId: 5 }));
    savesTo([aPerson()]);
    render(<App />);
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Person' });
    // The card's lead is read from the leads database first (a moment): then "Save lead".
    await user.click(await within(card).findByRole('button', { name: 'Save lead' }));
    expect(worker.sent('saveLead')).toEqual([{ personId: 'per_ada', view: { tabId: 5 } }]);
    expect(worker.order.filter((t) => ['lookUp', 'loadDetails', 'reveal', 'search'].includes(t))).toEqual([]);
    expect(await within(card).findByText('Saved · New')).toBeVisible();
    // Changed on the Leads page: the panel follows.
    await act(() => pageLeads().update('per_ada', { status: 'contacted' }));
    expect(await within(card).findByText('Saved · Contacted')).toBeVisible();
  });

  it('the card’s lead editor writes the same leads database as the Leads page, and says what it did', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue(states.matched({ tabId: 5 }));
    savesTo([aPerson()]);
    render(<App />);
    const user = userEvent.setup();
    const card = await screen.findByRole('region', { name: 'Person' });
    await user.click(await within(card).findByRole('button', { name: 'Save lead' }));
    // The save opens the fields: status, a quick follow-up and a note are the next three clicks.
    const fields = await within(card).findByRole('group', { name: 'Edit lead' });
    await user.selectOptions(within(fields).getByRole('combobox', { name: 'Status' }), 'Contacted');
    expect(await within(card).findByText('Status: Contacted.')).toBeVisible();
    await user.click(within(fields).getByRole('button', { name: 'In 3 days' }));
    await user.type(within(fields).getByRole('textbox', { name: 'Note' }), 'Telegram’d, follow up Friday');
    await user.click(within(fields).getByRole('button', { name: 'Add note' }));
    expect(await within(card).findByText('Note added.')).toBeVisible();
    const lead = await pageLeads().get('per_ada');
    expect(lead).toMatchObject({ status: 'contacted', notes: [expect.objectContaining({ text: 'Telegram’d, follow up Friday' })] });
    expect(lead?.followUpOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(worker.sent('followUpsChanged').length).toBeGreaterThan(0);
    expect(worker.order.filter((t) => ['lookUp', 'loadDetails', 'reveal', 'search'].includes(t))).toEqual([]);
  });

  it('coworker and team rows save with the view they are listed in; every place the person appears shows the mark', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    const tomas = aPerson({ id: 'per_tomas', firstName: 'Tomas', lastName: 'Reyes', jobTitle: 'CTO' });
    await tabStateItem(5).setValue(
      states.matched({
        tabId: 5,
        personDetail: { status: 'loaded', value: { person: aPerson(), coworkers: [tomas] } },
        organizationDetail: { status: 'loaded', value: { kind: 'project', project: aProject(), team: [aPerson(), tomas] } },
      }),
    );
    savesTo([aPerson(), tomas]);
    render(<App />);
    const user = userEvent.setup();
    const coworkers = await screen.findByRole('list', { name: 'Coworkers' });
    await user.click(within(coworkers).getByRole('button', { name: 'Save Tomas Reyes as lead' }));
    expect(worker.sent('saveLead')).toEqual([{ personId: 'per_tomas', view: { tabId: 5 } }]);
    const team = screen.getByRole('list', { name: 'Team' });
    // Tomas is on both lists: both say so.
    expect(await within(coworkers).findByText('Saved · New')).toBeVisible();
    expect(await within(team).findByText('Saved · New')).toBeVisible();
    await user.click(within(team).getByRole('button', { name: 'Save Ada Lindqvist as lead' }));
    expect(worker.sent('saveLead').at(-1)).toEqual({ personId: 'per_ada', view: { tabId: 5 } });
    // Ada is the card's person too: its lead editor opens from "Saved · New" (Tomas's coworker row is a mark, not a button).
    expect(await within(screen.getByRole('region', { name: 'Person' })).findByRole('button', { name: 'Saved · New' })).toBeVisible();
  });

  it('the card on top of the back stack saves with { selection: true }', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    const mei = aPerson({ id: 'per_mei', firstName: 'Mei', lastName: 'Tanaka' });
    await tabStateItem(5).setValue(states.notFound({ tabId: 5 }));
    await selectionItem.setValue({ tabId: 5, entries: [{ origin: { kind: 'search' }, state: states.matched({ person: mei }) }] });
    savesTo([mei]);
    render(<App />);
    const selection = await screen.findByRole('region', { name: 'From your search' });
    await userEvent.setup().click(await within(selection).findByRole('button', { name: 'Save lead' }));
    expect(worker.sent('saveLead')).toEqual([{ personId: 'per_mei', view: { selection: true } }]);
    expect(await within(selection).findByText('Saved · New')).toBeVisible();
  });

  it('candidate rows save with { tabId } and are not picked', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    const candidates = states.candidates({ tabId: 5 });
    await tabStateItem(5).setValue(candidates);
    savesTo(candidates.status === 'candidates' ? candidates.people : []);
    render(<App />);
    const user = userEvent.setup();
    const [first] = await screen.findAllByRole('button', { name: 'Save Daniel Okafor as lead' });
    await user.click(first!);
    expect(worker.sent('saveLead')).toEqual([{ personId: 'per_okafor_1', view: { tabId: 5 } }]);
    expect(worker.sent('pickCandidate')).toEqual([]);
    expect(await screen.findByText('Saved · New')).toBeVisible();
    expect(screen.getAllByRole('button', { name: 'Save Daniel Okafor as lead' })).toHaveLength(1);
  });

  it('a refused save shows the worker’s message next to the button', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    await tabStateItem(5).setValue(states.matched({ tabId: 5 }));
    worker.handle({ saveLead: () => ({ ok: false, message: 'No API key yet.' }) });
    render(<App />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save lead' }));
    const card = screen.getByRole('region', { name: 'Person' });
    await waitFor(() =>
      expect(
        within(card)
          .getAllByRole('status')
          .map((s) => s.textContent),
      ).toContain('Not saved: No API key yet.'),
    );
  });

  it('"Leads" in the header opens leads.html in a tab', async () => {
    history.replaceState(null, '', '/sidepanel.html?tabId=5');
    fakeBrowser.runtime.getURL = (path: string) => `chrome-extension://abc${path}`;
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    render(<App />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Leads' }));
    expect(create).toHaveBeenCalledWith({ url: 'chrome-extension://abc/leads.html' });
  });
});
