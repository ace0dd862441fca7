import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FundCard } from './org-card';
import { aFundProject, anInvestor, anInvestorDetail, aPerson, aPortfolioRow } from '@/tests/support/records';
import { fullText } from '@/tests/support/full-text';

/** The portfolio rows' text, one string per row ("QuantLayer|Lead|Seed · $12.5M · Mar 14, 2024"). */
function portfolioRows(): string[] {
  const list = screen.getByRole('list', { name: 'Portfolio' });
  return within(list)
    .getAllByRole('listitem')
    .map((li) => {
      const head = li.querySelector('.portfolio__head')!;
      const facts = Array.from(li.querySelectorAll('.portfolio__fact')).map((f) => f.textContent);
      return [...Array.from(head.children).map((c) => c.textContent), facts.join(' · ')].join('|');
    });
}

describe('FundCard', () => {
  it('is the region "Fund" with firm, fund type, trust tier and rank, ROI and portfolio count', () => {
    render(<FundCard price={5} record={anInvestor()} />);
    const region = screen.getByRole('region', { name: 'Fund' });
    expect(within(region).getByRole('heading', { name: 'Meridian Ventures' })).toBeVisible();
    expect(within(region).getByText('Firm')).toBeVisible();
    expect(within(region).getByText('Venture')).toBeVisible();
    expect(within(region).getByText(fullText('tier A, rank 3'))).toBeVisible();
    expect(within(region).getByText('+312%')).toBeVisible();
    expect(within(region).getByText('2 companies')).toBeVisible();
    expect(within(region).getByRole('link', { name: '@MeridianVC' })).toBeVisible();
  });

  it('from the search row alone shows everything the row has, and the rest as one priced action', () => {
    const onLoadPortfolio = vi.fn();
    const row = aFundProject({
      sectors: ['DeFi', 'Payments'],
      chains: ['Ethereum'],
      size: '11-50',
      followers: 41000,
      handleHistory: ['MeridianCap'],
      twitterRisk: 'low',
    });
    render(<FundCard price={5} record={row} onLoad={onLoadPortfolio} />);
    const region = screen.getByRole('region', { name: 'Fund' });
    const facts = Array.from(region.querySelectorAll('dt')).map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(facts).toEqual([
      'Sectors: DeFiPayments',
      'Chains: Ethereum',
      'Size: 11-50',
      'X followers: 41K',
      'Formerly: @MeridianCap',
      // "low" X account risk is no news: not listed.
    ]);
    expect(within(region).getByText('QuantLayer runs an on-chain perpetuals venue.')).toBeVisible();
    // One priced button, and it says what it adds.
    const buttons = within(region).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Load full profile · 5 credits']);
    expect(within(region).getByText('Adds firm or angel, fund type, trust tier, ROI, portfolio and team.')).toBeVisible();
    // Inside act: the click's state update is done before the test ends (not after its DOM is gone).
    act(() => buttons[0]!.click());
    expect(onLoadPortfolio).toHaveBeenCalledOnce();
  });

  it.each([
    ['high', ['X account warning: high risk (directory rating)']],
    ['low', []],
    [null, []],
  ])('X account risk %j: said only when it is a warning', (twitterRisk, facts) => {
    render(
      <FundCard price={5} record={anInvestor({ twitterRisk, sectors: [], chains: [], size: null, followers: null, handleHistory: [] })} />,
    );
    const dts = Array.from(screen.getByRole('region', { name: 'Fund' }).querySelectorAll('dt')).filter((dt) =>
      dt.textContent?.startsWith('X account'),
    );
    expect(dts.map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`)).toEqual(facts);
  });

  it('the priced action names only what the record lacks', () => {
    render(<FundCard price={5} record={anInvestor()} onLoad={vi.fn()} />);
    expect(screen.getByText('Adds portfolio and team.')).toBeVisible();
  });

  it('an angel (entityKind individual) reads as a person: round initials, "Angel investor", no size, no team of one', () => {
    const sofia = anInvestor({
      id: 'cmp_sofia',
      name: 'Sofia Marchetti',
      entityKind: 'individual',
      fundType: 'angel',
      size: '1-10',
      logoUrl: null,
    });
    const team = [aPerson({ id: 'per_sofia', firstName: 'Sofia', lastName: 'Marchetti', jobTitle: 'Angel Investor', company: null })];
    render(
      <FundCard
        price={5}
        record={sofia}
        detail={{ status: 'loaded', value: { kind: 'investor', ...anInvestorDetail({ investor: sofia, team }) } }}
      />,
    );
    const region = screen.getByRole('region', { name: 'Fund' });
    expect(within(region).getByText('Angel investor')).toBeVisible();
    expect(within(region).queryByText('Firm')).toBeNull();
    // fundType "angel" would only repeat "Angel investor".
    expect(within(region).queryByText('angel')).toBeNull();
    expect(region.querySelector('.safe-image--circle')).not.toBeNull();
    expect(within(region).queryByText('Size')).toBeNull();
    expect(within(region).queryByRole('heading', { name: 'Team' })).toBeNull();
    expect(within(region).getByRole('list', { name: 'Portfolio' })).toBeVisible();
  });

  it('before the detail, a fund named like the person it belongs to is taken for an angel', () => {
    render(<FundCard price={5} record={aFundProject({ name: 'Sofia Marchetti' })} personName="Sofia Marchetti" onLoad={vi.fn()} />);
    expect(screen.getByText('Angel investor')).toBeVisible();
    expect(screen.getByText('Adds trust tier, ROI and portfolio.')).toBeVisible();
  });

  it('a fund of another name is not an angel just because a person is shown', () => {
    render(<FundCard price={5} record={aFundProject()} personName="Marcus Hale" />);
    expect(screen.queryByText('Angel investor')).toBeNull();
    expect(screen.getByText('Fund')).toBeVisible();
  });

  it('loads the full profile on demand and renders portfolio rows and team', async () => {
    const onLoadPortfolio = vi.fn();
    const { rerender } = render(<FundCard price={5} record={aFundProject()} onLoad={onLoadPortfolio} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load full profile · 5 credits' }));
    expect(onLoadPortfolio).toHaveBeenCalledOnce();

    rerender(<FundCard price={5} record={aFundProject()} detail={{ status: 'loading' }} />);
    expect(screen.getByText('Loading full profile…')).toBeVisible();

    rerender(
      <FundCard
        price={5}
        record={aFundProject({ sectors: ['DeFi'] })}
        detail={{ status: 'loaded', value: { kind: 'investor', ...anInvestorDetail() } }}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    expect(portfolioRows()).toEqual(['QuantLayer|Lead|Seed · $12.5M · Mar 14, 2024', 'Harborline|Series A · $30M · Mar 14, 2024']);
    // The investor record from the detail adds its fields; the row keeps what the detail lacks.
    expect(screen.getByText(fullText('tier A, rank 3'))).toBeVisible();
    expect(screen.getByText('Firm')).toBeVisible();
    expect(screen.getByText('DeFi')).toBeVisible();
    expect(within(screen.getByRole('list', { name: 'Team' })).getByText('Marcus Hale')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Load full profile/ })).toBeNull();
  });

  it('a portfolio row says only what it has, and an unknown company as such', () => {
    const portfolio = [
      aPortfolioRow({ company: null, roundType: null, roundEventName: null, amountUsd: null, announceDate: null, isLead: null }),
    ];
    render(
      <FundCard
        price={5}
        record={anInvestor()}
        detail={{ status: 'loaded', value: { kind: 'investor', ...anInvestorDetail({ portfolio }) } }}
      />,
    );
    expect(portfolioRows()).toEqual(['Unknown company|']);
  });

  it('shows the first rows of a long portfolio and a Show all toggle', async () => {
    const portfolio = Array.from({ length: 12 }, (_, i) => aPortfolioRow({ investmentId: `inv_${i}`, company: `Company ${i}` }));
    render(
      <FundCard
        price={5}
        record={anInvestor()}
        detail={{ status: 'loaded', value: { kind: 'investor', ...anInvestorDetail({ portfolio }) } }}
      />,
    );
    expect(portfolioRows()).toHaveLength(8);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show all 12' }));
    expect(portfolioRows()).toHaveLength(12);
  });

  it('shows a detail error inline with a retry', () => {
    const onLoadPortfolio = vi.fn();
    render(<FundCard price={5} record={anInvestor()} detail={{ status: 'error', message: 'Not a fund' }} onLoad={onLoadPortfolio} />);
    expect(screen.getByText(fullText(/Could not load full profile: Not a fund/))).toBeVisible();
    // Inside act: the click's state update is done before the test ends (not after its DOM is gone).
    act(() => screen.getByRole('button', { name: 'Retry full profile · 5 credits' }).click());
    expect(onLoadPortfolio).toHaveBeenCalledOnce();
  });

  it('warns for a defunct fund and keeps unsafe links as text', () => {
    render(
      <FundCard
        price={5}
        record={anInvestor({ lifecycle: 'defunct', domain: 'javascript:alert(1)', communityLink: 'javascript:alert(1)' })}
      />,
    );
    expect(screen.getByText(/Defunct/)).toBeVisible();
    const region = screen.getByRole('region', { name: 'Fund' });
    expect(
      within(region)
        .queryAllByRole('link')
        .every((a) => a.getAttribute('href')?.startsWith('https:')),
    ).toBe(true);
    expect(within(region).getByText('Community: javascript:alert(1)')).toBeVisible();
  });
});
