import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FundCard } from './fund-card';
import { aFundProject, anInvestor, anInvestorDetail, aPortfolioRow } from '@/tests/support/records';
import { fullText } from '@/tests/support/full-text';

describe('FundCard', () => {
  it('is the region "Fund" with firm, fund type, trust tier and rank, ROI and portfolio count', () => {
    render(<FundCard fund={anInvestor()} />);
    const region = screen.getByRole('region', { name: 'Fund' });
    expect(within(region).getByRole('heading', { name: 'Meridian Ventures' })).toBeVisible();
    expect(within(region).getByText('Firm')).toBeVisible();
    expect(within(region).getByText('Venture')).toBeVisible();
    expect(within(region).getByText(fullText('A (rank 3)'))).toBeVisible();
    expect(within(region).getByText('+312%')).toBeVisible();
    expect(within(region).getByText('2 companies')).toBeVisible();
    expect(within(region).getByRole('link', { name: '@MeridianVC' })).toBeVisible();
  });

  it('says "Angel" for an individual', () => {
    render(<FundCard fund={anInvestor({ entityKind: 'individual', name: 'Sofia Marchetti' })} />);
    expect(screen.getByText('Angel')).toBeVisible();
  });

  it('loads the portfolio on demand and renders rows and team', async () => {
    const onLoadPortfolio = vi.fn();
    const { rerender } = render(<FundCard fund={aFundProject()} onLoadPortfolio={onLoadPortfolio} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load portfolio · 5 credits' }));
    expect(onLoadPortfolio).toHaveBeenCalledOnce();

    rerender(<FundCard fund={aFundProject()} detail={{ status: 'loading' }} />);
    expect(screen.getByText('Loading portfolio…')).toBeVisible();

    rerender(<FundCard fund={aFundProject()} detail={{ status: 'loaded', value: { kind: 'investor', ...anInvestorDetail() } }} />);
    const table = screen.getByRole('table', { name: 'Portfolio' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(Array.from(rows[1]!.querySelectorAll('td')).map((td) => td.textContent)).toEqual(['QuantLayer', 'Seed', '$12.5M', 'Mar 14, 2024', 'Lead']);
    expect(Array.from(rows[2]!.querySelectorAll('td')).map((td) => td.textContent)).toEqual(['Harborline', 'Series A', '$30M', 'Mar 14, 2024', 'No']);
    // The investor record from the detail replaces the search row.
    expect(screen.getByText(fullText('A (rank 3)'))).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Team' })).getByText('Marcus Hale')).toBeVisible();
  });

  it('shows the first rows of a long portfolio and a Show all toggle', async () => {
    const portfolio = Array.from({ length: 12 }, (_, i) => aPortfolioRow({ investmentId: `inv_${i}`, company: `Company ${i}` }));
    render(<FundCard fund={anInvestor()} detail={{ status: 'loaded', value: { kind: 'investor', ...anInvestorDetail({ portfolio }) } }} />);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(9);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show all 12' }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(13);
  });

  it('shows a detail error inline with a retry', () => {
    const onLoadPortfolio = vi.fn();
    render(<FundCard fund={anInvestor()} detail={{ status: 'error', message: 'Not a fund' }} onLoadPortfolio={onLoadPortfolio} />);
    expect(screen.getByText(fullText(/Could not load portfolio: Not a fund/))).toBeVisible();
    screen.getByRole('button', { name: 'Retry portfolio · 5 credits' }).click();
    expect(onLoadPortfolio).toHaveBeenCalledOnce();
  });

  it('warns for a defunct fund and keeps unsafe links as text', () => {
    render(<FundCard fund={anInvestor({ lifecycle: 'defunct', domain: 'javascript:alert(1)', communityLink: 'javascript:alert(1)' })} />);
    expect(screen.getByText(/Defunct/)).toBeVisible();
    const region = screen.getByRole('region', { name: 'Fund' });
    expect(within(region).queryAllByRole('link').every((a) => a.getAttribute('href')?.startsWith('https:'))).toBe(true);
    expect(within(region).getByText('Community: javascript:alert(1)')).toBeVisible();
  });
});
