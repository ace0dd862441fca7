// First: Dexie's liveQuery runs only where it finds a global indexedDB (see leads-app.test.tsx).
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { EnrichRun, ListQuote } from '@/lib/enrich/enrich-run';
import type { LeadStore } from '@/lib/leads/lead-store';
import { sendMessage } from '@/lib/messaging/protocol';
import { meterItem } from '@/lib/tab-state/items';
import { aLeadWithSnapshot, LEADS_NOW, seedLeads } from '@/tests/support/a-lead';
import { fakeWorker, type FakeWorker } from '@/tests/support/fake-worker';
import { aMeter } from '@/tests/support/records';
import { testLeadStore } from '@/tests/support/test-leads';
import { LeadsApp } from './leads-app';

vi.mock('@/lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
let worker: FakeWorker;
let store: LeadStore;

const ada = aLeadWithSnapshot(
  { id: 'per_ada', firstName: 'Ada', lastName: 'Lindqvist', twitterHandle: 'AdaQuant' },
  { updatedAt: LEADS_NOW },
);
const adaRecord = { kind: 'person' as const, id: 'per_ada', name: 'Ada Lindqvist', company: 'Meridian' };
const boRecord = { kind: 'person' as const, id: 'per_bo', name: 'Bo Chen', company: 'Lattice' };

// A header, a known lead, one to look up, a duplicate of it and a name without a company.
const CSV = 'Name,Twitter,Company\nAda Lindqvist,@AdaQuant,Meridian\nBo Chen,https://x.com/bochen,Lattice\nBo C.,@BoChen,\nCara,,\n';

function quoteOf(rows: ListQuote['rows']): ListQuote {
  const lookups = rows.filter((r) => r.outcome.status === 'to-look-up').length;
  return { rows, lookups, credits: lookups * 5, refusal: null, fits: lookups, raiseBy: null };
}

function aRun(state: EnrichRun['state'], rows: EnrichRun['rows']): EnrichRun {
  return { id: 'run_1', accountId: 'acc_pro', name: 'ETHDenver', startedAt: LEADS_NOW, quoted: { lookups: 1, credits: 5 }, state, rows };
}

beforeEach(async () => {
  fakeBrowser.reset();
  store = testLeadStore(() => LEADS_NOW);
  await seedLeads(store, [ada]);
  await meterItem.setValue(aMeter({ accountId: 'acc_pro' }));
  worker = fakeWorker(send, {
    followUpsChanged: () => 0,
    getEnrichRun: () => null,
    quoteList: ({ rows }) =>
      quoteOf(
        rows.map((r) => ({
          ...r,
          outcome:
            r.xHandle?.toLowerCase() === 'adaquant' ? { status: 'known', record: adaRecord, from: 'lead' } : { status: 'to-look-up' },
        })),
      ),
    enrichList: () => ({ ok: true }),
    saveLead: ({ personId }) => ({ ok: true, personId, status: 'new', created: personId !== 'per_ada' }),
  });
});

async function openWithFile(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Enrich a list' }));
  const region = screen.getByRole('region', { name: 'Enrich a list' });
  expect(region).toHaveFocus();
  await user.upload(within(region).getByLabelText('Choose a CSV or TSV file'), new File([CSV], 'ETHDenver.csv', { type: 'text/csv' }));
  await within(region).findByText('4 rows · 1 unreadable · 1 duplicate folded');
  return region;
}

describe('the Leads page: Enrich a list', () => {
  it('a file read in the page, its columns fixable, priced for free, run at the price clicked, its people saved with the file’s name', async () => {
    const user = userEvent.setup();
    render(<LeadsApp store={store} now={() => LEADS_NOW} search="" />);
    const region = await openWithFile(user);
    expect(within(region).getByRole('combobox', { name: 'Column 2: Twitter' })).toHaveValue('x');
    expect(within(region).getByRole('list', { name: 'Unreadable rows' })).toHaveTextContent(
      'Line 5: Cara — a name alone cannot be matched: add the company',
    );
    // Read in the page: nothing asked of the worker about the list yet.
    expect(worker.order.filter((t) => t === 'quoteList' || t === 'enrichList')).toEqual([]);

    await user.click(within(region).getByRole('button', { name: 'Get the price' }));
    const enrich = await within(region).findByRole('button', { name: 'Enrich 1 · 5 credits' });
    expect(worker.sent('quoteList')).toEqual([{ name: 'ETHDenver', rows: expect.any(Array) }]);
    expect(worker.sent('quoteList')[0]!.rows.map((r) => r.key)).toEqual(['x:adaquant', 'x:bochen']);
    expect(worker.sent('enrichList')).toEqual([]);

    // A change of columns is another list: its quote is gone until asked again.
    await user.selectOptions(within(region).getByRole('combobox', { name: 'Column 3: Company' }), 'Not used');
    expect(within(region).queryByRole('button', { name: /^Enrich 1/ })).toBeNull();
    await user.selectOptions(within(region).getByRole('combobox', { name: 'Column 3: Company' }), 'Company');
    await user.click(within(region).getByRole('button', { name: 'Get the price' }));

    worker.handle({
      getEnrichRun: () =>
        aRun('done', [
          { key: 'x:adaquant', lines: [2], xHandle: 'AdaQuant', outcome: { status: 'known', record: adaRecord, from: 'lead' } },
          { key: 'x:bochen', lines: [3, 4], xHandle: 'bochen', outcome: { status: 'matched', record: boRecord, credits: 5 } },
        ]),
    });
    await user.click(await within(region).findByRole('button', { name: 'Enrich 1 · 5 credits' }));
    expect(enrich).not.toBeInTheDocument();
    expect(worker.sent('enrichList')).toEqual([{ name: 'ETHDenver', rows: expect.any(Array), quoted: 5 }]);
    expect(await within(region).findByRole('status')).toHaveTextContent('Done: 1 of 1 looked up · 5 credits spent');
    expect(region).toHaveFocus(); // the button clicked gave way to the run

    expect(within(region).getByRole('combobox', { name: 'Tag' })).toHaveValue('ETHDenver');
    await user.click(within(region).getByRole('button', { name: 'Save as leads' }));
    await waitFor(() =>
      expect(worker.sent('saveLead')).toEqual([
        { personId: 'per_ada', tag: 'ETHDenver' },
        { personId: 'per_bo', tag: 'ETHDenver' },
      ]),
    );
    expect(await within(region).findByText(/^Saved 2 as leads \(1 new, 1 already saved\) · 0 credits\./)).toBeVisible();

    // A person found who is a lead opens on this page.
    await user.click(within(region).getByRole('button', { name: 'Ada Lindqvist' }));
    expect(await screen.findByRole('region', { name: 'Lead' })).toBeVisible();
  });

  it('after a browser restart an interrupted run opens the region and asks once: “Resume: 1 row · 5 credits”', async () => {
    worker.handle({
      getEnrichRun: () => aRun('interrupted', [{ key: 'x:bochen', lines: [3], xHandle: 'bochen', outcome: { status: 'to-look-up' } }]),
      resumeEnrich: () => ({ ok: false, message: 'Nothing to resume.' }),
    });
    const user = userEvent.setup();
    render(<LeadsApp store={store} now={() => LEADS_NOW} search="" />);
    const region = await screen.findByRole('region', { name: 'Enrich a list' });
    expect(within(region).getByRole('status')).toHaveTextContent('Interrupted: 0 of 1 looked up · 0 credits spent');
    await user.click(within(region).getByRole('button', { name: 'Resume: 1 row · 5 credits' }));
    expect(worker.sent('resumeEnrich')).toHaveLength(1);
    expect(await within(region).findByText('Nothing to resume.')).toBeVisible();
  });

  it('while it runs the progress follows the worker’s run; Cancel is sent once and the run says it was cancelled', async () => {
    const bo = { key: 'x:bochen', lines: [3], xHandle: 'bochen' };
    const cara = { key: 'x:cara', lines: [4], xHandle: 'cara' };
    let reads = 0;
    worker.handle({
      getEnrichRun: () => {
        reads++;
        const quoted = { lookups: 2, credits: 10 };
        if (worker.sent('cancelEnrich').length > 0)
          return {
            ...aRun('cancelled', [
              { ...bo, outcome: { status: 'matched', record: boRecord, credits: 5 } },
              { ...cara, outcome: { status: 'not-sent', message: 'Cancelled: not sent.' } },
            ]),
            quoted,
          };
        return {
          ...aRun('running', [
            { ...bo, outcome: reads > 1 ? { status: 'matched', record: boRecord, credits: 5 } : { status: 'looking-up' } },
            { ...cara, outcome: { status: 'to-look-up' } },
          ]),
          quoted,
        };
      },
      cancelEnrich: () => ({ ok: true }),
    });
    const user = userEvent.setup();
    render(<LeadsApp store={store} now={() => LEADS_NOW} search="" />);
    const region = await screen.findByRole('region', { name: 'Enrich a list' });
    expect(within(region).getByRole('status')).toHaveTextContent('0 of 2 looked up · 0 credits spent');
    // Read again while it runs (once a second).
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('1 of 2 looked up · 5 credits spent'), {
      timeout: 3_000,
    });
    const cancel = within(region).getByRole('button', { name: 'Cancel' });
    await user.dblClick(cancel);
    expect(worker.sent('cancelEnrich')).toHaveLength(1);
    expect(await within(region).findByRole('status')).toHaveTextContent('Cancelled: 1 of 2 looked up · 5 credits spent');
    expect(within(region).getByRole('list', { name: 'Rows' })).toHaveTextContent('@cara — Cancelled: not sent.');
    expect(within(region).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });
});
