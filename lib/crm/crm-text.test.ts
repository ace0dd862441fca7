import { describe, expect, it } from 'vitest';
import type { CrmLink } from '@/lib/leads/lead-db';
import { linkText, outcomesText, planLeads, planText } from './crm-text';

const link = (outcome: CrmLink['outcome'], contactId: string | null = '1'): CrmLink => ({
  personId: 'p',
  crm: 'hubspot',
  accountId: '1',
  contactId,
  companyId: null,
  associatedWith: null,
  noteIds: {},
  outcome,
});

describe('CRM words', () => {
  it.each([
    [
      { create: 3, update: 2, skip: 0, createCompanies: 3, blocked: 0 },
      'Create 3 contacts, update 2, create 3 companies, skip 0 already identical.',
      5,
    ],
    [
      { create: 1, update: 0, skip: 4, createCompanies: 1, blocked: 2 },
      'Create 1 contact, update 0, create 1 company, skip 4 already identical. 2 leads are marked “Do not contact”: left out of the CRM send.',
      5,
    ],
  ])('plan %o', (plan, text, leads) => {
    expect(planText(plan)).toBe(text);
    expect(planLeads(plan)).toBe(leads);
  });

  it('outcomes', () => {
    expect(
      outcomesText([
        { personId: 'a', status: 'created' },
        { personId: 'b', status: 'failed', reason: 'x' },
        { personId: 'c', status: 'blocked' },
      ]),
    ).toBe(
      'HubSpot: 1 created, 0 updated, 0 already identical, 1 failed (see the leads: send them again to retry). 1 lead is marked “Do not contact”: left out of the CRM send.',
    );
  });

  it.each([
    [undefined, null],
    [link({ status: 'created', at: 1 }), { text: 'In HubSpot', failed: false }],
    [
      link({ status: 'failed', at: 1, reason: 'HubSpot had a server error.' }),
      { text: 'Not sent to HubSpot: HubSpot had a server error.', failed: true },
    ],
    [link({ status: 'pending', at: 1 }, null), { text: 'Sending to HubSpot…', failed: false }],
  ])('lead row %#', (l, expected) => {
    expect(linkText(l)).toEqual(expected);
  });
});
