// First: Dexie's liveQuery (the roles and channels the worker kept) runs only with a global indexedDB.
import 'fake-indexeddb/auto';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Person } from '@/lib/api';
import type { LeadStatus } from '@/lib/leads/lead';
import { sendMessage, type ProspectOutcome, type TeamOutcome } from '@/lib/messaging/protocol';
import { meterItem } from '@/lib/tab-state/items';
import { prospectFacetsKey } from '@/lib/storage/keys';
import { pageDb } from '@/lib/storage/page-records';
import { fakeWorker, type FakeWorker } from '@/tests/support/fake-worker';
import { aMeter, anInvestor, aPerson, aProject, aSample, PRICES_7_12 } from '@/tests/support/records';
import { ProspectApp } from './prospect-app';

vi.mock('@/lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));
// The leads database is the Leads page's business: here only the statuses it answers.
const statuses = new Map<string, LeadStatus>();
vi.mock('@/lib/leads/page-leads', () => ({ useLeadStatuses: () => statuses, useTagChoices: () => undefined }));
const send = vi.mocked(sendMessage);
let worker: FakeWorker;

const person = (i: number, over: Record<string, unknown> = {}): Person =>
  aPerson({ id: `per_${i}`, firstName: `Person`, lastName: `${i}`, twitterHandle: `person_${i}`, ...over });
const people = (from: number, n: number) => Array.from({ length: n }, (_, i) => person(from + i));

function page(over: Partial<Extract<ProspectOutcome, { ok: true; list: 'people' }>> = {}): ProspectOutcome {
  return {
    ok: true,
    list: 'people',
    rows: people(1, 3),
    total: 250,
    page: 1,
    totalPages: 3,
    facets: {
      roles: [
        { value: 'bd', count: 40 },
        { value: 'founder', count: 12 },
      ],
      channels: [{ value: 'telegram', count: 30 }],
    },
    creditsCharged: 5,
    fromCache: false,
    sample: null,
    known: {},
    remembered: true,
    ...over,
  };
}

beforeEach(async () => {
  fakeBrowser.reset();
  statuses.clear();
  await pageDb().kv.clear();
  await meterItem.setValue(aMeter({ balance: 6000 }));
  worker = fakeWorker(send, {
    prospect: ({ page: n }) => (n === 1 ? page() : page({ page: n, rows: [person(3), ...people(4, 2)] })),
    saveLead: ({ personId }) => ({ ok: true, personId, status: 'new', created: true }),
  });
});

const user = () => userEvent.setup();
const searchButton = (price = '5 credits') => screen.findByRole('button', { name: `Search · ${price}` });
const results = () => screen.getByRole('table', { name: 'Results' });

describe('the form: each list’s filters, nothing sent before a click', () => {
  it.each<[string, string[], string[]]>([
    [
      'People',
      ['Name or keyword', 'Contact type', 'Roles', 'Channels on file', 'Sort by'],
      ['Sectors', 'Token', 'Fund type', 'Trust tier'],
    ],
    ['Projects', ['Name or keyword', 'Sectors', 'Token', 'Sort by'], ['Roles', 'Channels on file', 'Contact type', 'Fund type']],
    ['Funds', ['Name or keyword', 'Fund type', 'Trust tier', 'Sort by'], ['Roles', 'Sectors', 'Token']],
    ['Service providers', ['Name or keyword', 'Sectors', 'Sort by'], ['Token', 'Roles', 'Fund type']],
  ])('%s', async (list, shown, hidden) => {
    const u = user();
    render(<ProspectApp />);
    expect(await screen.findByRole('heading', { name: 'Find prospects' })).toBeVisible();
    await u.click(within(screen.getByRole('group', { name: 'Look for' })).getByRole('radio', { name: list }));
    for (const name of shown) expect(screen.getByLabelText(name, { selector: 'input, select' })).toBeVisible();
    for (const name of hidden) expect(screen.queryByLabelText(name, { selector: 'input, select' })).toBeNull();
    await u.type(screen.getByLabelText('Name or keyword'), 'defi');
    expect(worker.sent('prospect')).toEqual([]);
  });

  it('sends the chosen list’s filters only, the sort named, page 1', async () => {
    const u = user();
    render(<ProspectApp />);
    await u.click(await screen.findByRole('radio', { name: 'Funds' }));
    await u.type(screen.getByLabelText('Fund type', { selector: 'input' }), 'vc');
    await u.type(screen.getByLabelText('Trust tier', { selector: 'input' }), 'A');
    await u.selectOptions(screen.getByLabelText('Sort by'), 'roi');
    worker.handle({ prospect: () => ({ ...page(), list: 'investors', rows: [anInvestor()], facets: { roles: [], channels: [] } }) });
    await u.click(await searchButton());
    expect(worker.sent('prospect')).toEqual([{ query: { list: 'investors', fundType: 'vc', trustTier: 'A', sort: 'roi' }, page: 1 }]);
  });

  it('Enter in a field searches; a double submit while the answer is on its way is one message', async () => {
    let answer: (o: ProspectOutcome) => void = () => undefined;
    worker.handle({ prospect: () => new Promise<ProspectOutcome>((resolve) => (answer = resolve)) });
    const u = user();
    render(<ProspectApp />);
    await u.type(await screen.findByLabelText('Roles', { selector: 'input' }), 'bd{Enter}{Enter}');
    await u.click(await searchButton());
    expect(worker.sent('prospect')).toEqual([{ query: { list: 'people', roles: ['bd'], sort: 'recent' }, page: 1 }]);
    await act(async () => answer(page()));
    expect(await screen.findByRole('table', { name: 'Results' })).toBeVisible();
  });

  it('prices every button with the meter’s price', async () => {
    await meterItem.setValue(aMeter({ prices: PRICES_7_12 }));
    worker.handle({
      prospect: () => ({ ok: false, reason: 'budget', message: 'Today’s credit budget has 4 credits left.', remainingToday: 4 }),
    });
    const u = user();
    render(<ProspectApp />);
    await u.click(await searchButton('7 credits'));
    expect(await screen.findByRole('button', { name: 'Search anyway · 7 credits' })).toBeVisible();
  });
});

describe('results', () => {
  it('one row per record with a checkbox named after the person; the total and what the rest costs; Next 100 adds each record once', async () => {
    const u = user();
    render(<ProspectApp />);
    await u.click(await searchButton());
    expect(within(results()).getAllByRole('checkbox', { name: /^Person \d$/ })).toHaveLength(3);
    expect(screen.getByText('250 people in all · 3 shown · this page 5 credits charged')).toBeVisible();
    expect(screen.getByText('The other 2 pages would cost 10 credits in all.')).toBeVisible();
    expect(screen.getByRole('note')).toHaveTextContent('opening them on X or LinkedIn then costs 0 credits');

    await u.click(screen.getByRole('button', { name: 'Next 100 · 5 credits' }));
    expect(worker.sent('prospect')[1]).toEqual({ query: { list: 'people', sort: 'recent' }, page: 2 });
    // Person 3 came back on page 2 as well: shown once.
    await waitFor(() => expect(within(results()).getAllByRole('checkbox', { name: /^Person \d$/ })).toHaveLength(5));
    expect(screen.getByText('The other 1 page would cost 5 credits in all.')).toBeVisible();
  });

  it('marks rows saved (with their status) and known (with where from)', async () => {
    statuses.set('per_2', 'contacted');
    worker.handle({ prospect: () => page({ known: { per_1: 'from Ada Lindqvist’s profile' } }) });
    const u = user();
    render(<ProspectApp />);
    await u.click(await searchButton());
    const row = (name: string) => within(results()).getByRole('checkbox', { name }).closest('tr') as HTMLElement;
    expect(await screen.findByRole('table', { name: 'Results' })).toBeVisible();
    expect(row('Person 1')).toHaveTextContent('Known · from Ada Lindqvist’s profile');
    expect(row('Person 2')).toHaveTextContent('Saved · Contacted');
    expect(row('Person 3')).not.toHaveTextContent(/Saved|Known/);
  });

  it('"Save as leads" sends one saveLead {personId} per ticked person (no record) and says 0 credits', async () => {
    const u = user();
    render(<ProspectApp />);
    await u.click(await searchButton());
    await u.click(await screen.findByRole('checkbox', { name: 'Person 1' }));
    await u.click(screen.getByRole('checkbox', { name: 'Person 3' }));
    await u.click(screen.getByRole('button', { name: 'Save as leads' }));
    expect(worker.sent('saveLead')).toEqual([
      { personId: 'per_1', tag: '' },
      { personId: 'per_3', tag: '' },
    ]);
    expect(await screen.findByText('Saved 2 as leads (2 new) · 0 credits.')).toBeVisible();
  });

  it('a refusal to save says why, in the worker’s words', async () => {
    worker.handle({ saveLead: () => ({ ok: false, message: 'That person is no longer on a card this account paid for.' }) });
    const u = user();
    render(<ProspectApp />);
    await u.click(await searchButton());
    await u.click(await screen.findByRole('checkbox', { name: 'Select all 3 people' }));
    await u.click(screen.getByRole('button', { name: 'Save as leads' }));
    expect(await screen.findByText(/3 not saved: That person is no longer on a card/)).toBeVisible();
  });

  it('before any answer, offers the starting roles and channels as a suggestion; a toggle fills the field', async () => {
    const u = user();
    render(<ProspectApp />);
    const roles = await screen.findByLabelText('Roles', { selector: 'input' });
    const suggested = screen.getByRole('group', { name: 'Roles suggested' });
    expect(screen.getByRole('group', { name: 'Channels on file suggested' })).toHaveTextContent('telegram');
    expect(roles).toHaveAccessibleDescription(/Suggested; not yet confirmed by the directory/);
    await u.click(within(suggested).getByRole('button', { name: 'founder' }));
    await u.click(within(suggested).getByRole('button', { name: 'bd' }));
    expect(roles).toHaveValue('founder, bd');
    expect(within(suggested).getByRole('button', { name: 'bd' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers what the directory listed for this account, dated; a role outside it is questioned and nothing is sent', async () => {
    await meterItem.setValue(aMeter({ accountId: 'acc_pro' }));
    await pageDb().kv.put({
      key: prospectFacetsKey('acc_pro'),
      value: { roles: ['bd', 'founder'], channels: ['telegram'], at: Date.UTC(2026, 10, 27, 12) },
    });
    const u = user();
    render(<ProspectApp />);
    const listed = await screen.findByRole('group', { name: 'Roles listed by the directory' });
    expect(
      within(listed)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['bd', 'founder']);
    expect(screen.getByLabelText('Roles', { selector: 'input' })).toHaveAccessibleDescription(/Listed by the directory as of Nov 27, 2026/);

    await u.type(screen.getByLabelText('Roles', { selector: 'input' }), 'Business Development');
    await u.type(screen.getByLabelText('Channels on file', { selector: 'input' }), 'Telegram');
    await u.click(await searchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('No role “Business Development” seen — did you mean bd?');
    expect(worker.sent('prospect')).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Use bd' }));
    expect(screen.getByLabelText('Roles', { selector: 'input' })).toHaveValue('bd');
    expect(worker.sent('prospect')).toEqual([]);
    await u.click(await searchButton());
    // Sent in the directory's spelling ("Telegram" is its "telegram").
    expect(worker.sent('prospect')).toEqual([
      { query: { list: 'people', roles: ['bd'], channels: ['telegram'], sort: 'recent' }, page: 1 },
    ]);
  });

  it('"Search as typed" sends the questioned value unchanged', async () => {
    const u = user();
    render(<ProspectApp />);
    await u.type(await screen.findByLabelText('Roles', { selector: 'input' }), 'Chief Vibes Officer');
    await u.click(await searchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('No role “Chief Vibes Officer” seen.');
    await u.click(screen.getByRole('button', { name: 'Search as typed · 5 credits' }));
    expect(worker.sent('prospect')).toEqual([{ query: { list: 'people', roles: ['Chief Vibes Officer'], sort: 'recent' }, page: 1 }]);
  });
});

describe('a fund row’s team', () => {
  it('"Load team · 5 credits" sends loadTeam by id; its people are selectable and saved the same way', async () => {
    const fund = anInvestor({ id: 'cmp_meridian', name: 'Meridian Ventures', fundType: 'vc', trustTier: 'A' });
    worker.handle({
      prospect: () => ({
        ...page(),
        list: 'investors',
        rows: [fund, anInvestor({ id: 'cmp_2', name: 'Other Fund' })],
        facets: { roles: [], channels: [] },
      }),
      loadTeam: (): TeamOutcome => ({
        ok: true,
        organizationId: fund.id,
        people: [person(9, { company: aProject({ id: fund.id, name: fund.name }) })],
        creditsCharged: 5,
        fromCache: false,
        sample: null,
        known: {},
        remembered: true,
      }),
    });
    const u = user();
    render(<ProspectApp />);
    await u.click(await screen.findByRole('radio', { name: 'Funds' }));
    await u.click(await searchButton());
    const row = (await screen.findByRole('checkbox', { name: 'Meridian Ventures' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('Trust tierA');
    await u.click(within(row).getByRole('button', { name: 'Load team · 5 credits' }));
    expect(worker.sent('loadTeam')).toEqual([{ list: 'investors', organizationId: 'cmp_meridian' }]);
    const team = await screen.findByRole('table', { name: 'Team members' });
    expect(row).toHaveTextContent('1 person below');
    await u.click(within(team).getByRole('checkbox', { name: 'Person 9' }));
    await u.click(screen.getByRole('button', { name: 'Save as leads' }));
    expect(worker.sent('saveLead')).toEqual([{ personId: 'per_9', tag: '' }]);
  });

  it('ticked funds: "Load teams · 10 credits" loads each, and a refusal stops the rest', async () => {
    worker.handle({
      prospect: () => ({
        ...page(),
        list: 'investors',
        rows: [anInvestor({ id: 'f1', name: 'Fund One' }), anInvestor({ id: 'f2', name: 'Fund Two' })],
        facets: { roles: [], channels: [] },
      }),
      loadTeam: () => ({ ok: false, reason: 'budget', message: 'Today’s credit budget is used up. Nothing was sent, nothing charged.' }),
    });
    const u = user();
    render(<ProspectApp />);
    await u.click(await screen.findByRole('radio', { name: 'Funds' }));
    await u.click(await searchButton());
    await u.click(await screen.findByRole('checkbox', { name: 'Select all 2 funds' }));
    await u.click(screen.getByRole('button', { name: 'Load teams · 10 credits' }));
    await waitFor(() => expect(worker.sent('loadTeam')).toEqual([{ list: 'investors', organizationId: 'f1' }]));
    expect(await screen.findByRole('alert')).toHaveTextContent('Today’s credit budget is used up.');
  });
});

describe('samples and failures', () => {
  it('a sample: the notice, NOT REAL DATA on every row, nothing can be ticked or saved', async () => {
    worker.handle({ prospect: () => page({ sample: aSample(), creditsCharged: 0, remembered: false }) });
    const u = user();
    render(<ProspectApp />);
    await u.click(await searchButton());
    const rows = within(await screen.findByRole('table', { name: 'Results' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row).toHaveTextContent('NOT REAL DATA');
      expect(within(row).getByRole('checkbox')).toBeDisabled();
    }
    expect(screen.getByRole('button', { name: 'Save as leads' })).toBeDisabled();
    expect(screen.getAllByRole('alert')[0]).toHaveTextContent(/^NOT REAL DATA/);
    expect(screen.getByRole('note')).toHaveTextContent('Nothing here is kept, learned or saved as a lead.');
  });

  it('a budget refusal says so and "Search anyway" sends the same page past the budget', async () => {
    worker.handle({
      prospect: ({ override }) =>
        override ? page() : { ok: false, reason: 'budget', message: 'Today’s credit budget has 4 credits left.', remainingToday: 4 },
    });
    const u = user();
    render(<ProspectApp />);
    await u.click(await searchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('Today’s credit budget has 4 credits left.');
    await u.click(screen.getByRole('button', { name: 'Search anyway · 5 credits' }));
    expect(worker.sent('prospect')[1]).toEqual({ query: { list: 'people', sort: 'recent' }, page: 1, override: true });
    expect(await screen.findByRole('table', { name: 'Results' })).toBeVisible();
  });

  it.each([
    ['402', { ok: false, reason: 'payment-required', message: 'Out of credits: the balance is below this call’s price.' }],
    ['429', { ok: false, reason: 'rate-limited', message: 'The account is over its API request rate. Try again in 12 s.' }],
  ] as const)('a %s is said in the worker’s words, with no "anyway"', async (_label, outcome) => {
    worker.handle({ prospect: () => outcome });
    const u = user();
    render(<ProspectApp />);
    await u.click(await searchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(outcome.message);
    expect(screen.queryByRole('button', { name: /anyway/ })).toBeNull();
  });

  it('no answer from the background: it may have been charged', async () => {
    worker.handle({ prospect: () => Promise.reject(new Error('gone')) });
    const u = user();
    render(<ProspectApp />);
    await u.click(await searchButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The extension’s background did not answer. The call may have been charged.',
    );
  });
});
