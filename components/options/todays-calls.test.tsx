import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '@/lib/credits/ledger';
import { TodaysCalls } from './todays-calls';

const now = new Date(2026, 10, 26, 15, 0).getTime();
const entry = (over: Partial<LedgerEntry>): LedgerEntry => ({
  at: now - 60_000,
  accountId: 'acc',
  endpoint: 'search',
  path: '/v1/search?q=AdaQuant',
  creditsCharged: 5,
  balanceAfter: 100,
  sample: false,
  ...over,
});

describe('TodaysCalls', () => {
  it('labels an answer that never arrived as "may have been charged" and sums them', () => {
    render(
      <TodaysCalls
        now={now}
        entries={[
          entry({ at: now - 86_400_000 * 2 }),
          entry({ path: '/v1/search?q=Ada%20Lindqvist', estimated: true, balanceAfter: null }),
          entry({ endpoint: 'reveal', path: '/v1/people/per_ada?include=private', creditsCharged: 10, estimated: true }),
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Today’s calls' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Contact reveal · 10 credits may have been charged',
      'Search “Ada Lindqvist” · 5 credits may have been charged',
    ]);
    expect(screen.getByText(/15 credits today may have been charged/)).toBeVisible();
  });

  it('says when nothing was paid today', () => {
    render(<TodaysCalls now={now} entries={[entry({ at: now - 86_400_000 * 3 })]} />);
    expect(screen.getByText('No paid calls today.')).toBeVisible();
  });
});
