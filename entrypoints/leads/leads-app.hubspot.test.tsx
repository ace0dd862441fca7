// First: Dexie's liveQuery runs only where it finds a global indexedDB (the store gets its own fake one).
import { aCandidate, aPlanItem } from '@/tests/support/crm-plan';
import 'fake-indexeddb/auto';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { CrmPlan } from '@/lib/crm/crm';
import type { CrmLink } from '@/lib/leads/lead-db';
import type { LeadStore } from '@/lib/leads/lead-store';
import { sendMessage } from '@/lib/messaging/protocol';
import { meterItem } from '@/lib/tab-state/items';
import { aLeadWithSnapshot, LEADS_NOW, seedLeads } from '@/tests/support/a-lead';
import { fakeWorker, type FakeWorker } from '@/tests/support/fake-worker';
import { aMeter } from '@/tests/support/records';
import { testLeadStore } from '@/tests/support/test-leads';
import { LeadsApp } from './leads-app';

// The Leads page's HubSpot parts (issue 39): the mark in the portal's words, a lead held for the rep's
// choice opening the preview for itself alone, and the send carrying the choice made there.

vi.mock('@/lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
let worker: FakeWorker;
let store: LeadStore;

const ada = aLeadWithSnapshot({ id: 'per_ada', firstName: 'Ada', lastName: 'Lindqvist' }, { updatedAt: LEADS_NOW - 1_000 });
const mei = aLeadWithSnapshot({ id: 'per_mei', firstName: 'Mei', lastName: 'Tanaka' }, { updatedAt: LEADS_NOW - 2_000 });

const held: CrmLink = {
  personId: 'per_mei',
  crm: 'hubspot',
  accountId: '4242',
  contactId: null,
  companyId: null,
  associatedWith: null,
  noteIds: {},
  outcome: { status: 'needs-choice', at: LEADS_NOW - 500, reason: 'Two contacts named Mei Tanaka at Harborline.' },
  taskId: null,
  written: {},
  kept: {},
  sentVersion: null,
};

const candidate = (contactId: string, email: string) => aCandidate({ contactId, email });
const plan: CrmPlan = {
  items: [
    aPlanItem({
      personId: 'per_mei',
      action: 'choose',
      candidates: [candidate('21', 'mei@harborline.example'), candidate('22', 'mei.t@harborline.example')],
    }),
  ],
};

beforeEach(async () => {
  fakeBrowser.reset();
  store = testLeadStore(() => LEADS_NOW);
  await seedLeads(store, [ada, mei]);
  await store.db.crmLinks.put(held);
  await meterItem.setValue(aMeter({ accountId: 'acc_pro' }));
  worker = fakeWorker(send, {
    hubspotMarks: () => ({
      enabled: true,
      marks: { per_ada: { contactId: '7', owner: 'Mia Owner', leadStatus: 'In Progress' }, per_mei: null },
    }),
    planHubSpotSend: () => ({ ok: true, plan }),
    sendToHubSpot: () => ({ ok: true, outcomes: [{ personId: 'per_mei', status: 'linked' }] }),
  });
});

const row = async (name: string) =>
  within(await screen.findByRole('table', { name: 'Leads' }))
    .getAllByRole('row')
    .find((r) => r.textContent?.includes(name))!;

describe('the Leads page and HubSpot', () => {
  it('marks a lead in the portal’s words; a held lead’s “Needs your choice” opens the preview for it alone, and the send carries the pick', async () => {
    const user = userEvent.setup();
    render(<LeadsApp store={store} now={() => LEADS_NOW} search="" />);
    await waitFor(async () => expect(await row('Ada Lindqvist')).toHaveTextContent('In HubSpot · Mia Owner · In Progress'));

    await user.click(within(await row('Mei Tanaka')).getByRole('button', { name: 'Needs your choice' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to HubSpot' });
    expect(worker.sent('planHubSpotSend')).toEqual([{ personIds: ['per_mei'] }]);
    const which = await within(dialog).findByRole('radiogroup', { name: 'Which contact is Mei Tanaka?' });
    expect(dialog).toHaveTextContent('1 lead waits for your choice and is not sent.');
    expect(within(dialog).queryByRole('button', { name: /^Send \d/ })).toBeNull();

    await user.click(within(which).getByRole('radio', { name: /mei\.t@harborline\.example/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Send 1 lead' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('HubSpot: 0 created, 1 linked, 0 updated, 0 already identical.');
    expect(worker.sent('sendToHubSpot')).toEqual([{ personIds: ['per_mei'], choices: [{ personId: 'per_mei', contactId: '22' }] }]);

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('the toolbar’s Send to HubSpot previews the selection; Cancel while checking drops the late answer', async () => {
    let answer: (v: { ok: true; plan: CrmPlan }) => void = () => undefined;
    worker.handle({ planHubSpotSend: () => new Promise((r) => (answer = r)) });
    const user = userEvent.setup();
    render(<LeadsApp store={store} now={() => LEADS_NOW} search="" />);
    await user.click(within(await row('Ada Lindqvist')).getByRole('checkbox', { name: 'Select Ada Lindqvist' }));
    await user.click(screen.getByRole('button', { name: 'Send to HubSpot' }));
    const dialog = screen.getByRole('dialog', { name: 'Send to HubSpot' });
    expect(within(dialog).getByRole('status')).toHaveTextContent('Checking HubSpot');
    expect(worker.sent('planHubSpotSend')).toEqual([{ personIds: ['per_ada'] }]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    answer({ ok: true, plan });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
