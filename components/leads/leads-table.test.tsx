import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { revealsByPerson } from '@/lib/leads/lead-reveals';
import { aLead } from '@/tests/support/a-lead';
import { aProject, aRevealRecord } from '@/tests/support/records';
import { LeadsTable, type LeadsTableProps } from './leads-table';

const ada = aLead(
  { id: 'per_ada', firstName: 'Ada', lastName: 'Lindqvist', hasEmail: true, hasPhone: true, hasTelegram: false, hasLinkedin: false },
  { followUpOn: '2026-11-20' },
);
const bo = aLead(
  { id: 'per_bo', firstName: 'Bo', lastName: 'Berg', hasEmail: false, hasPhone: false, hasTelegram: false, hasLinkedin: false },
  { status: 'do-not-contact', followUpOn: '2026-11-01' },
);

function renderTable(overrides: Partial<LeadsTableProps> = {}) {
  const props: LeadsTableProps = {
    rows: [ada, bo],
    matching: 2,
    selected: new Set(),
    reveals: new Map(),
    today: '2026-11-26',
    sort: 'activity',
    openId: null,
    onSelect: vi.fn(),
    onOpen: vi.fn(),
    showMoreCount: 0,
    ...overrides,
  };
  render(<LeadsTable {...props} />);
  return { props, table: screen.getByRole('table', { name: 'Leads' }), user: userEvent.setup() };
}
const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

describe('LeadsTable', () => {
  it('one row per lead with its name as the row header, and the rows it does not draw counted', () => {
    const { table } = renderTable({ matching: 250 });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(table.getAttribute('aria-rowcount')).toBe('251');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((h) => h.textContent),
    ).toEqual(['Ada Lindqvist@AdaQuant', 'Bo Berg@AdaQuant']);
  });

  it.each([
    ['activity', 'Last activity', 'descending'],
    ['name', 'Name', 'ascending'],
    ['follow-up', 'Follow-up', 'ascending'],
  ] as const)('sorted by %s: the column "%s" says %s', (sort, column, order) => {
    renderTable({ sort });
    expect(screen.getByRole('columnheader', { name: column }).getAttribute('aria-sort')).toBe(order);
    expect(document.querySelectorAll('th[aria-sort]')).toHaveLength(1);
  });

  it('the follow-up column says in words what is overdue and what is due today (never for "Do not contact")', () => {
    const cy = aLead({ id: 'per_cy', firstName: 'Cy', lastName: 'Lund' }, { followUpOn: '2026-11-26' });
    const later = aLead({ id: 'per_di', firstName: 'Di', lastName: 'Moe' }, { followUpOn: '2026-11-27' });
    renderTable({ rows: [ada, bo, cy, later] });
    const followUp = (name: string) => rowOf(name).querySelector('td:last-child')!;
    expect(followUp('Ada Lindqvist')).toHaveTextContent('Nov 20, 2026 overdue 6 d');
    expect(within(rowOf('Ada Lindqvist')).getByText('overdue 6 d')).toHaveClass('chip--overdue');
    expect(followUp('Cy Lund')).toHaveTextContent('Nov 26, 2026 due today');
    expect(within(rowOf('Cy Lund')).getByText('due today')).toHaveClass('chip--due');
    expect(followUp('Di Moe')).toHaveTextContent(/^Nov 27, 2026$/);
    expect(followUp('Bo Berg')).toHaveTextContent(/^Nov 1, 2026$/);
    expect(rowOf('Bo Berg')).toHaveTextContent('Do not contact');
  });

  it('names, handles, titles, companies and tags carry their whole text as a title (a word too long for its column ends in "…")', () => {
    const long = aLead(
      {
        id: 'per_long',
        firstName: 'Maximiliana',
        lastName: 'Vandersteenhoven-Lindqvist',
        twitterHandle: 'MaxVandersteenhoven_',
        jobTitle: 'Head of Business Development',
        company: aProject({ name: 'QuantLayerFoundationResearch' }),
      },
      { tags: ['token2049-singapore'] },
    );
    renderTable({ rows: [long] });
    const row = rowOf('Maximiliana');
    for (const text of [
      'Maximiliana Vandersteenhoven-Lindqvist',
      '@MaxVandersteenhoven_',
      'Head of Business Development',
      'QuantLayerFoundationResearch',
      'token2049-singapore',
    ])
      expect(row.querySelector(`[title="${text}"]`)).toHaveTextContent(text);
    expect(screen.getByRole('button', { name: 'Maximiliana Vandersteenhoven-Lindqvist' })).toBeVisible();
  });

  it('channels: on file, revealed here, revealed under another account', () => {
    const reveals = revealsByPerson(
      [aRevealRecord({ accountId: 'acc_old', personId: 'per_ada', channels: { email: 'ada@old.example', phone: null } })],
      'acc_pro',
    );
    renderTable({ reveals });
    expect(within(rowOf('Ada Lindqvist')).getByRole('list', { name: 'Channels' })).toHaveTextContent(
      'Email revealed under another accountPhone on file',
    );
    expect(within(rowOf('Bo Berg')).queryByRole('list', { name: 'Channels' })).toBeNull();
  });

  it('selection: one row by its person’s name, or every row drawn; the header box is mixed when some are', async () => {
    const { props, user } = renderTable({ selected: new Set(['per_ada']) });
    const all = screen.getByRole('checkbox', { name: 'Select all shown leads' }) as HTMLInputElement;
    expect(all.indeterminate).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Select Bo Berg' }));
    expect(props.onSelect).toHaveBeenLastCalledWith(['per_bo'], true);
    await user.click(all);
    expect(props.onSelect).toHaveBeenLastCalledWith(['per_ada', 'per_bo'], true);
  });

  it('the name opens the lead; "Show more" only when more match than are drawn', async () => {
    const onShowMore = vi.fn();
    const { props, user } = renderTable({ matching: 150, onShowMore, showMoreCount: 100 });
    await user.click(screen.getByRole('button', { name: 'Ada Lindqvist' }));
    expect(props.onOpen).toHaveBeenCalledWith('per_ada');
    expect(screen.getByText('Showing 2 of 150 leads.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Show 100 more' }));
    expect(onShowMore).toHaveBeenCalledOnce();
  });

  it('compact (beside an open lead, or narrow): the title moves under the name, the tags under the company, "Last activity" is left out', () => {
    renderTable({ compact: true, openId: 'per_ada', rows: [{ ...ada, tags: ['defi', 'token2049'] }, bo] });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name', 'Company', 'Status', 'Channels', 'Follow-up']);
    expect(within(rowOf('Ada Lindqvist')).getByRole('rowheader')).toHaveTextContent('Founder & CEO');
    const company = rowOf('Ada Lindqvist').querySelectorAll('td')[1]!;
    expect(within(company).getByRole('list', { name: 'Tags' })).toHaveTextContent('defitoken2049');
    expect(within(rowOf('Bo Berg')).queryByRole('list', { name: 'Tags' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Ada Lindqvist' })).toHaveAttribute('aria-expanded', 'true');
  });
});
