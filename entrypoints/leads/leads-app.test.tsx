// First: Dexie's liveQuery runs only where it finds a global indexedDB (the store itself gets its own
// fake-indexeddb from testLeadStore); it must be there before dexie is loaded.
import 'fake-indexeddb/auto';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { parseRecords } from '@/tests/support/csv-parse';
import { downloadText } from '@/components/shared/download-file';
import type { LeadStore } from '@/lib/leads/lead-store';
import { sendMessage } from '@/lib/messaging/protocol';
import { meterItem } from '@/lib/tab-state/items';
import { pageDb } from '@/lib/storage/page-records';
import { aLeadWithSnapshot, LEADS_NOW, seedLeads } from '@/tests/support/a-lead';
import { fakeWorker, type FakeWorker } from '@/tests/support/fake-worker';
import { accountPrices, aMeter, aProject, aRevealRecord } from '@/tests/support/records';
import { testLeadStore } from '@/tests/support/test-leads';
import { peopleListCall } from '@/lib/api/calls';
import { costRows } from '@/lib/leads/lead-costs';
import { PAGE_SIZE } from '@/hooks/use-leads-page';
import { LeadsApp } from './leads-app';

vi.mock('@/lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));
vi.mock('@/components/shared/download-file', () => ({ downloadText: vi.fn() }));
const send = vi.mocked(sendMessage);
let worker: FakeWorker;
let store: LeadStore;

const TODAY = LEADS_NOW; // Nov 26, 2026
const ada = aLeadWithSnapshot(
  { id: 'per_ada', firstName: 'Ada', lastName: 'Lindqvist', twitterHandle: 'AdaQuant', hasEmail: true },
  { tags: ['DeFi'], updatedAt: TODAY - 1_000, followUpOn: '2026-11-25', cost: { credits: 15, estimated: false } },
);
const jurgen = aLeadWithSnapshot(
  { id: 'per_jurgen', firstName: 'Jürgen', lastName: 'Müller', twitterHandle: 'jmueller', company: aProject({ name: 'Ærø Capital' }) },
  { status: 'contacted', updatedAt: TODAY - 2_000, followUpOn: '2026-12-24' },
);
const zoe = aLeadWithSnapshot(
  { id: 'per_zoe', firstName: 'Zoë', lastName: 'Ølstad', twitterHandle: null, hasEmail: true, hasTelegram: true },
  { status: 'do-not-contact', updatedAt: TODAY - 3_000 },
);

function renderPage(search = '') {
  const user = userEvent.setup();
  render(<LeadsApp store={store} now={() => TODAY} search={search} />);
  return user;
}

const table = () => screen.findByRole('table', { name: 'Leads' });
/** The people named in the table's body rows, in order. */
async function rowNames(): Promise<string[]> {
  const rows = within(await table())
    .getAllByRole('row')
    .slice(1);
  return rows.map((r) => within(r).getByRole('rowheader').querySelector('button')!.textContent!);
}
async function openLead(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(within(await table()).getByRole('button', { name }));
  return screen.findByRole('region', { name: 'Lead' });
}

beforeEach(async () => {
  fakeBrowser.reset();
  // The store's clock ticks: each change is later than the one before (notes sort by it).
  let tick = TODAY;
  store = testLeadStore(() => ++tick);
  await seedLeads(store, [ada, jurgen, zoe]);
  await meterItem.setValue(aMeter({ accountId: 'acc_pro', prices: accountPrices({ person: 7, reveal: 12 }) }));
  // Revealed channels are read from the records database (read only), as the page reads them.
  await pageDb().reveals.clear();
  worker = fakeWorker(send, { followUpsChanged: () => 0 });
  vi.mocked(downloadText).mockReset();
});

describe('the Leads page', () => {
  it('lists one row per lead, most recent activity first, under the heading "Leads"', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
    await waitFor(async () => expect(await rowNames()).toEqual(['Ada Lindqvist', 'Jürgen Müller', 'Zoë Ølstad']));
    expect(screen.getByText('3 leads · 15 credits')).toBeVisible();
  });

  it('with no lead yet: where leads come from — “People on this page” in the panel, and “Find prospects”, which opens prospect.html', async () => {
    store = testLeadStore(() => TODAY);
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    const user = renderPage();
    const empty = await screen.findByRole('region', { name: 'No leads yet' });
    expect(empty).toHaveTextContent('the side panel has a “People on this page” section');
    expect(screen.queryByRole('table', { name: 'Leads' })).toBeNull();
    expect(screen.getByText('0 leads · 0 credits')).toBeVisible();
    await user.click(within(empty).getByRole('button', { name: 'Find prospects' }));
    expect(create).toHaveBeenCalledWith({ url: expect.stringMatching(/^chrome-extension:\/\/.+\/prospect\.html$/) });
  });

  it('“Find prospects” in the toolbar opens prospect.html in a new tab', async () => {
    const create = vi.spyOn(fakeBrowser.tabs, 'create');
    const user = renderPage();
    await waitFor(async () => expect(await rowNames()).toHaveLength(3));
    expect(screen.queryByRole('region', { name: 'No leads yet' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Find prospects' }));
    expect(create).toHaveBeenCalledOnce();
    expect(create.mock.calls[0]![0].url).toMatch(/\/prospect\.html$/);
  });

  it('a list page shared by 100 people: the lead says its share and what it was a share of; the status line counts it', async () => {
    const ids = ['per_jurgen', ...Array.from({ length: 99 }, (_, i) => `per_other_${i}`)];
    const booked = {
      at: TODAY - 5_000,
      accountId: 'acc_pro',
      endpoint: 'people',
      path: '/v1/people',
      creditsCharged: 5,
      balanceAfter: null,
      sample: false,
    };
    await store.bookCosts(costRows(peopleListCall({ roles: ['bd'] }), booked, { rows: ids.map((id) => ({ id })) }));
    const user = renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Stage' }), 'Contacted');
    await waitFor(async () => expect(await rowNames()).toEqual(['Jürgen Müller']));
    expect(screen.getByText('1 lead of 3 match · 0.05 credits')).toBeVisible();
    const lead = await openLead(user, 'Jürgen Müller');
    expect(within(lead).getByText(/^Paid 0\.05 credits for this person/)).toBeVisible();
    expect(await within(lead).findByRole('list', { name: 'Shared charges' })).toHaveTextContent(
      '0.05 credits — from a 5-credit list page of 100',
    );
  });

  it.each([
    ['jurgen', ['Jürgen Müller']],
    ['AERO', ['Jürgen Müller']],
    ['@adaquant', ['Ada Lindqvist']],
    ['defi', ['Ada Lindqvist']],
    ['zz', []],
  ])('"Search leads" for %j keeps %j', async (query, expected) => {
    const user = renderPage();
    await waitFor(async () => expect(await rowNames()).toHaveLength(3));
    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), query);
    await waitFor(async () => expect(await rowNames()).toEqual(expected));
  });

  it('filters by status ("Stage")', async () => {
    const user = renderPage();
    await waitFor(async () => expect(await rowNames()).toHaveLength(3));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stage' }), 'Contacted');
    await waitFor(async () => expect(await rowNames()).toEqual(['Jürgen Müller']));
    expect(screen.getByText('1 lead of 3 match · 0 credits')).toBeVisible();
  });

  it('opens on the follow-ups due from leads.html?filter=due (today or earlier, never Do not contact)', async () => {
    await store.update('per_zoe', { followUpOn: '2026-11-01' });
    renderPage('?filter=due');
    await waitFor(async () => expect(await rowNames()).toEqual(['Ada Lindqvist']));
    expect(screen.getByRole('checkbox', { name: 'Follow-up due' })).toBeChecked();
  });

  it('draws one page of 10,000 leads, then more on "Show more"', async () => {
    const many = Array.from({ length: 10_000 }, (_, i) =>
      aLeadWithSnapshot({ id: `per_${i}`, firstName: 'Person', lastName: String(i).padStart(5, '0') }, { updatedAt: i }),
    );
    await seedLeads(store, many);
    const user = renderPage();
    await waitFor(async () => expect(await rowNames()).toHaveLength(PAGE_SIZE), { timeout: 10_000 });
    expect(screen.getByText(`Showing ${PAGE_SIZE} of 10,003 leads.`)).toBeVisible();
    await user.click(screen.getByRole('button', { name: `Show ${PAGE_SIZE} more` }));
    await waitFor(async () => expect(await rowNames()).toHaveLength(2 * PAGE_SIZE));
    await user.type(screen.getByRole('searchbox', { name: 'Search leads' }), '09999');
    await waitFor(async () => expect(await rowNames()).toEqual(['Person 09999']));
  }, 30_000);

  it('bulk status: the selected leads change, and the worker counts follow-ups again', async () => {
    const user = renderPage();
    await waitFor(async () => expect(await rowNames()).toHaveLength(3));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ada Lindqvist' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Zoë Ølstad' }));
    const bar = screen.getByRole('region', { name: 'Selected leads' });
    expect(bar).toHaveTextContent('2 leads selected');
    await user.selectOptions(within(bar).getByRole('combobox', { name: 'Set selected to' }), 'Meeting');
    await user.click(within(bar).getByRole('button', { name: 'Apply to selected' }));
    await waitFor(async () =>
      expect((await store.all()).map((l) => [l.personId, l.status]).sort()).toEqual([
        ['per_ada', 'meeting'],
        ['per_jurgen', 'contacted'],
        ['per_zoe', 'meeting'],
      ]),
    );
    expect(worker.sent('followUpsChanged')).toHaveLength(1);
  });

  it('bulk tags: add to the selection, then remove', async () => {
    const user = renderPage();
    await waitFor(async () => expect(await rowNames()).toHaveLength(3));
    await user.click(screen.getByRole('checkbox', { name: 'Select all shown leads' }));
    const bar = screen.getByRole('region', { name: 'Selected leads' });
    await user.type(within(bar).getByRole('textbox', { name: 'Tag for selected' }), 'berlin');
    await user.click(within(bar).getByRole('button', { name: 'Add tag' }));
    await waitFor(async () => expect((await store.all()).every((l) => l.tags.includes('berlin'))).toBe(true));
    await user.type(within(bar).getByRole('textbox', { name: 'Tag for selected' }), 'DEFI');
    await user.click(within(bar).getByRole('button', { name: 'Remove tag' }));
    await waitFor(async () => expect((await store.get('per_ada'))?.tags).toEqual(['berlin']));
  });

  it('Delete selected, then Undo puts them back as they were (focus on Undo)', async () => {
    const user = renderPage();
    await waitFor(async () => expect(await rowNames()).toHaveLength(3));
    await store.addNote('per_jurgen', 'Call after the holidays');
    await user.click(screen.getByRole('checkbox', { name: 'Select Jürgen Müller' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await waitFor(async () => expect(await rowNames()).toEqual(['Ada Lindqvist', 'Zoë Ølstad']));
    expect(await store.get('per_jurgen')).toBeUndefined();
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo).toHaveFocus();
    expect(undo.closest('[role="status"]')).toHaveTextContent('Deleted Jürgen Müller.');
    await user.click(undo);
    await waitFor(async () => expect(await rowNames()).toHaveLength(3));
    expect((await store.get('per_jurgen'))?.notes.map((n) => n.text)).toEqual(['Call after the holidays']);
    expect(await store.snapshot('per_jurgen')).toBeDefined();
  });

  it('a lead: its card from the snapshot for 0 credits, dated, with Refresh at the account’s person price', async () => {
    const user = renderPage();
    const lead = await openLead(user, 'Ada Lindqvist');
    expect(lead).toHaveFocus();
    // The snapshot and the card draw once the database and the meter (the account's prices) have answered: wait, do not race them.
    expect(await within(lead).findByText('Saved record from Nov 26, 2026')).toBeVisible();
    expect(await within(lead).findByRole('region', { name: 'Person' })).toHaveTextContent('Ada Lindqvist');
    expect(within(lead).getByText('Paid 15 credits for this person')).toBeVisible();
    expect(worker.order.filter((t) => t === 'refreshLead' || t === 'revealLead')).toEqual([]);

    worker.handle({ refreshLead: () => ({ ok: true, creditsCharged: 7 }) });
    await user.click(await within(lead).findByRole('button', { name: 'Refresh · 7 credits' }));
    expect(worker.sent('refreshLead')).toEqual([{ personId: 'per_ada' }]);
    expect(await screen.findByText('Refreshed Ada Lindqvist’s record for 7 credits.')).toBeVisible();
  });

  it('status, tags, follow-up and a note on the open lead are saved; status and follow-up recount the badge', async () => {
    const user = renderPage();
    const lead = await openLead(user, 'Ada Lindqvist');
    await user.selectOptions(within(lead).getByRole('combobox', { name: 'Status' }), 'Replied');
    await waitFor(async () => expect((await store.get('per_ada'))?.status).toBe('replied'));
    expect(worker.sent('followUpsChanged')).toHaveLength(1);

    const tags = within(lead).getByRole('textbox', { name: 'Tags' });
    await user.clear(tags);
    await user.type(tags, 'defi, berlin, DeFi{Enter}');
    await waitFor(async () => expect((await store.get('per_ada'))?.tags).toEqual(['defi', 'berlin']));

    const followUp = within(lead).getByLabelText('Follow up on');
    // A year typed digit by digit is not saved; the whole date is.
    fireEvent.change(followUp, { target: { value: '0002-12-01' } });
    fireEvent.change(followUp, { target: { value: '2026-12-01' } });
    await waitFor(async () => expect((await store.get('per_ada'))?.followUpOn).toBe('2026-12-01'));
    expect(worker.sent('followUpsChanged')).toHaveLength(2);

    await user.type(within(lead).getByRole('textbox', { name: 'Note' }), 'Wants a demo in Q1');
    await user.click(within(lead).getByRole('button', { name: 'Add note' }));
    await waitFor(async () => expect((await store.get('per_ada'))?.notes.map((n) => n.text)).toEqual(['Wants a demo in Q1']));
    await store.addNote('per_ada', 'Second, newer note');
    const notes = await within(lead).findByRole('list', { name: 'Notes' });
    await waitFor(() =>
      expect(
        within(notes)
          .getAllByRole('listitem')
          .map((li) => li.querySelector('p')!.textContent),
      ).toEqual(['Second, newer note', 'Wants a demo in Q1']),
    );
    expect(within(lead).getByRole('textbox', { name: 'Note' })).toHaveValue('');
  });

  it('a status change shows at once, before the database answers; a failed write puts back what is stored', async () => {
    const user = renderPage();
    const lead = await openLead(user, 'Ada Lindqvist');
    const row = screen.getByRole('checkbox', { name: 'Select Ada Lindqvist' }).closest('tr')!;
    const update = store.update.bind(store);
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    vi.spyOn(store, 'update').mockImplementationOnce(async (...args) => {
      await held;
      return update(...args);
    });
    await user.selectOptions(within(lead).getByRole('combobox', { name: 'Status' }), 'Won');
    expect(within(lead).getByRole('combobox', { name: 'Status' })).toHaveValue('won');
    expect(within(row).getByText('Won')).toBeVisible();
    expect((await store.get('per_ada'))?.status).toBe('new');
    release();
    await waitFor(async () => expect((await store.get('per_ada'))?.status).toBe('won'));
    expect(within(lead).getByRole('combobox', { name: 'Status' })).toHaveValue('won');

    vi.spyOn(store, 'update').mockRejectedValueOnce(new Error('QuotaExceededError'));
    await user.selectOptions(within(lead).getByRole('combobox', { name: 'Status' }), 'Not now');
    expect(await screen.findByText('Could not save the change: QuotaExceededError')).toBeVisible();
    expect(within(lead).getByRole('combobox', { name: 'Status' })).toHaveValue('won');
  });

  it('reveal goes through the panel’s confirm dialog, then revealLead confirmed', async () => {
    worker.handle({
      revealLead: ({ personId }) => ({
        ok: true,
        personId,
        record: aRevealRecord({ personId }),
        creditsCharged: 12,
      }),
    });
    const user = renderPage();
    const lead = await openLead(user, 'Ada Lindqvist');
    // The card draws once the meter (the account's prices) has been read: wait for it, do not race it.
    await user.click(await within(lead).findByRole('button', { name: 'Reveal contact…' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm reveal' });
    expect(worker.sent('revealLead')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reveal for 12 credits' }));
    await waitFor(() => expect(worker.sent('revealLead')).toEqual([{ personId: 'per_ada', confirmed: true, quoted: 12 }]));
    expect(await screen.findByText('Revealed Ada Lindqvist’s contact for 12 credits.')).toBeVisible();
  });

  it.each([
    ['Do not contact', 'Zoë Ølstad', 0, 1],
    ['New', 'Ada Lindqvist', 1, 0],
  ])('a lead with status %s (%s): %i "Reveal contact…", %i note saying why not', async (_status, name, reveals, notes) => {
    const user = renderPage();
    const lead = await openLead(user, name);
    // Counted together until both hold: the card draws once the meter (the account's prices) has been read.
    await waitFor(() => {
      expect(within(lead).queryAllByRole('button', { name: 'Reveal contact…' })).toHaveLength(reveals);
      expect(within(lead).queryAllByText(/Marked “Do not contact”/)).toHaveLength(notes);
    });
  });

  it('channels revealed under another account are labelled so, in the table and on the lead', async () => {
    await pageDb().reveals.put(
      aRevealRecord({ accountId: 'acc_old', personId: 'per_ada', channels: { email: 'ada@old.example', phone: null } }),
    );
    const user = renderPage();
    const row = (await screen.findByRole('checkbox', { name: 'Select Ada Lindqvist' })).closest('tr')!;
    await waitFor(() =>
      expect(within(row).getByRole('list', { name: 'Channels' })).toHaveTextContent('Email revealed under another account'),
    );
    const lead = await openLead(user, 'Ada Lindqvist');
    expect(within(lead).getByText('ada@old.example')).toBeVisible();
    expect(within(lead).getByText(/revealed under another account/)).toBeVisible();
  });

  it('Message on Telegram on the open lead records the touch on it and says so on the page’s status line, with Undo', async () => {
    await pageDb().reveals.put(
      aRevealRecord({ accountId: 'acc_pro', personId: 'per_ada', channels: { email: 'ada@quantlayer.xyz', telegram: '@adaquant' } }),
    );
    const user = renderPage();
    const lead = await openLead(user, 'Ada Lindqvist');
    const telegram = await within(lead).findByRole('link', { name: 'Message on Telegram' });
    expect(telegram.getAttribute('href')).toMatch(/^https:\/\/t\.me\/adaquant\?text=Hi%20Ada%2C/);
    telegram.addEventListener('click', (e) => e.preventDefault()); // jsdom does not navigate
    await user.click(telegram);
    expect(await screen.findByText('Recorded “Messaged on Telegram”: Contacted, follow up on Nov 29, 2026.')).toBeVisible();
    expect(await store.get('per_ada')).toMatchObject({ status: 'contacted', followUpOn: '2026-11-29' });
    expect(send).toHaveBeenCalledWith('followUpsChanged', undefined);
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(async () => expect(await store.get('per_ada')).toMatchObject({ status: 'new', followUpOn: '2026-11-25', notes: [] }));
  });

  it('Export: the selected leads go to the HubSpot file; a Do-not-contact lead is left out and counted', async () => {
    const user = renderPage();
    await waitFor(async () => expect(await rowNames()).toHaveLength(3));
    await user.click(screen.getByRole('checkbox', { name: 'Select Ada Lindqvist' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Zoë Ølstad' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const hubspot = screen.getByRole('button', { name: 'HubSpot CSV' });
    expect(hubspot).toHaveAccessibleDescription('for import, not for opening in a spreadsheet');
    await user.click(hubspot);
    const [fileName, text, type] = vi.mocked(downloadText).mock.calls[0]!;
    expect([fileName, type]).toEqual(['leads-hubspot-2026-11-26.csv', 'text/csv;charset=utf-8']);
    const { header, records } = parseRecords(text);
    expect(header.slice(0, 5)).toEqual(['Record ID', 'Crypto Directory ID', 'First Name', 'Last Name', 'Email']);
    expect(records.map((r) => [r['First Name'], r['Last Name'], r['Twitter Username'], r['Lead Status']])).toEqual([
      ['Ada', 'Lindqvist', 'AdaQuant', 'NEW'],
    ]);
    expect(await screen.findByText(/Exported 1 lead to leads-hubspot-2026-11-26\.csv\. 1 lead is marked “Do not contact”/)).toBeVisible();
  });

  it('Copy for Google Sheets: every lead shown when nothing is selected, to the clipboard', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    const user = renderPage();
    await waitFor(async () => expect(await rowNames()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('button', { name: 'Copy for Google Sheets' }));
    await waitFor(() => expect(writeText).toHaveBeenCalled());
    const { records } = parseRecords(writeText.mock.calls[0]![0], { delimiter: '\t' });
    expect(records.map((r) => r['Name'])).toEqual(['Ada Lindqvist', 'Jürgen Müller']);
    expect(await screen.findByText(/^Copied 2 leads\./)).toBeVisible();
    expect(downloadText).not.toHaveBeenCalled();
  });

  it('an export that fails says so', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('clipboard blocked'));
    const user = renderPage();
    await waitFor(async () => expect(await rowNames()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(screen.getByRole('button', { name: 'Copy for Google Sheets' }));
    expect(await screen.findByText('Copy for Google Sheets: the export failed (clipboard blocked).')).toBeVisible();
  });

  it('Back up leads downloads one JSON file; Restore leads merges it back and says how', async () => {
    const user = renderPage();
    await waitFor(async () => expect(await rowNames()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Back up leads' }));
    await waitFor(() => expect(downloadText).toHaveBeenCalled());
    const [fileName, json, type] = vi.mocked(downloadText).mock.calls[0]!;
    expect([fileName, type]).toEqual(['leads-backup-2026-11-26.json', 'application/json']);

    await store.remove(['per_ada']);
    await store.update('per_jurgen', { status: 'won' });
    const input = screen.getByTestId('restore-leads-file') as HTMLInputElement;
    await user.upload(input, new File([json], 'leads-backup.json', { type: 'application/json' }));
    expect(await screen.findByText('Restored: 1 added, 0 updated.')).toBeVisible();
    expect((await store.get('per_ada'))?.tags).toEqual(['DeFi']);

    await user.upload(input, new File(['{"nope":1}'], 'other.json', { type: 'application/json' }));
    expect(await screen.findByText('That file is not a leads backup of this extension. Nothing was restored.')).toBeVisible();
  });
});
