import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DeleteAllSection } from './delete-all-section';

function setup(props: Partial<Parameters<typeof DeleteAllSection>[0]> = {}) {
  const onDelete = vi.fn();
  render(<DeleteAllSection onDelete={onDelete} busy={false} error={null} privacyHref="/privacy.html" {...props} />);
  return { onDelete, user: userEvent.setup() };
}

describe('Delete all data', () => {
  it('deletes only after "Delete everything" in its dialog', async () => {
    const { onDelete, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete all data' }));
    expect(onDelete).not.toHaveBeenCalled();
    const dialog = screen.getByRole('dialog', { name: 'Delete all data' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete everything' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it.each([['Cancel'], ['Escape']])('%s closes the dialog and deletes nothing', async (how) => {
    const { onDelete, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Delete all data' }));
    if (how === 'Escape') await user.keyboard('{Escape}');
    else await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('links the privacy page, says it is deleting and shows why a deletion failed', () => {
    setup({ busy: true, error: 'Nothing more was deleted: some data may be left. crypto-directory-leads is still open in another page' });
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy.html');
    expect(screen.getByRole('button', { name: 'Delete all data' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Deleting');
    expect(screen.getByRole('alert')).toHaveTextContent('still open in another page');
  });
});
