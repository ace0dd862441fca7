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
  const onLookUp = vi.fn<(keys: string[], quoted: number, raise?: true) => Promise<string | null>>(() => Promise.resolve(null));
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
    expect(onLookUp).toHaveBeenCalledWith(['x:d', 'x:e', 'x:f', 'x:g', 'x:h'], 25, undefined);
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
    expect(onLookUp).toHaveBeenCalledWith(['x:d', 'x:e', 'x:f', 'x:g', 'x:h'], 45, undefined);
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

  const ada = { kind: 'person', id: 'p0', name: 'Ada Lindqvist', company: 'QuantLayer' } as const;
  const daniels = [
    { kind: 'person', id: 'p1', name: 'Daniel Okafor', company: 'Lumen Labs' },
    { kind: 'person', id: 'p2', name: 'Daniel Okafor', company: 'Sentinel Audits' },
  ] as const;
  const row = (over: Partial<PageRow>): PageRow => ({ key: 'li:x', person: { name: 'Nikolai Laurent' }, status: 'not-looked-up', ...over });
  it.each<[string, PageRow, string]>([
    [
      'not looked up: the page’s headline, which names the company',
      row({ person: { name: 'Nikolai Laurent', headline: 'Partner at Harborline', company: 'Harborline' } }),
      'Partner at Harborline — not looked up',
    ],
    [
      'not looked up: headline and the company it does not name',
      row({ person: { name: 'Nikolai Laurent', headline: 'Protocol engineer', company: 'Lumen Labs' } }),
      'Protocol engineer · Lumen Labs — not looked up',
    ],
    ['not looked up, nothing on the page', row({}), 'not looked up'],
    [
      'known: the record’s title and company',
      row({ status: 'known', record: { ...ada, title: 'Founder' } }),
      'Founder · QuantLayer — Known · 0 credits',
    ],
    [
      'known, at a defunct company: flagged',
      row({ status: 'known', record: { ...ada, title: 'Founder', company: 'Lumen Drift', lifecycle: 'defunct' } }),
      'Founder · Lumen Drift — Company recorded as no longer operating · Known · 0 credits',
    ],
    ['known, the record naming no title or company', row({ status: 'known', record: { ...ada, company: null } }), 'Known · 0 credits'],
    ['looking up, with the headline', row({ person: { name: 'N', headline: 'BD' }, status: 'looking-up' }), 'BD — Looking up…'],
    [
      'one candidate: "Check:"',
      row({ status: 'ambiguous', candidates: [ada] }),
      'Check: Ada Lindqvist, QuantLayer. Open their profile to pick.',
    ],
    [
      'several candidates, never a guess',
      row({ status: 'ambiguous', candidates: [...daniels] }),
      'Several people fit: Daniel Okafor, Lumen Labs; Daniel Okafor, Sentinel Audits. Open their profile to pick.',
    ],
  ])('a row %s', (_, r, text) => {
    const { region } = setup([r]);
    expect(within(region).getByRole('listitem')).toHaveTextContent(`${r.person.name} ${text}`);
  });

  it('a known row shows the channels its record has on file', () => {
    const a = known('a', 'per_a');
    const { region } = setup([
      { ...a, record: { ...a.record!, channels: { hasEmail: true, hasPhone: false, hasTelegram: true, hasLinkedin: null } } },
    ]);
    const flags = within(region).getByRole('list', { name: 'Channels on file for N a' });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['✓ Email on file', '✕ Phone not on file', '✓ Telegram on file', '? LinkedIn unknown']);
  });

  it('a name with a right-to-left override cannot reverse its row: controls removed, the name in its own <bdi>', () => {
    const { region } = setup([
      row({ person: { name: 'Mira \u202Eraflako\u202C', handle: 'mira_designs', headline: 'Designer \u2067at\u2069 Okafor' } }),
    ]);
    const item = within(region).getByRole('listitem');
    expect(item.textContent).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect([...item.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual(['Mira raflako', 'mira_designs', 'Designer at Okafor']);
    expect(within(region).getByRole('checkbox', { name: 'Mira raflako' })).toBeInTheDocument();
  });

  // 5 unknown rows at 5 credits: n lookups hold (n − 1) × 5 + 10 of today's budget and cost 5n of the balance.
  it.each<[string, Partial<CreditMeter>, string | null, string | null, string[]]>([
    ['20 left today', { remainingToday: 20 }, '+50 today and look up · 25 credits', 'Look up the 3 that fit · 15 credits', ['d', 'e', 'f']],
    [
      '29 left today',
      { remainingToday: 29 },
      '+50 today and look up · 25 credits',
      'Look up the 4 that fit · 20 credits',
      ['d', 'e', 'f', 'g'],
    ],
    ['9 left today: none fits', { remainingToday: 9 }, '+50 today and look up · 25 credits', null, []],
    ['a balance of 12: the budget is not what refuses', { balance: 12 }, null, 'Look up the 2 that fit · 10 credits', ['d', 'e']],
    ['a balance of 7', { balance: 7 }, null, 'Look up the 1 that fits · 5 credits', ['d']],
  ])(
    'a refusal with %s offers the raise only when it makes room, and the rows that fit at their price',
    async (_, over, raise, fit, keys) => {
      const { region, onLookUp } = setup(EIGHT, new Map(), specMeter(over));
      await userEvent.click(within(region).getByRole('button', { name: 'Select all not known' }));
      const offers = within(region)
        .getAllByRole('button')
        .map((b) => b.textContent)
        .filter((t) => /today|that fit/.test(t ?? ''));
      expect(offers).toEqual([raise, fit].filter(Boolean));
      if (fit) {
        await userEvent.click(within(region).getByRole('button', { name: fit }));
        expect(onLookUp).toHaveBeenLastCalledWith(
          keys.map((k) => `x:${k}`),
          keys.length * 5,
          undefined,
        );
      }
      if (raise) {
        await userEvent.click(within(region).getByRole('button', { name: raise }));
        expect(onLookUp).toHaveBeenLastCalledWith(['x:d', 'x:e', 'x:f', 'x:g', 'x:h'], 25, true);
      }
    },
  );

  it('a list page with no rows it recognises says so', () => {
    const { region } = setup([]);
    expect(within(region).getByText('No people found on this page')).toBeVisible();
    expect(within(region).queryByRole('checkbox')).toBeNull();
  });
});
