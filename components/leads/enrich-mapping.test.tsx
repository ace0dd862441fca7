import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EnrichMapping } from './enrich-list';

describe('EnrichMapping', () => {
  it('shows each column as read, named by its header; a change is handed up with the column', async () => {
    const onKind = vi.fn();
    const user = userEvent.setup();
    render(
      <EnrichMapping
        columns={[
          { header: 'Name', kind: 'name' },
          { header: 'Twitter', kind: 'ignore' },
        ]}
        onKind={onKind}
        read={{
          rows: 40,
          unreadable: [{ line: 7, text: 'Bo \u202Eevil', why: 'a name alone cannot be matched: add the company' }],
          duplicates: 2,
        }}
      />,
    );
    const twitter = screen.getByRole('combobox', { name: 'Column 2: Twitter' });
    expect(twitter).toHaveValue('ignore');
    expect(screen.getByRole('combobox', { name: 'Column 1: Name' })).toHaveValue('name');
    await user.selectOptions(twitter, 'X handle or link');
    expect(onKind).toHaveBeenCalledWith(1, 'x');
    expect(screen.getByText('40 rows · 1 unreadable · 2 duplicates folded')).toBeVisible();
    const unreadable = screen.getByRole('list', { name: 'Unreadable rows' });
    // File text as text: the bidi override is gone.
    expect(within(unreadable).getByRole('listitem')).toHaveTextContent('Line 7: Bo evil — a name alone cannot be matched: add the company');
  });
});
