import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CompanyCard } from './org-card';
import { aPerson, aProject, aProjectDetail } from '@/tests/support/records';
import { fullText } from '@/tests/support/full-text';

const facts = (region: HTMLElement) => {
  const out: Record<string, string> = {};
  const dl = region.querySelector('dl');
  const dts = Array.from(dl?.querySelectorAll('dt') ?? []);
  for (const dt of dts) out[dt.textContent ?? ''] = dt.nextElementSibling?.textContent ?? '';
  return out;
};

describe('CompanyCard', () => {
  it('is the region "Company" with name, logo, type, ticker, sectors, chains, size, summary and links', () => {
    render(<CompanyCard price={5} record={aProject()} />);
    const region = screen.getByRole('region', { name: 'Company' });
    expect(within(region).getByRole('heading', { name: 'QuantLayer' })).toBeVisible();
    expect(region.querySelector('img')).toBeNull(); // initials only: the logo URL is never loaded
    expect(within(region).getByText('Project')).toBeVisible();
    expect(within(region).getAllByText(fullText('$QLR')).length).toBeGreaterThan(0);
    const f = facts(region);
    expect(f.Sectors).toBe('DeFiDerivatives');
    expect(f.Chains).toBe('Ethereum, Arbitrum');
    expect(f.Size).toBe('11-50');
    expect(within(region).getByText(/on-chain perpetuals venue/)).toBeVisible();
    expect(within(region).getByRole('link', { name: 'quantlayer.xyz' }).getAttribute('href')).toBe('https://quantlayer.xyz/');
    expect(within(region).getByRole('link', { name: '@QuantLayerHQ' }).getAttribute('href')).toBe('https://x.com/QuantLayerHQ');
    expect(within(region).getByRole('link', { name: 'LinkedIn' })).toBeVisible();
    expect(within(region).getByRole('link', { name: 'Discord' })).toBeVisible();
    expect(within(region).getByRole('link', { name: 'Community' })).toBeVisible();
    expect(within(region).getByRole('link', { name: 'Token page' }).getAttribute('href')).toBe(
      'https://www.coingecko.com/en/coins/quantlayer',
    );
  });

  it.each([
    [true, /^Launched/],
    [false, /^Not launched/],
    [null, /^Unknown/],
    [undefined, /^Unknown/],
  ])('token status for tokenLaunched=%s', (tokenLaunched, expected) => {
    const company = aProject({ tokenLink: null });
    render(<CompanyCard price={5} record={{ ...company, tokenLaunched: tokenLaunched as boolean | null }} />);
    const token = facts(screen.getByRole('region', { name: 'Company' })).Token ?? '';
    expect(token).toMatch(expected);
    if (tokenLaunched == null) {
      expect(token.toLowerCase()).toContain('unknown');
      expect(token).not.toMatch(/\bno\b|not launched/i);
    }
  });

  it.each(['service', 'platform', 'launchpad'])('is the region "Service" for companyType %s', (companyType) => {
    render(<CompanyCard price={5} record={aProject({ companyType, name: 'Sentinel Audits' })} />);
    expect(screen.getByRole('region', { name: 'Service' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Company' })).toBeNull();
  });

  it.each([
    ['defunct', /Defunct/],
    ['deceased', /Deceased/],
  ])('warns when lifecycle is %s', (lifecycle, text) => {
    render(<CompanyCard price={5} record={aProject({ lifecycle })} />);
    expect(screen.getByText(text)).toBeVisible();
  });

  // The X account facts as the fund card says them (one piece), read leniently: values as recorded.
  it.each<[string, unknown, unknown, string[]]>([
    [
      'earlier handles and a high risk',
      ['LumenDriftGame'],
      'high',
      ['Formerly: @LumenDriftGame', 'X account warning: high risk (directory rating)'],
    ],
    ['handles with and without @, low risk (no news)', ['@a', 'b'], 'low', ['Formerly: @a, @b']],
    ['none recorded', [], null, []],
    ['absent', undefined, undefined, []],
    ['shapes the spec does not show: nothing invented', [{ handle: 'a', until: 1 }, 7], 0.3, []],
  ])('handle history and X risk: %s', (_label, handleHistory, twitterRisk, expected) => {
    render(<CompanyCard price={5} record={aProject({ handleHistory, twitterRisk })} />);
    const f = facts(screen.getByRole('region', { name: 'Company' }));
    expect(
      Object.entries(f)
        .filter(([k]) => k === 'Formerly' || k.startsWith('X account'))
        .map(([k, v]) => `${k}: ${v}`),
    ).toEqual(expected);
  });

  it('shows no lifecycle warning when there is no signal', () => {
    render(<CompanyCard price={5} record={aProject({ lifecycle: null })} />);
    expect(screen.queryByText(/Defunct|Deceased/)).toBeNull();
  });

  it('shows javascript: and data: URLs as text, never as links', () => {
    render(
      <CompanyCard
        price={5}
        record={aProject({
          domain: 'javascript:alert(document.domain)',
          discordUrl: 'javascript:alert(1)',
          communityLink: 'data:text/html,<script>alert(1)</script>',
          linkedinUrl: 'JaVaScRiPt:alert(1)',
          tokenLink: 'javascript:void(0)',
          logoUrl: 'javascript:alert(1)',
        })}
      />,
    );
    const region = screen.getByRole('region', { name: 'Company' });
    for (const link of within(region).queryAllByRole('link')) {
      expect(link.getAttribute('href')).toMatch(/^https:/);
    }
    expect(within(region).getByText('Discord: javascript:alert(1)')).toBeVisible();
    expect(within(region).getByText('javascript:alert(document.domain)')).toBeVisible();
    expect(region.querySelector('img')).toBeNull();
    expect(region.innerHTML).not.toContain('href="javascript');
  });

  it('renders API text as text, not markup', () => {
    render(<CompanyCard price={5} record={aProject({ name: '<img src=x onerror=alert(1)>', aiSummary: '<script>alert(1)</script>' })} />);
    const region = screen.getByRole('region', { name: 'Company' });
    expect(region.querySelector('script')).toBeNull();
    expect(region.querySelectorAll('img').length).toBe(0); // no markup, and no logo either (initials)
    expect(within(region).getByRole('heading', { name: '<img src=x onerror=alert(1)>' })).toBeVisible();
  });

  it('loads the team on demand for 5 credits and renders it', async () => {
    const onLoadTeam = vi.fn();
    const { rerender } = render(<CompanyCard price={5} record={aProject()} onLoad={onLoadTeam} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load team · 5 credits' }));
    expect(onLoadTeam).toHaveBeenCalledOnce();
    rerender(<CompanyCard price={5} record={aProject()} detail={{ status: 'loading' }} onLoad={onLoadTeam} />);
    expect(screen.getByText('Loading team…')).toBeVisible();
    const onShowPerson = vi.fn();
    rerender(
      <CompanyCard
        price={5}
        record={aProject()}
        detail={{ status: 'loaded', value: { kind: 'project', ...aProjectDetail() } }}
        onShowPerson={onShowPerson}
      />,
    );
    const team = screen.getByRole('list', { name: 'Team' });
    await userEvent.setup().click(within(team).getByRole('button', { name: 'Show Tomas Reyes' }));
    expect(onShowPerson).toHaveBeenCalledWith(expect.objectContaining({ id: 'per_tomas' }));
  });

  it('shows a team member’s already-unlocked channels as links', () => {
    const member = aPerson({ id: 'per_x', firstName: 'Mei', lastName: 'Tanaka', email: 'mei@harborline.xyz', telegram: '@mei' });
    render(
      <CompanyCard
        price={5}
        record={aProject()}
        detail={{ status: 'loaded', value: { kind: 'project', project: aProject(), team: [member] } }}
      />,
    );
    const team = screen.getByRole('list', { name: 'Team' });
    expect(within(team).getByRole('link', { name: 'Email' }).getAttribute('href')).toBe('mailto:mei@harborline.xyz');
    expect(within(team).getByRole('link', { name: 'Telegram' }).getAttribute('href')).toBe('https://t.me/mei');
  });

  it('shows a detail error inline with a priced retry', async () => {
    const onLoadTeam = vi.fn();
    render(<CompanyCard price={5} record={aProject()} detail={{ status: 'error', message: 'Rate limited' }} onLoad={onLoadTeam} />);
    expect(screen.getByText(fullText(/Could not load team: Rate limited/))).toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry team · 5 credits' }));
    expect(onLoadTeam).toHaveBeenCalledOnce();
  });
});
