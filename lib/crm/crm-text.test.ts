import { describe, expect, it } from 'vitest';
import { aCandidate, aPlanItem } from '@/tests/support/crm-plan';
import type { CrmLink } from '@/lib/leads/lead-db';
import type { CrmCandidate, CrmPlanItem } from './crm';
import type { CrmCounts } from './crm-preview';
import {
  candidateLabel,
  failureLine,
  lastSyncText,
  linkText,
  markDetail,
  outcomesText,
  planLine,
  planText,
  sendLabel,
  syncedText,
  oursLabel,
  waitingText,
  whichContact,
} from './crm-text';

const link = (outcome: CrmLink['outcome'], contactId: string | null = '1'): CrmLink => ({
  personId: 'p',
  crm: 'hubspot',
  accountId: '1',
  contactId,
  companyId: null,
  associatedWith: null,
  noteIds: {},
  outcome,
  taskId: null,
  written: {},
  kept: {},
  sentVersion: null,
});

const counts = (c: Partial<CrmCounts>): CrmCounts => ({ create: 0, link: 0, update: 0, skip: 0, choose: 0, blocked: 0, ...c });

const candidate = aCandidate;
const item = (action: CrmPlanItem['action']) => aPlanItem({ action });

describe('CRM words', () => {
  it.each([
    [
      counts({ create: 2, link: 1, skip: 1 }),
      1,
      'Create 2 contacts, link 1 to existing, update 0, skip 1 already identical, create 1 company.',
    ],
    [counts({ create: 3, update: 2 }), 4, 'Create 3 contacts, link 0 to existing, update 2, skip 0 already identical, create 4 companies.'],
    [
      counts({ create: 1, skip: 4, blocked: 2 }),
      0,
      'Create 1 contact, link 0 to existing, update 0, skip 4 already identical, create 0 companies. 2 leads are marked “Do not contact”: left out of the CRM send.',
    ],
    [
      counts({ choose: 1 }),
      0,
      'Create 0 contacts, link 0 to existing, update 0, skip 0 already identical, create 0 companies, 1 needs your choice.',
    ],
    [
      counts({ link: 1, choose: 3 }),
      0,
      'Create 0 contacts, link 1 to existing, update 0, skip 0 already identical, create 0 companies, 3 need your choice.',
    ],
  ])('plan summary %#', (c, companies, text) => {
    expect(planText(c, companies)).toBe(text);
  });

  it.each<[CrmPlanItem['action'], CrmCandidate | null, string]>([
    ['link', candidate(), 'Mei Tanaka — link to existing (owner Mia Owner)'],
    ['link', candidate({ owner: null }), 'Mei Tanaka — link to existing (no owner)'],
    ['create', null, 'Mei Tanaka — create'],
    ['update', candidate(), 'Mei Tanaka — update'],
    ['skip', candidate(), 'Mei Tanaka — already identical'],
    ['choose', null, 'Mei Tanaka — needs your choice'],
  ])('a lead in the lists: %s', (action, contact, line) => {
    expect(planLine({ item: item(action), action, contact, conflicts: [] })).toBe(line);
  });

  it.each([
    [candidate(), 'Mei Tanaka · Head of BD · Harborline · mei@harborline.example · owner Mia Owner'],
    [candidate({ jobTitle: null, email: null, owner: null }), 'Mei Tanaka · Harborline · no owner'],
  ])('a contact to pick %#', (c, label) => {
    expect(candidateLabel(c)).toBe(label);
  });

  it('the questions and the Send button', () => {
    expect(whichContact('Mei Tanaka')).toBe('Which contact is Mei Tanaka?');
    expect(oursLabel({ field: 'leadStatus', theirs: 'In Progress', ours: 'New' })).toBe('Use ours for Lead status: In Progress → New');
    expect(oursLabel({ field: 'jobTitle', theirs: 'CEO', ours: 'Head of BD' })).toBe('Use ours for Job title: CEO → Head of BD');
    expect([sendLabel(1), sendLabel(5)]).toEqual(['Send 1 lead', 'Send 5 leads']);
    expect([waitingText(1), waitingText(2)]).toEqual([
      '1 lead waits for your choice and is not sent.',
      '2 leads wait for your choice and are not sent.',
    ]);
  });

  it.each([
    [[...Array<'created'>(3).fill('created'), 'updated', 'updated'], 'HubSpot: 3 created, 2 updated, 0 already identical.'],
    [Array<'unchanged'>(5).fill('unchanged'), 'HubSpot: 0 created, 0 updated, 5 already identical.'],
    [
      ['created', 'failed', 'blocked'],
      'HubSpot: 1 created, 0 updated, 0 already identical, 1 failed (see the leads: send them again to retry). 1 lead is marked “Do not contact”: left out of the CRM send.',
    ],
    [['linked', 'needs-choice', 'created'], 'HubSpot: 1 created, 1 linked, 0 updated, 0 already identical, 1 waits for your choice.'],
    [['needs-choice', 'needs-choice'], 'HubSpot: 0 created, 0 updated, 0 already identical, 2 wait for your choice.'],
  ] as const)('outcomes %#', (statuses, text) => {
    expect(outcomesText(statuses.map((status, i) => ({ personId: `p${i}`, status })))).toBe(text);
  });

  it.each([
    [undefined, null],
    [link({ status: 'created', at: 1 }), { text: 'In HubSpot', failed: false }],
    [link({ status: 'linked', at: 1 }), { text: 'In HubSpot', failed: false }],
    [link({ status: 'needs-choice', at: 1 }, null), { text: 'Needs your choice', failed: false, needsChoice: true }],
    [
      link({ status: 'failed', at: 1, reason: 'HubSpot had a server error.' }),
      { text: 'Not sent to HubSpot: HubSpot had a server error.', failed: true },
    ],
    [link({ status: 'pending', at: 1 }, null), { text: 'Sending to HubSpot…', failed: false }],
  ])('lead row %#', (l, expected) => {
    expect(linkText(l)).toEqual(expected);
  });

  it.each([
    [{ contactId: '1', owner: 'Mia Owner', leadStatus: 'In Progress' }, 'Mia Owner · In Progress'],
    [{ contactId: '1', owner: null, leadStatus: 'New' }, 'New'],
    [{ contactId: '1', owner: null, leadStatus: null }, ''],
  ])('the mark %#', (mark, detail) => {
    expect(markDetail(mark)).toBe(detail);
  });

  it.each([
    [null, 'Not synced yet', 'Synced with HubSpot.'],
    [
      { at: 5, sent: 3, waiting: 1, failures: [] },
      'Last sync: at 5 · 3 sent · 1 needs your choice · 0 failed',
      'Synced with HubSpot: 3 sent · 1 needs your choice · 0 failed.',
    ],
    [
      { at: 6, sent: 0, waiting: 2, failures: [{ personId: 'p', name: 'Mei Tanaka', reason: 'HubSpot had a server error.' }] },
      'Last sync: at 6 · 0 sent · 2 need your choice · 1 failed',
      'Synced with HubSpot: 0 sent · 2 need your choice · 1 failed.',
    ],
  ])('the last sync %#', (report, last, synced) => {
    expect(lastSyncText(report, (at) => `at ${at}`)).toBe(last);
    expect(syncedText(report)).toBe(synced);
  });

  it('a failed lead of the last sync', () => {
    expect(failureLine({ personId: 'p', name: 'Mei Tanaka', reason: 'HubSpot had a server error.' })).toBe(
      'Mei Tanaka: HubSpot had a server error.',
    );
  });
});
