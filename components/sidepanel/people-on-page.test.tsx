import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PagePeopleState, PageRow } from '@/lib/tab-state/page-people';
import { PeopleOnPage } from './people-on-page';
import { aMeter } from '@/tests/support/records';
import { priceTable } from '@/lib/credits/price-table';
import type { CreditMeter } from '@/lib/tab-state/tab-state';

const known = (handle: string, id: string): PageRow => ({
  key: `x:${handle}`,
  person: { name: `N ${handle}`, handle },
  status: 'known',
  record: { kind: 'person', id, name: `N ${handle}`, title: 'Partner', company: 'Meridian Ventures' },
});
const unknown = (handle: string): PageRow => ({ key: `x:${handle}`, person: { name: `N ${handle}`, handle }, status: 'not-looked-up' });
const state = (rows: PageRow[]): PagePeopleState => ({ tabId: 1, url: 'https://x.com/MeridianVC/followers', site: 'x', rows });
const EIGHT = [known('a', 'per_a'), known('b', 'per_b'), known('c', 'per_c'), ...['d', 'e', 'f', 'g', 'h'].map(unknown)];

const specMeter = (over: Partial<CreditMeter> = {}) => aMeter({ prices: priceTable().prices, remainingToday: 140, ...over });

function setup(rows = EIGHT, saved = new Map(), meter = specMeter()) {
  const onLookUp = vi.fn<(keys: string[], quoted: number) => Promise<string | null>>(() => Promise.resolve(null));
  const onSave = vi.fn<(ids: string[]) => Promise<unknown>>(() => Promise.resolve());
  render(<PeopleOnPage state={state(rows)} meter={meter} saved={saved} onLookUp={onLookUp} onSave={onSave} />);
  return { onLookUp, onSave, region: screen.getByRole('region', { name: 'People on this page' }) };
}

describe('PeopleOnPage', () => {
  it('lists every row with a checkbox named after the person, and "3 known · 5 not looked up"', () => {
    const { region } = setup();
    expect(within(region).getAllByRole('checkbox')).toHaveLength(8);
    expect(within(region).getByRole('checkbox', { name: 'N a' })).toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent('3 known · 5 not looked up');
    expect(within(region).getAllByText(/Known · 0 credits/)).toHaveLength(3);
    expect(within(region).getAllByText('not looked up')).toHaveLength(5);
  });

  it('"Select all not known" → "Look up 5 · 25 credits" sends the 5 unknown rows; nothing is sent before the click', async () => {
    const { region, onLookUp } = setup();
    expect(within(region).getByRole('button', { name: 'Look up 0 · 0 credits' })).toBeDisabled();
    await userEvent.click(within(region).getByRole('button', { name: 'Select all not known' }));
    expect(onLookUp).not.toHaveBeenCalled();
    await userEvent.click(within(region).getByRole('button', { name: 'Look up 5 · 25 credits' }));
    expect(onLookUp).toHaveBeenCalledWith(['x:d', 'x:e', 'x:f', 'x:g', 'x:h'], 25);
  });

  it.each([
    // 5 lookups hold 4 × 5 + (5 + a resend's 5) = 30 of today's budget
    [
      'today’s budget cannot hold them',
      { remainingToday: 29 },
      /Today’s credit budget has 29 credits left; these 5 calls need 30 credits set aside/,
    ],
    ['the balance cannot pay them', { balance: 20 }, /the balance \(20 credits\) is below the price \(25 credits\)/],
  ])('says before the click when %s, and sends nothing', async (_, over, words) => {
    const { region, onLookUp } = setup(EIGHT, new Map(), specMeter(over));
    await userEvent.click(within(region).getByRole('button', { name: 'Select all not known' }));
    expect(within(region).getByRole('button', { name: 'Look up 5 · 25 credits' })).toBeDisabled();
    expect(within(region).getByRole('note')).toHaveTextContent(words);
    expect(onLookUp).not.toHaveBeenCalled();
  });

  it('quotes at the account’s prices, not the spec’s', async () => {
    const { region, onLookUp } = setup(
      EIGHT,
      new Map(),
      aMeter({ prices: priceTable({ pricing: { basicCallCredits: 9 } }).prices, remainingToday: 140 }),
    );
    await userEvent.click(within(region).getByRole('button', { name: 'Select all not known' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Look up 5 · 45 credits' }));
    expect(onLookUp).toHaveBeenCalledWith(['x:d', 'x:e', 'x:f', 'x:g', 'x:h'], 45);
  });

  it("shows the worker's refusal", async () => {
    const { region, onLookUp } = setup();
    onLookUp.mockResolvedValueOnce('Not looked up: Today’s credit budget has 10 credits left; these 5 calls need 30 credits set aside.');
    await userEvent.click(within(region).getByRole('button', { name: 'Select all not known' }));
    await userEvent.click(within(region).getByRole('button', { name: 'Look up 5 · 25 credits' }));
    expect(await within(region).findByText(/has 10 credits left/)).toBeVisible();
  });

  it('"Save as leads" saves the selected known people not yet saved; saved ones say "Saved · {status}"', async () => {
    const { region, onSave } = setup(EIGHT, new Map([['per_b', 'contacted']]));
    expect(within(region).getByText(/Saved · Contacted/)).toBeVisible();
    expect(within(region).getByRole('button', { name: 'Save as leads' })).toBeDisabled();
    for (const name of ['N a', 'N b', 'N d']) await userEvent.click(within(region).getByRole('checkbox', { name }));
    await userEvent.click(within(region).getByRole('button', { name: 'Save as leads' }));
    expect(onSave).toHaveBeenCalledWith(['per_a'], '');
  });

  it('an ambiguous row names its candidates and picks none', () => {
    const { region } = setup([
      {
        key: 'li:daniel okafor|',
        person: { name: 'Daniel Okafor' },
        status: 'ambiguous',
        candidates: [
          { kind: 'person', id: 'p1', name: 'Daniel Okafor', company: 'Lumen Labs' },
          { kind: 'person', id: 'p2', name: 'Daniel Okafor', company: 'Sentinel Audits' },
        ],
      },
    ]);
    expect(
      within(region).getByText(
        /Several people fit: Daniel Okafor, Lumen Labs; Daniel Okafor, Sentinel Audits\. Open their profile to pick\./,
      ),
    ).toBeVisible();
    expect(within(region).getByRole('status')).toHaveTextContent('0 known · 0 not looked up');
  });

  it('a list page with no rows it recognises says so', () => {
    const { region } = setup([]);
    expect(within(region).getByText('No people found on this page')).toBeVisible();
    expect(within(region).queryByRole('checkbox')).toBeNull();
  });
});
