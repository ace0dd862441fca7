import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AccountSummary } from './account-summary';
import { aMeter, anAccount } from '@/tests/support/records';

/** The <dd> next to a <dt> in the Account region. */
function fact(term: string, scope: HTMLElement = screen.getByRole('region', { name: 'Account' })): string {
  const dt = within(scope).getAllByText(term, { selector: 'dt' })[0];
  return dt?.nextElementSibling?.textContent ?? '';
}

describe('AccountSummary', () => {
  it('shows who the key belongs to: name, email, organisation, tier, balance, key and API version', () => {
    render(<AccountSummary prices={{ search: 5, reveal: 10 }} account={anAccount()} baseUrl="http://127.0.0.1:8787" />);
    expect(fact('Name')).toBe('Priya Pro');
    expect(fact('Email')).toBe('pro@example.com');
    expect(fact('Organisation')).toBe('Acme Listings');
    expect(fact('Tier')).toBe('pro');
    expect(fact('Balance')).toBe('6,000 credits');
    expect(fact('Sample mode')).toBe('Off');
    expect(fact('API version')).toBe('1.5.0');
    expect(fact('Label')).toBe('Pro laptop');
    expect(fact('Prefix')).toBe('test_p…');
    expect(fact('Environment')).toBe('live');
    expect(screen.getByRole('note', { name: 'Sample mode' }).textContent).toMatch(/live data/);
    expect(screen.queryByRole('note', { name: 'Missing read:contacts' })).toBeNull();
  });

  it('explains sample mode for a free key below a call’s price', () => {
    render(
      <AccountSummary
        prices={{ search: 5, reveal: 10 }}
        account={anAccount({ tier: 'free', sampleMode: true, creditsBalance: 0 })}
        baseUrl="http://127.0.0.1:8787"
      />,
    );
    expect(fact('Tier')).toBe('free');
    expect(fact('Sample mode')).toBe('On');
    const note = screen.getByRole('note', { name: 'Sample mode' }).textContent ?? '';
    expect(note).toContain('NOT REAL DATA');
    expect(note).toMatch(/fewer credits \(0\) than a call costs \(5\)/);
    expect(note).toMatch(/Add credits .* to get live data/);
  });

  it('explains an empty paid balance: refused, not sampled', () => {
    render(
      <AccountSummary
        prices={{ search: 5, reveal: 10 }}
        account={anAccount({ tier: 'starter', creditsBalance: 0 })}
        baseUrl="http://127.0.0.1:8787"
      />,
    );
    expect(screen.getByRole('note', { name: 'Sample mode' }).textContent).toMatch(
      /^Out of credits: .*refuses its calls \(402\) and charges nothing/,
    );
  });

  it('explains a key without read:contacts: cards work, reveals are refused', () => {
    render(
      <AccountSummary
        prices={{ search: 5, reveal: 10 }}
        account={anAccount({}, { scopes: ['read:metadata'] })}
        baseUrl="http://127.0.0.1:8787"
      />,
    );
    const note = screen.getByRole('note', { name: 'Missing read:contacts' }).textContent ?? '';
    expect(note).toMatch(/cards and searches work, but reveals are refused/);
    expect(within(screen.getByRole('list', { name: 'Scopes' })).getAllByRole('listitem')).toHaveLength(1);
  });

  it('lists the prices from /v1/me', () => {
    render(<AccountSummary prices={{ search: 5, reveal: 10 }} account={anAccount()} baseUrl="http://127.0.0.1:8787" />);
    const table = screen.getByRole('table', { name: 'Prices (credits per call)' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.children).map((c) => c.textContent))).toEqual([
      ['GET /v1/me', 'Account identity', '0'],
      ['GET /v1/search', 'Search people and projects', '5'],
      ['GET /v1/people/{id}?include=private', 'Reveal a contact', '10'],
    ]);
  });

  it('says when /v1/me named an address the key may never go to', () => {
    render(
      <AccountSummary
        prices={{ search: 5, reveal: 10 }}
        account={anAccount()}
        baseUrl="http://127.0.0.1:8787"
        refusedBaseUrl="http://api-mirror.localhost:8787"
      />,
    );
    const note = screen.getByRole('note', { name: 'API address not followed' }).textContent ?? '';
    expect(note).toContain('http://api-mirror.localhost:8787');
    expect(note).toContain('keeps calling http://127.0.0.1:8787');
  });

  it('prefers the live meter balance over the identity snapshot', () => {
    render(<AccountSummary prices={{ search: 5, reveal: 10 }} account={anAccount()} baseUrl="http://127.0.0.1:8787" meter={aMeter()} />);
    expect(fact('Balance')).toBe('5,990 credits');
  });

  it('dates the meter balance when it was read a while ago, as the meter does', () => {
    const at = new Date(2025, 10, 27, 16, 24).getTime();
    render(
      <AccountSummary
        prices={{ search: 5, reveal: 10 }}
        account={anAccount()}
        baseUrl="http://127.0.0.1:8787"
        meter={aMeter({ balanceAt: at })}
      />,
    );
    expect(fact('Balance')).toBe('5,990 credits · as of Nov 27, 4:24 PM');
  });
});
