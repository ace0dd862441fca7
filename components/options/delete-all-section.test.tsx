import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { StoredCounts } from '@/lib/privacy/delete-all-counts';
import { DeleteAllSection, type DeleteAllSectionProps } from './delete-all-section';

const WEEK: StoredCounts = { leads: 31, notes: 8, revealed: 2, spending: 12, cached: 40 };

/** The section as the options page holds it: the dialog's open state lives above it. */
function Section(props: Partial<DeleteAllSectionProps>) {
  const [open, setOpen] = useState(false);
  return (
    <DeleteAllSection
      open={open}
      onOpenChange={setOpen}
      stored={WEEK}
      held={{ apiKey: true, hubspot: false }}
      onBackUp={() => undefined}
      backingUp={false}
      backup={null}
      onDelete={() => undefined}
      busy={false}
      error={null}
      {...props}
    />
  );
}

function setup(props: Partial<DeleteAllSectionProps> = {}) {
  const onDelete = vi.fn();
  const onBackUp = vi.fn();
  const view = render(<Section onDelete={onDelete} onBackUp={onBackUp} {...props} />);
  const user = userEvent.setup();
  const openDialog = async () => {
    await user.click(screen.getByRole('button', { name: 'Delete all data' }));
    return screen.getByRole('dialog', { name: 'Delete all data' });
  };
  return { onDelete, onBackUp, user, openDialog, view };
}

describe('Delete all data', () => {
  it('names what it removes with counts before anything is deleted, then deletes on "Delete everything", a danger button', async () => {
    const { onDelete, user, openDialog } = setup();
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('31 leads, 8 notes, 2 revealed contacts');
    expect(dialog).toHaveTextContent('Also deleted: the spending history (12 entries), 40 cached answers, your API key and your settings.');
    expect(dialog).toHaveTextContent('It cannot be undone: revealing those contacts again costs credits.');
    // Focus starts on the safe choice.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(onDelete).not.toHaveBeenCalled();
    const destroy = within(dialog).getByRole('button', { name: 'Delete everything' });
    expect(destroy).toHaveClass('btn--danger');
    expect(destroy).not.toHaveClass('btn--primary');
    await user.click(destroy);
    expect(onDelete).toHaveBeenCalledTimes(1);
  });

  it.each([['Cancel'], ['Escape']])('%s closes the dialog and deletes nothing', async (how) => {
    const { onDelete, user, openDialog } = setup();
    await openDialog();
    if (how === 'Escape') await user.keyboard('{Escape}');
    else await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('says it is counting until the counts arrive, and shows them as they change', async () => {
    const { openDialog, view } = setup({ stored: undefined });
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('Counting what is stored…');
    expect(dialog).not.toHaveTextContent('leads,');
    view.rerender(<Section stored={{ ...WEEK, notes: 9 }} />);
    expect(screen.getByRole('dialog')).toHaveTextContent('31 leads, 9 notes, 2 revealed contacts');
    expect(screen.getByRole('dialog')).not.toHaveTextContent('Counting');
  });

  it('names everything without numbers when the counts cannot be read', async () => {
    const { openDialog } = setup({ stored: null, held: { apiKey: false, hubspot: true } });
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent(
      'Everything it keeps: your saved leads with their notes, revealed contacts, the spending history, cached answers, the HubSpot connection and your settings.',
    );
    expect(within(dialog).getByRole('button', { name: 'Back up leads first' })).toBeEnabled();
  });

  it('"Back up leads first" asks for the backup and keeps the dialog open; deleting waits while it is made', async () => {
    const { onBackUp, user, openDialog, view } = setup();
    const dialog = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Back up leads first' }));
    expect(onBackUp).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    view.rerender(<Section onBackUp={onBackUp} backingUp />);
    expect(within(dialog).getByRole('button', { name: 'Back up leads first' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Delete everything' })).toBeDisabled();

    view.rerender(<Section backup={{ tone: 'ok', text: 'Backed up 31 leads to leads-backup-2026-11-26.json.' }} />);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Backed up 31 leads to leads-backup-2026-11-26.json.');
    expect(within(dialog).getByRole('button', { name: 'Delete everything' })).toBeEnabled();

    view.rerender(<Section backup={{ tone: 'error', text: 'The leads could not be backed up (quota). Nothing was deleted.' }} />);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('could not be backed up');
  });

  it('offers no backup when there are no leads to back up', async () => {
    const { openDialog } = setup({ stored: { ...WEEK, leads: 0, notes: 0 } });
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('0 leads, 0 notes, 2 revealed contacts');
    expect(within(dialog).queryByRole('button', { name: 'Back up leads first' })).not.toBeInTheDocument();
  });

  it('links the privacy page, says it is deleting and shows why a deletion failed', () => {
    setup({ busy: true, error: 'Nothing more was deleted: some data may be left. crypto-directory-leads is still open in another page' });
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy.html');
    expect(screen.getByRole('button', { name: 'Delete all data' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Deleting');
    expect(screen.getByRole('alert')).toHaveTextContent('still open in another page');
  });
});
