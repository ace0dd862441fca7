import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SelectionActions } from '@/components/prospect/selection-actions';
import { PeopleOnPage } from '@/components/sidepanel/people-on-page';
import type { TagChoices } from '@/lib/leads/lead-store';
import { aPerson } from '@/tests/support/records';

const CHOICES: TagChoices = { tags: ['defi', 'Token2049'], last: 'Token2049' };

function prospectActions(tagChoices: TagChoices | undefined) {
  const onSave = vi.fn<(tag: string) => Promise<unknown>>(() => Promise.resolve());
  const props = {
    selectedPeople: [aPerson({ id: 'p1' }), aPerson({ id: 'p2' })],
    allPeople: [],
    teamsToLoad: [],
    teamPrice: 5,
    sample: false,
    save: onSave,
    loadTeams: vi.fn(),
    exportPeople: vi.fn(),
  };
  const view = render(<SelectionActions {...props} tagChoices={tagChoices} />);
  return { onSave, rerender: (c: TagChoices) => view.rerender(<SelectionActions {...props} tagChoices={c} />) };
}

const tagBox = () => screen.getByRole('combobox', { name: 'Tag' });

describe('the "Tag" beside "Save as leads"', () => {
  it('offers the tags in use and starts at the last one saved with', () => {
    prospectActions(CHOICES);
    expect(tagBox()).toHaveValue('Token2049');
    const list = document.getElementById(tagBox().getAttribute('list')!)!;
    expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual(['defi', 'Token2049']);
  });

  it.each([
    // what the rep types over "Token2049" → the tag "Save as leads" carries
    ['{Backspace>9}', ''],
    ['{Backspace>9}Berlin', 'Berlin'],
    ['', 'Token2049'],
  ])('typing %j saves with %j', async (keys, saved) => {
    const { onSave } = prospectActions(CHOICES);
    if (keys) await userEvent.type(tagBox(), keys);
    await userEvent.click(screen.getByRole('button', { name: 'Save as leads' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith(saved);
  });

  it('empty until the choices are read, then the last one; what the rep typed is kept', async () => {
    const { rerender } = prospectActions(undefined);
    expect(tagBox()).toHaveValue('');
    rerender(CHOICES);
    expect(tagBox()).toHaveValue('Token2049');
    await userEvent.type(tagBox(), '{Backspace>9}Q4');
    rerender({ tags: ['defi', 'Token2049', 'Berlin'], last: 'Berlin' });
    expect(tagBox()).toHaveValue('Q4');
  });

  it('on "People on this page", a tag lets people already saved be saved again to get it', async () => {
    const onSave = vi.fn<(ids: string[], tag: string) => Promise<unknown>>(() => Promise.resolve());
    const row = {
      key: 'x:a',
      person: { name: 'N a', handle: 'a' },
      status: 'known' as const,
      record: { kind: 'person' as const, id: 'per_a', name: 'N a' },
    };
    render(
      <PeopleOnPage
        state={{ tabId: 1, url: 'https://x.com/MeridianVC/followers', site: 'x', rows: [row] }}
        meter={null}
        saved={new Map([['per_a', 'contacted']])}
        onLookUp={vi.fn()}
        onSave={onSave}
        tagChoices={{ tags: [], last: '' }}
      />,
    );
    const region = screen.getByRole('region', { name: 'People on this page' });
    await userEvent.click(within(region).getByRole('checkbox', { name: 'N a' }));
    const save = within(region).getByRole('button', { name: 'Save as leads' });
    expect(save).toBeDisabled();
    await userEvent.type(within(region).getByRole('combobox', { name: 'Tag' }), 'Token2049');
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledExactlyOnceWith(['per_a'], 'Token2049');
  });
});
