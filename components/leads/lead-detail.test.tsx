import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Lead } from '@/lib/leads/lead';
import { aLeadWithSnapshot } from '@/tests/support/a-lead';
import { accountPrices, aMeter, aRevealRecord } from '@/tests/support/records';
import { LeadDetail, type LeadDetailProps } from './lead-detail';

const ada = aLeadWithSnapshot({ id: 'per_ada', hasEmail: true }, { tags: ['defi', 'fund'], cost: { credits: 15, estimated: false } });

function renderDetail(lead: Partial<Lead> = {}, overrides: Partial<LeadDetailProps> = {}) {
  const props: LeadDetailProps = {
    lead: { ...ada.lead, ...lead },
    snapshot: ada.snapshot,
    reveals: undefined,
    accountInUse: 'acc_pro',
    meter: aMeter({ prices: accountPrices({ person: 7, reveal: 12 }) }),
    today: '2026-11-27',
    revealing: false,
    onPatch: vi.fn(),
    onAddNote: vi.fn(),
    onRefresh: vi.fn(),
    onReveal: vi.fn(),
    onDelete: vi.fn(),
    onClose: vi.fn(),
    ...overrides,
  };
  render(<LeadDetail {...props} />);
  return { props, region: screen.getByRole('region', { name: 'Lead' }), user: userEvent.setup() };
}

describe('LeadDetail', () => {
  it.each([
    [{ credits: 15, estimated: false }, 'Paid 15 credits for this person'],
    [{ credits: 1, estimated: false }, 'Paid 1 credit for this person'],
    [{ credits: 20, estimated: true }, 'Paid 20 credits for this person (some of it may have been charged: an answer was lost)'],
  ])('what the person cost: %j → %s', (cost, text) => {
    const { region } = renderDetail({ cost });
    expect(within(region).getByText(text)).toBeVisible();
  });

  it.each([
    ['https://x.com/AdaQuant', 1],
    ['javascript:alert(1)', 0],
  ])('where it was saved: %s becomes %i link', (savedFrom, links) => {
    const { region } = renderDetail({ savedFrom });
    expect(within(region).queryAllByRole('link', { name: savedFrom })).toHaveLength(links);
    expect(within(region).getByText(savedFrom)).toBeVisible();
  });

  it.each([
    ['renamed on X: the handle it had before, and when it was seen so', ['ada', 'ada_eth'], true],
    ['seen under one handle only: no line', ['ada_eth'], false],
  ])('%s', (_, handles, shown) => {
    const at = [Date.UTC(2026, 10, 12, 12), Date.UTC(2026, 10, 27, 12)];
    const xAccount = { id: '1456432000471212032', handles: handles.map((handle, i) => ({ handle, at: at[i]! })) };
    const { region } = renderDetail({ xHandle: 'ada_eth', xAccount });
    expect(within(region).queryByText('X')?.nextElementSibling?.textContent ?? null).toBe(
      shown ? '@ada_eth, formerly @ada (seen Nov 12)' : null,
    );
  });

  it('says when the lead was saved under another account than the one in use', () => {
    const { region } = renderDetail({ accountId: 'acc_old' });
    expect(region).toHaveTextContent('under another API account than the one in use');
  });

  it('Do not contact: no reveal, and a note that says why', () => {
    const { region } = renderDetail({ status: 'do-not-contact' });
    expect(within(region).queryByRole('button', { name: 'Reveal contact…' })).toBeNull();
    expect(within(region).getByRole('note')).toHaveTextContent('Marked “Do not contact”');
  });

  it('Reveal opens the panel’s confirm dialog at the account’s price; only confirming reveals', async () => {
    const { region, props, user } = renderDetail();
    await user.click(within(region).getByRole('button', { name: 'Reveal contact…' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm reveal' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(props.onReveal).not.toHaveBeenCalled();
    await user.click(within(region).getByRole('button', { name: 'Reveal contact…' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Confirm reveal' })).getByRole('button', { name: 'Reveal for 12 credits' }));
    expect(props.onReveal).toHaveBeenCalledOnce();
  });

  it('tags are saved on Enter and when leaving the field, only when they changed', async () => {
    const { region, props, user } = renderDetail();
    const tags = within(region).getByRole('textbox', { name: 'Tags' });
    expect(tags).toHaveValue('defi, fund');
    await user.click(tags);
    await user.tab();
    expect(props.onPatch).not.toHaveBeenCalled();
    await user.type(tags, ', Berlin, DEFI{Enter}');
    expect(props.onPatch).toHaveBeenLastCalledWith({ tags: ['defi', 'fund', 'Berlin'] });
    await user.type(tags, ', q1');
    await user.tab();
    expect(props.onPatch).toHaveBeenCalledTimes(2);
  });

  it('the follow-up is saved when the date is whole, or cleared, never for a year still being typed', () => {
    const { region, props } = renderDetail({ followUpOn: '2026-11-01' });
    const field = within(region).getByLabelText('Follow up on');
    expect(field).toHaveValue('2026-11-01');
    for (const value of ['0002-12-01', '0020-12-01', '0202-12-01', '2026-12-01', '']) fireEvent.change(field, { target: { value } });
    expect(vi.mocked(props.onPatch).mock.calls).toEqual([[{ followUpOn: '2026-12-01' }], [{ followUpOn: null }]]);
  });

  it('notes: "Add note" sends the text and empties the box; blank adds nothing; the list is newest first', async () => {
    const notes = [
      { id: 'n1', at: Date.UTC(2026, 10, 1), text: 'first' },
      { id: 'n2', at: Date.UTC(2026, 10, 20), text: 'second' },
    ];
    const { region, props, user } = renderDetail({ notes });
    expect(
      within(within(region).getByRole('list', { name: 'Notes' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('second'), expect.stringContaining('first')]);
    await user.click(within(region).getByRole('button', { name: 'Add note' }));
    expect(props.onAddNote).not.toHaveBeenCalled();
    const note = within(region).getByRole('textbox', { name: 'Note' });
    await user.type(note, 'Call on Monday');
    await user.click(within(region).getByRole('button', { name: 'Add note' }));
    expect(props.onAddNote).toHaveBeenCalledWith('Call on Monday');
    expect(note).toHaveValue('');
  });

  it('channels revealed under another account are listed with their values, labelled so', () => {
    const other = aRevealRecord({ accountId: 'acc_old', channels: { email: 'ada@old.example', phone: null } });
    const { region } = renderDetail({}, { reveals: { inUse: null, other: [other] } });
    expect(within(region).getByRole('link', { name: 'ada@old.example' }).getAttribute('href')).toBe('mailto:ada@old.example');
    expect(region).toHaveTextContent('(revealed under another account, Jan 2, 2025)');
  });

  it('the card is dated from the snapshot, and says so when none is kept', () => {
    renderDetail({}, { snapshot: null });
    expect(screen.getByText('No saved record: refresh to keep one')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reveal contact…' })).toBeNull();
  });

  it('Escape closes it, except from a field (a tag being typed is not lost)', async () => {
    const { region, props, user } = renderDetail();
    await user.type(within(region).getByRole('textbox', { name: 'Tags' }), ', q1{Escape}');
    expect(props.onClose).not.toHaveBeenCalled();
    await user.click(within(region).getByRole('button', { name: 'Add note' }));
    await user.keyboard('{Escape}');
    expect(props.onClose).toHaveBeenCalledOnce();
  });
});
