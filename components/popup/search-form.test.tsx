import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SearchForm } from './search-form';

describe('SearchForm', () => {
  it('does not search while typing, only on Enter', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<SearchForm price={5} onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search the directory' });
    await user.type(box, 'Ada Lindqvist');
    expect(onSearch).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledWith('Ada Lindqvist');
  });

  it('searches with the priced button, trimmed', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<SearchForm price={5} onSearch={onSearch} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search the directory' }), '  QuantLayer  ');
    await user.click(screen.getByRole('button', { name: 'Search · 5 credits' }));
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('QuantLayer');
  });

  it('refuses an empty query without a call', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<SearchForm price={5} onSearch={onSearch} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search the directory' }), '   {Enter}');
    expect(onSearch).not.toHaveBeenCalled();
    expect(screen.getByRole('status').textContent).toMatch(/type a name/i);
  });

  it('ignores Enter while a search is in flight (nothing paid twice)', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<SearchForm price={5} onSearch={onSearch} busy />);
    await user.type(screen.getByRole('searchbox', { name: 'Search the directory' }), 'ada{Enter}{Enter}');
    expect(onSearch).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Search · 5 credits' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
