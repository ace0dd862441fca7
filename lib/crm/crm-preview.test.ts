import { describe, expect, it } from 'vitest';
import type { CrmCandidate, CrmPlan, CrmPlanItem } from './crm';
import { aCandidate, aPlanItem } from '@/tests/support/crm-plan';
import {
  asksWhich,
  companiesToCreate,
  countActions,
  crmChoices,
  decisions,
  pickedContact,
  resolveItem,
  resolvePlan,
  sendCount,
  type CrmPick,
} from './crm-preview';

const mei = (contactId: string, over: Partial<CrmCandidate> = {}) => aCandidate({ contactId, email: null, ...over });
const item = (personId: string, action: CrmPlanItem['action'], over: Partial<CrmPlanItem> = {}) =>
  aPlanItem({ personId, name: personId, action, ...over });

const conflict = { field: 'leadStatus' as const, theirs: 'In Progress', ours: 'New' };
/** One lead of each kind, as a teammate's portal gives them. */
const plan: CrmPlan = {
  items: [
    item('new', 'create'),
    item('byName', 'link', { contact: mei('11', { conflicts: [conflict] }), matchedBy: 'name', conflicts: [conflict] }),
    item('byEmail', 'link', { contact: mei('12'), matchedBy: 'identifier' }),
    item('two', 'choose', { candidates: [mei('21'), mei('22', { owner: null })] }),
    item('ours', 'update', {
      contact: mei('31'),
      matchedBy: 'kept',
      conflicts: [conflict, { field: 'jobTitle', theirs: 'CEO', ours: 'CTO' }],
    }),
    item('same', 'skip', { contact: mei('41'), matchedBy: 'kept' }),
    item('dnc', 'blocked'),
  ],
};
const picks = (entries: [string, CrmPick][] = []) => new Map(entries);
const actions = (p: Map<string, CrmPick>) =>
  Object.fromEntries(resolvePlan(plan, p).map((r) => [r.item.personId, [r.action, r.contact?.contactId ?? null]]));

describe('the preview as the rep answers it', () => {
  it('untouched: a name-only link keeps the contact found, a choose waits, the rest as planned', () => {
    expect(actions(picks())).toEqual({
      new: ['create', null],
      byName: ['link', '11'],
      byEmail: ['link', '12'],
      two: ['choose', null],
      ours: ['update', '31'],
      same: ['skip', '41'],
      dnc: ['blocked', null],
    });
    const counts = countActions(resolvePlan(plan, picks()));
    expect(counts).toEqual({ create: 1, link: 2, update: 1, skip: 1, choose: 1, blocked: 1 });
    expect(sendCount(counts)).toBe(5);
    // Only the default that applies goes with the send: the name-only link's contact.
    expect(crmChoices(plan, picks())).toEqual([{ personId: 'byName', contactId: '11' }]);
  });

  it.each<[string, [string, CrmPick][], Record<string, [string, string | null]>, unknown[], number]>([
    [
      'a choose answered links to the contact picked',
      [['two', { contactId: '22' }]],
      { two: ['link', '22'] },
      [
        { personId: 'byName', contactId: '11' },
        { personId: 'two', contactId: '22' },
      ],
      6,
    ],
    [
      'a new contact instead of the name-only match drops its conflicts',
      [['byName', { contactId: 'new', useOurs: ['leadStatus'] }]],
      { byName: ['create', null] },
      [{ personId: 'byName', contactId: 'new' }],
      5,
    ],
    [
      'a choose answered "new" creates',
      [['two', { contactId: 'new' }]],
      { two: ['create', null] },
      [
        { personId: 'byName', contactId: '11' },
        { personId: 'two', contactId: 'new' },
      ],
      6,
    ],
    [
      'ours ticked on an update goes alone; a field without a conflict is not sent',
      [
        ['ours', { useOurs: ['jobTitle'] }],
        ['same', { useOurs: ['leadStatus'] }],
      ],
      { ours: ['update', '31'] },
      [
        { personId: 'byName', contactId: '11' },
        { personId: 'ours', useOurs: ['jobTitle'] },
      ],
      5,
    ],
    [
      'ours ticked on the name-only link rides with its contact',
      [['byName', { useOurs: ['leadStatus'] }]],
      { byName: ['link', '11'] },
      [{ personId: 'byName', contactId: '11', useOurs: ['leadStatus'] }],
      5,
    ],
    [
      'a pick for a lead that asks nothing is ignored, Do not contact stays out',
      [
        ['byEmail', { contactId: 'new' }],
        ['dnc', { contactId: 'new' }],
      ],
      { byEmail: ['link', '12'], dnc: ['blocked', null] },
      [{ personId: 'byName', contactId: '11' }],
      5,
    ],
  ])('%s', (_, given, changed, choices, leads) => {
    const p = picks(given);
    expect(actions(p)).toMatchObject(changed);
    expect(crmChoices(plan, p)).toEqual(choices);
    expect(sendCount(countActions(resolvePlan(plan, p)))).toBe(leads);
  });

  it('the questions come first (which contact), then the conflicts; nothing else asks', () => {
    expect(decisions(plan).map((i) => i.personId)).toEqual(['byName', 'two', 'ours']);
    expect(plan.items.filter(asksWhich).map((i) => i.personId)).toEqual(['byName', 'two']);
  });

  it.each([
    [plan.items[1]!, undefined, '11'],
    [plan.items[1]!, { contactId: 'new' }, 'new'],
    [plan.items[3]!, undefined, null],
    [plan.items[3]!, { contactId: '21' }, '21'],
  ] as const)('the radio checked for %#', (i, pick, checked) => {
    expect(pickedContact(i, pick)).toBe(checked);
  });
});

describe('what a pick brings with it', () => {
  const jonas = (id: string, conflicts: CrmCandidate['conflicts'] = []) => aCandidate({ contactId: id, name: 'Jonas Berg', conflicts });
  const title = { field: 'jobTitle' as const, theirs: 'CTO', ours: 'Head of BD' };
  const held = aPlanItem({
    personId: 'jonas',
    action: 'choose',
    candidates: [jonas('21'), jonas('22', [title])],
    newCompany: 'harborline.example',
  });
  const two: CrmPlan = {
    items: [
      held,
      aPlanItem({ personId: 'ana', action: 'create', newCompany: 'harborline.example' }),
      aPlanItem({ personId: 'bo', action: 'create', newCompany: 'bo.example' }),
    ],
  };

  it.each([
    ['unanswered: the held lead’s company is not counted', undefined, 2],
    ['a contact picked: its company is created once with Ana’s (same domain)', { contactId: '21' }, 2],
    ['a new contact picked', { contactId: 'new' }, 2],
  ])('%s', (_, pick, companies) => {
    expect(companiesToCreate(resolvePlan(two, picks(pick ? [['jonas', pick]] : [])))).toBe(companies);
  });

  it('counts the company of a held lead alone once it is answered', () => {
    const alone: CrmPlan = { items: [held] };
    expect(companiesToCreate(resolvePlan(alone, picks([])))).toBe(0);
    expect(companiesToCreate(resolvePlan(alone, picks([['jonas', { contactId: '22' }]])))).toBe(1);
  });

  it.each([
    ['21', []],
    ['22', [title]],
  ] as const)('picking contact %s offers its own conflicts', (contactId, conflicts) => {
    expect(resolveItem(held, { contactId }).conflicts).toEqual(conflicts);
  });
});
