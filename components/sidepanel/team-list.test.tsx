import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
