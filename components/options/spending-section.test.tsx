import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Spending } from '@/lib/messaging/protocol';
import { CacheControls } from './cache-controls';
import { SpendingSection } from './spending-section';

const days = Array.from({ length: 30 }, (_, i) => ({
  day: `2025-11-${String(i + 1).padStart(2, '0')}`,
  credits: i === 29 ? 15 : i === 10 ? 40 : 0,
  calls: i === 29 ? 3 : i === 10 ? 8 : 0,
}));

const spending: Spending = {
  spentToday: 15,
  days,
  entries: [
    {
      at: Date.UTC(2025, 10, 30),
      accountId: 'acc_pro',
      endpoint: 'search',
      path: '/v1/search',
      creditsCharged: 5,
      balanceAfter: 5995,
      sample: false,
    },
  ],
  reveals: [
    {
      accountId: 'acc_pro',
      personId: 'per_ada',
      name: 'Ada Lindqvist',
      channels: { email: 'ada@quantlayer.xyz', phone: null, linkedinUrl: 'javascript:alert(1)' },
      at: Date.UTC(2025, 10, 30),
      creditsCharged: 10,
    },
  ],
};

describe('SpendingSection', () => {
  it('shows today against the budget, a labelled chart and its table', () => {
    render(<SpendingSection spending={spending} today={{ spent: 15, budget: 200 }} onExportSpending={vi.fn()} onExportReveals={vi.fn()} />);
    const region = screen.getByRole('region', { name: 'Spending' });
    expect(region.textContent).toContain('Spent today: 15 credits of today’s 200-credit budget');
    const chart = screen.getByRole('img');
    expect(chart.getAttribute('aria-label')).toBe('Credits spent per day, 2025-11-01 to 2025-11-30: 55 in total, most on 2025-11-11 (40).');
    const table = screen.getByRole('table', { name: 'Credits per day, last 30 days' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(31);
    expect(Array.from(rows[1]!.children).map((c) => c.textContent)).toEqual(['2025-11-30', '15', '3']);
  });

  it('lists revealed contacts with safe links only', () => {
    render(<SpendingSection spending={spending} today={{ spent: 15, budget: 200 }} onExportSpending={vi.fn()} onExportReveals={vi.fn()} />);
    const list = screen.getByRole('list', { name: 'Revealed contacts' });
    expect(within(list).getByText('Ada Lindqvist')).toBeVisible();
    expect(within(list).getByRole('link', { name: 'ada@quantlayer.xyz' }).getAttribute('href')).toBe('mailto:ada@quantlayer.xyz');
    expect(within(list).queryByRole('link', { name: 'javascript:alert(1)' })).toBeNull();
    expect(within(list).getByText('none on file')).toBeVisible();
  });

  it('lists a reveal’s channels in the card’s order (Email, Phone, Telegram, LinkedIn), whatever order they were stored in', () => {
    const reveal = {
      accountId: 'acc',
      personId: 'per_x',
      name: 'Stored Backwards',
      channels: { linkedinUrl: 'https://www.linkedin.com/in/x', telegram: '@x', phone: null, email: 'x@example.com' },
      at: Date.UTC(2025, 10, 30),
      creditsCharged: 10,
    };
    render(
      <SpendingSection spending={{ ...spending, reveals: [reveal] }} today={null} onExportSpending={vi.fn()} onExportReveals={vi.fn()} />,
    );
    const list = screen.getByRole('list', { name: 'Revealed contacts' });
    expect(Array.from(list.querySelectorAll('dt')).map((dt) => dt.textContent)).toEqual(['Email', 'Phone', 'Telegram', 'LinkedIn']);
  });

  it('exports both CSVs on request', async () => {
    const user = userEvent.setup();
    const onExportSpending = vi.fn();
    const onExportReveals = vi.fn();
    render(
      <SpendingSection
        spending={spending}
        today={{ spent: 15, budget: 200 }}
        onExportSpending={onExportSpending}
        onExportReveals={onExportReveals}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Export spending CSV' }));
    await user.click(screen.getByRole('button', { name: 'Export revealed contacts CSV' }));
    expect(onExportSpending).toHaveBeenCalledTimes(1);
    expect(onExportReveals).toHaveBeenCalledTimes(1);
  });

  it('says so while loading', () => {
    render(<SpendingSection spending={null} today={{ spent: 15, budget: 200 }} onExportSpending={vi.fn()} onExportReveals={vi.fn()} />);
    expect(screen.getByRole('status').textContent).toMatch(/Loading/);
  });
});

describe('CacheControls', () => {
  it('clears on request and says how many entries went', async () => {
    const user = userEvent.setup();
    const onClear = vi.fn();
    const { rerender } = render(<CacheControls onClear={onClear} cleared={null} />);
    await user.click(screen.getByRole('button', { name: 'Clear cache' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    rerender(<CacheControls onClear={onClear} cleared={12} />);
    expect(screen.getByRole('status').textContent).toBe('Cleared 12 cached entries.');
  });
});
