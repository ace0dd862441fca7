import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LEAD_STATUSES } from '@/lib/leads/lead';
import { SaveLead } from './save-lead';

describe('SaveLead', () => {
  it.each(LEAD_STATUSES.map((s) => [s.id, `Saved · ${s.label}`] as const))('saved as %s: "%s", no button', (status, text) => {
    render(<SaveLead saved={status} onSave={vi.fn()} label="Save lead" />);
    expect(screen.getByText(text)).toBeVisible();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a row: visible "Save", named "Save {name} as lead" (the name starts with what it shows)', () => {
    render(<SaveLead onSave={vi.fn()} label="Save Ada Lindqvist as lead" text="Save" />);
    const button = screen.getByRole('button', { name: 'Save Ada Lindqvist as lead' });
    expect(button.textContent).toBe('Save');
  });

  it('a double click saves once while the answer is on its way; then it can be sent again', async () => {
    let answer: () => void = () => undefined;
    const onSave = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    render(<SaveLead onSave={onSave} label="Save lead" />);
    const user = userEvent.setup();
    await user.dblClick(screen.getByRole('button', { name: 'Save lead' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Save lead' }).getAttribute('aria-disabled')).toBe('true');
    await act(async () => answer());
    await user.click(screen.getByRole('button', { name: 'Save lead' }));
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('once saved, focus moves from the button to the mark (a keyboard user is not dropped)', async () => {
    const { rerender } = render(<SaveLead onSave={vi.fn()} label="Save lead" />);
    const user = userEvent.setup();
    await user.tab();
    await user.keyboard('{Enter}');
    rerender(<SaveLead saved="new" onSave={vi.fn()} label="Save lead" />);
    expect(document.activeElement).toBe(screen.getByText('Saved · New'));
  });

  it('a mark that was there from the start takes no focus', () => {
    render(<SaveLead saved="won" label="Save lead" />);
    expect(document.activeElement).toBe(document.body);
  });

  it('a failed save says why in a polite live region that was there before the message', () => {
    const { rerender } = render(<SaveLead onSave={vi.fn()} label="Save lead" />);
    const region = screen.getByRole('status');
    expect(region.textContent).toBe('');
    rerender(<SaveLead onSave={vi.fn()} label="Save lead" error="No API key yet." />);
    expect(screen.getByRole('status')).toBe(region);
    expect(region.textContent).toBe('Not saved: No API key yet.');
    expect(screen.getByRole('button', { name: 'Save lead' })).toBeVisible();
  });

  it('neither saved nor savable (a sample row): nothing at all', () => {
    const { container } = render(<SaveLead label="Save lead" />);
    expect(container.innerHTML).toBe('');
  });
});
