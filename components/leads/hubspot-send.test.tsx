import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CrmCandidate, CrmPlan, CrmPlanItem } from '@/lib/crm/crm';
import { aCandidate, aPlanItem } from '@/tests/support/crm-plan';
import { HubSpotSendButton, HubSpotSendDialog, type HubSpotSendStep } from './hubspot-send';

const candidate = (contactId: string, over: Partial<CrmCandidate> = {}) => aCandidate({ contactId, ...over });
const item = (personId: string, name: string, action: CrmPlanItem['action'], over: Partial<CrmPlanItem> = {}) =>
  aPlanItem({ personId, name, action, ...over });

/** A teammate's Mei found by name + company, two Jonas Bergs, a lead of ours whose status a teammate moved, and the rest. */
const plan: CrmPlan = {
  items: [
    item('per_new', 'Ana Silva', 'create', { newCompany: 'silva.example' }),
    item('per_mei', 'Mei Tanaka', 'link', { contact: candidate('11'), matchedBy: 'name' }),
    item('per_jonas', 'Jonas Berg', 'choose', {
      candidates: [
        candidate('21', { name: 'Jonas Berg', email: 'jonas@harborline.example', owner: 'Mia Owner' }),
        candidate('22', { name: 'Jonas Berg', email: null, jobTitle: 'CTO', owner: null }),
      ],
    }),
    item('per_dario', 'Dario Rossi', 'update', {
      contact: candidate('31', { name: 'Dario Rossi' }),
      matchedBy: 'kept',
      conflicts: [{ field: 'leadStatus', theirs: 'In Progress', ours: 'New' }],
    }),
    item('per_same', 'Lia Chen', 'skip', { contact: candidate('41', { name: 'Lia Chen' }), matchedBy: 'kept' }),
    item('per_dnc', 'Tom Ng', 'blocked'),
  ],
};

function setup(step: HubSpotSendStep) {
  const props = { step, onSend: vi.fn(), onClose: vi.fn() };
  const view = render(<HubSpotSendDialog {...props} />);
  return { props, view, dialog: screen.getByRole('dialog', { name: 'Send to HubSpot' }) };
}

describe('HubSpotSendDialog', () => {
  it('names every lead under what the send does; a name-only match is linked by default, two same-name contacts wait', () => {
    const { dialog } = setup({ at: 'plan', plan });
    expect(dialog).toHaveTextContent(
      'Create 1 contact, link 1 to existing, update 1, skip 1 already identical, create 1 company, 1 needs your choice. 1 lead is marked “Do not contact”: left out of the CRM send.',
    );
    const lists = within(dialog).getByRole('region', { name: 'Leads in this send' });
    const list = (heading: string) =>
      within(within(lists).getByRole('group', { name: heading }))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(list('Create (1)')).toEqual(['Ana Silva — create']);
    expect(list('Link to existing (1)')).toEqual(['Mei Tanaka — link to existing (owner Mia Owner)']);
    expect(list('Update (1)')).toEqual(['Dario Rossi — update']);
    expect(list('Already identical (1)')).toEqual(['Lia Chen — already identical']);
    expect(list('Needs your choice (1)')).toEqual(['Jonas Berg — needs your choice']);

    const mei = within(dialog).getByRole('radiogroup', { name: 'Which contact is Mei Tanaka?' });
    expect(
      within(mei).getByRole('radio', { name: 'Mei Tanaka · Head of BD · Harborline · mei@harborline.example · owner Mia Owner' }),
    ).toBeChecked();
    expect(within(mei).getByRole('radio', { name: 'Create a new contact' })).not.toBeChecked();
    const jonas = within(dialog).getByRole('radiogroup', { name: 'Which contact is Jonas Berg?' });
    expect(
      within(jonas)
        .getAllByRole('radio')
        .filter((r) => (r as HTMLInputElement).checked),
    ).toEqual([]);
    expect(
      within(jonas)
        .getAllByRole('radio')
        .map((r) => r.closest('label')?.textContent?.trim()),
    ).toEqual([
      'Jonas Berg · Head of BD · Harborline · jonas@harborline.example · owner Mia Owner',
      'Jonas Berg · CTO · Harborline · no owner',
      'Create a new contact',
    ]);
    // The questions come before the lists (a long send keeps them together at the top).
    const choices = within(dialog).getByRole('region', { name: 'Your choices' });
    expect(choices.compareDocumentPosition(lists) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const send = within(dialog).getByRole('button', { name: 'Send 4 leads' });
    expect(send).toHaveAccessibleDescription('1 lead waits for your choice and is not sent.');
  });

  it('Send carries the answers: the default link, the contact picked, ours ticked; an answered lead is sent', async () => {
    const { dialog, props } = setup({ at: 'plan', plan });
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Jonas Berg · CTO/ }));
    const dario = within(dialog).getByRole('group', { name: 'Dario Rossi: a teammate’s values in HubSpot' });
    expect(dario).toHaveAccessibleDescription('Left unticked, HubSpot keeps its value.');
    const ours = within(dario).getByRole('checkbox', { name: 'Use ours for Lead status: In Progress → New' });
    expect(ours).not.toBeChecked();
    await userEvent.click(ours);
    expect(dialog).not.toHaveTextContent('waits for your choice');
    expect(within(dialog).getByRole('group', { name: 'Link to existing (2)' })).toHaveTextContent(
      'Jonas Berg — link to existing (no owner)',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send 5 leads' }));
    expect(props.onSend).toHaveBeenCalledExactlyOnceWith([
      { personId: 'per_mei', contactId: '11' },
      { personId: 'per_jonas', contactId: '22' },
      { personId: 'per_dario', useOurs: ['leadStatus'] },
    ]);
  });

  it('"Create a new contact" instead of the match found moves the lead to Create; untouched, nothing else is sent', async () => {
    const { dialog, props } = setup({ at: 'plan', plan });
    await userEvent.click(
      within(within(dialog).getByRole('radiogroup', { name: 'Which contact is Mei Tanaka?' })).getByRole('radio', {
        name: 'Create a new contact',
      }),
    );
    expect(dialog).toHaveTextContent('Create 2 contacts, link 0 to existing,');
    expect(within(dialog).getByRole('group', { name: 'Create (2)' })).toHaveTextContent('Mei Tanaka — create');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send 4 leads' }));
    expect(props.onSend).toHaveBeenCalledExactlyOnceWith([{ personId: 'per_mei', contactId: 'new' }]);
  });

  it('every lead waiting: no Send, only why', () => {
    const { dialog } = setup({
      at: 'plan',
      plan: { items: [plan.items[2]!, { ...plan.items[2]!, personId: 'per_j2' }] },
    });
    expect(within(dialog).queryByRole('button', { name: /^Send \d/ })).toBeNull();
    expect(dialog).toHaveTextContent('2 leads wait for your choice and are not sent.');
  });

  it('a hundred leads: each by name in one scrolling list the keyboard reaches, the Send button counts them', () => {
    const many = Array.from({ length: 150 }, (_, i) => item(`per_${i}`, `Lead ${i}`, 'create'));
    const { dialog } = setup({ at: 'plan', plan: { items: many } });
    const lists = within(dialog).getByRole('region', { name: 'Leads in this send' });
    expect(lists).toHaveAttribute('tabindex', '0');
    expect(within(lists).getAllByRole('listitem')).toHaveLength(150);
    expect(within(dialog).queryByRole('region', { name: 'Your choices' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Send 150 leads' })).toBeVisible();
  });

  it('checking, sending and done keep focus in the dialog; a failure is an alert', async () => {
    const { dialog, view, props } = setup({ at: 'planning' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Checking HubSpot (a read, nothing is written)…');
    view.rerender(<HubSpotSendDialog {...props} step={{ at: 'plan', plan }} />);
    within(dialog).getByRole('button', { name: 'Send 4 leads' }).focus();
    view.rerender(<HubSpotSendDialog {...props} step={{ at: 'sending' }} />);
    expect(within(dialog).getByRole('status')).toHaveTextContent('Sending to HubSpot…');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    view.rerender(
      <HubSpotSendDialog {...props} step={{ at: 'done', text: 'HubSpot: 1 created, 1 linked, 0 updated, 0 already identical.' }} />,
    );
    expect(within(dialog).getByRole('status')).toHaveTextContent('HubSpot: 1 created, 1 linked, 0 updated, 0 already identical.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(props.onClose).toHaveBeenCalledOnce();
    view.rerender(<HubSpotSendDialog {...props} step={{ at: 'done', text: 'HubSpot refused the access token.', error: true }} />);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('HubSpot refused the access token.');
  });
});

describe('HubSpotSendButton', () => {
  it.each([
    [0, 0],
    [2, 1],
  ])('with %i leads in scope opens %i times', async (count, opened) => {
    const onOpen = vi.fn();
    render(<HubSpotSendButton count={count} onOpen={onOpen} />);
    await userEvent.click(screen.getByRole('button', { name: 'Send to HubSpot' }));
    expect(onOpen).toHaveBeenCalledTimes(opened);
  });
});
