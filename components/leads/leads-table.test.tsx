import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { revealsByPerson } from '@/lib/leads/lead-reveals';
import { aLead } from '@/tests/support/a-lead';
import { aRevealRecord } from '@/tests/support/records';
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

  it('the follow-up column marks what is due (never "Do not contact")', () => {
    renderTable();
    expect(within(rowOf('Ada Lindqvist')).getByText('due')).toBeVisible();
    expect(within(rowOf('Bo Berg')).queryByText('due')).toBeNull();
    expect(rowOf('Bo Berg')).toHaveTextContent('Do not contact');
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

  it('beside an open lead: the title moves under the name and "Last activity" is left out', () => {
    renderTable({ compact: true, openId: 'per_ada' });
    expect(screen.queryByRole('columnheader', { name: 'Title' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: /Last activity/ })).toBeNull();
    expect(within(rowOf('Ada Lindqvist')).getByRole('rowheader')).toHaveTextContent('Founder & CEO');
    expect(screen.getByRole('button', { name: 'Ada Lindqvist' })).toHaveAttribute('aria-expanded', 'true');
  });
});
