import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Lead } from '@/lib/leads/lead';
import { aLead } from '@/tests/support/a-lead';
import { LeadEditor, type LeadEditorProps } from './lead-editor';

const ada = aLead({ id: 'per_ada' }, { status: 'new' });

function renderEditor(overrides: Partial<LeadEditorProps> = {}) {
  const props: LeadEditorProps = {
    lead: ada,
    today: '2026-11-27',
    onPatch: vi.fn(),
    onAddNote: vi.fn(),
    message: null,
    ...overrides,
  };
  render(<LeadEditor {...props} />);
  return { props, user: userEvent.setup() };
}

describe('LeadEditor', () => {
  it('"Saved · New" is a collapsed button that opens the fields in place, focus on Status', async () => {
    const { user } = renderEditor();
    const toggle = screen.getByRole('button', { name: 'Saved · New' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('group', { name: 'Edit lead' })).toBeNull();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const group = screen.getByRole('group', { name: 'Edit lead' });
    expect(within(group).getByRole('combobox', { name: 'Status' })).toHaveFocus();
    for (const name of ['Follow up on', 'Tags', 'Note']) expect(within(group).getByLabelText(name)).toBeVisible();
    await user.click(toggle);
    expect(screen.queryByRole('group', { name: 'Edit lead' })).toBeNull();
    // Escape from inside the fields folds them and gives focus back to the toggle.
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Edit lead' })).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('each field says what changed: status, a quick follow-up, tags on Enter, a note', async () => {
    const { props, user } = renderEditor();
    await user.click(screen.getByRole('button', { name: 'Saved · New' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Contacted');
    await user.click(screen.getByRole('button', { name: 'In 3 days' }));
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'defi, fund{Enter}');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Telegram’d, follow up Friday');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(vi.mocked(props.onPatch).mock.calls).toEqual([
      [{ status: 'contacted' }],
      [{ followUpOn: '2026-11-30' }],
      [{ tags: ['defi', 'fund'] }],
    ]);
    expect(props.onAddNote).toHaveBeenCalledWith('Telegram’d, follow up Friday');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('');
  });

  it('not saved: "Save lead"; the save opens the fields once the lead is there', async () => {
    function Harness() {
      const [lead, setLead] = useState<Lead | null>(null);
      return (
        <LeadEditor lead={lead} today="2026-11-27" onSave={async () => setLead(ada)} onPatch={vi.fn()} onAddNote={vi.fn()} message={null} />
      );
    }
    render(<Harness />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save lead' }));
    expect(await screen.findByRole('group', { name: 'Edit lead' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Saved · New' })).toHaveAttribute('aria-expanded', 'true');
  });

  it.each([
    [{ lead: undefined }, 0],
    [{ lead: null, onSave: undefined }, 0],
  ])('%j draws no control', (overrides, buttons) => {
    renderEditor(overrides);
    expect(screen.queryAllByRole('button')).toHaveLength(buttons);
  });

  it('a failed save is said; the last note and the follow-up show with the status', async () => {
    renderEditor({ lead: null, onSave: vi.fn(), saveError: 'the record is gone' });
    expect(screen.getByRole('status')).toHaveTextContent('Not saved: the record is gone');
  });

  it('the follow-up day shows on the button; the newest note under the fields; Undo on a message', async () => {
    const onUndo = vi.fn();
    const lead = {
      ...ada,
      status: 'contacted' as const,
      followUpOn: '2026-11-30',
      notes: [
        { id: 'a', at: Date.UTC(2026, 10, 20), text: 'Met at Devcon' },
        { id: 'b', at: Date.UTC(2026, 10, 27), text: 'Messaged on Telegram' },
      ],
    };
    const { user } = renderEditor({ lead, message: { id: 1, text: 'Recorded.', onUndo } });
    const toggle = screen.getByRole('button', { name: /^Saved · Contacted · follow up Nov 30, 2026/ });
    await user.click(toggle);
    expect(screen.getByText('Messaged on Telegram')).toBeVisible();
    expect(screen.getByText(/2 in all/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onUndo).toHaveBeenCalledOnce();
  });
});
