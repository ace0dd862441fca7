import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TeamList } from './team-list';
import { aPerson } from '@/tests/support/records';

const flagsText = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((li) => li.textContent?.replace(/^[^A-Za-z]+/, ''));

describe('TeamList (team, coworkers)', () => {
  it('a locked row shows its channels on file as flags, never values', () => {
    render(
      <TeamList
        label="Team"
        people={[aPerson({ id: 'per_tomas', firstName: 'Tomas', lastName: 'Reyes', hasLinkedin: true, hasPhone: false })]}
      />,
    );
    const team = screen.getByRole('list', { name: 'Team' });
    expect(within(team).getByRole('link', { name: '@AdaQuant' })).toBeTruthy();
    expect(flagsText(within(team).getByRole('list', { name: 'Channels on file for Tomas Reyes' }))).toEqual([
      'Email on file',
      'Phone not on file',
      'Telegram on file',
      'LinkedIn on file',
    ]);
    expect(team.querySelector('img')).toBeNull();
  });

  it('an unlocked row shows the channels the API returned as links instead', () => {
    render(
      <TeamList
        label="Coworkers"
        people={[aPerson({ id: 'per_mei', firstName: 'Mei', lastName: 'Tanaka', email: 'mei@harborline.xyz', isLocked: false })]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Coworkers' });
    expect(within(list).getByRole('link', { name: 'Email' }).getAttribute('href')).toBe('mailto:mei@harborline.xyz');
    expect(within(list).queryByRole('list', { name: /Channels on file/ })).toBeNull();
  });

  it('a row whose flags are all unknown shows no flags at all', () => {
    render(<TeamList label="Team" people={[aPerson({ hasEmail: null, hasPhone: null, hasTelegram: null, hasLinkedin: null })]} />);
    expect(screen.queryByRole('list', { name: /Channels on file/ })).toBeNull();
  });
});

describe('TeamList: saving rows as leads', () => {
  const people = [
    aPerson({ id: 'per_tomas', firstName: 'Tomas', lastName: 'Reyes' }),
    aPerson({ id: 'per_mei', firstName: 'Mei', lastName: 'Tanaka' }),
    // No name: the row shows the handle, and so does its button.
    aPerson({ id: 'per_anon', firstName: null, lastName: null, twitterHandle: 'anon_dev' }),
  ];

  it('"Save {name} as lead" on each row sends that person; a lead shows "Saved · {status}" instead', async () => {
    const onSave = vi.fn();
    render(<TeamList label="Coworkers" people={people} leads={{ saved: new Map([['per_mei', 'replied']]), onSave }} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save Tomas Reyes as lead' }));
    await user.click(screen.getByRole('button', { name: 'Save @anon_dev as lead' }));
    expect(onSave.mock.calls).toEqual([['per_tomas'], ['per_anon']]);
    const mei = screen.getByText('Saved · Replied').closest('li')!;
    expect(within(mei).getByText('Mei Tanaka')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save Mei Tanaka as lead' })).toBeNull();
  });

  it('a failed save shows its message on that row only', () => {
    render(
      <TeamList
        label="Team"
        people={people}
        leads={{ saved: new Map(), errors: new Map([['per_tomas', 'Nothing was saved.']]), onSave: vi.fn() }}
      />,
    );
    const tomas = screen.getByRole('button', { name: 'Save Tomas Reyes as lead' }).closest('li')!;
    expect(within(tomas).getByRole('status').textContent).toBe('Not saved: Nothing was saved.');
    expect(screen.getAllByRole('status').filter((s) => s.textContent !== '')).toHaveLength(1);
  });

  it('marks without a save action still show; no leads prop: neither', () => {
    const { unmount } = render(<TeamList label="Team" people={people} leads={{ saved: new Map([['per_tomas', 'won']]) }} />);
    expect(screen.getByText('Saved · Won')).toBeVisible();
    expect(screen.queryByRole('button', { name: /as lead$/ })).toBeNull();
    unmount();
    render(<TeamList label="Team" people={people} />);
    expect(screen.queryByText(/^Saved/)).toBeNull();
    expect(screen.queryByRole('button', { name: /as lead$/ })).toBeNull();
  });
});
