import { describe, expect, it } from 'vitest';
import { PersonSchema, ProjectSchema } from '@/lib/api';
import { bareHandle, isFollowUpDue, newLead, parseTags, withXAccount, type Lead } from './lead';

const company = ProjectSchema.parse({
  id: 'prj_1',
  name: 'QuantLayer',
  domain: 'quantlayer.xyz',
  sectors: ['DeFi', 'Infra'],
  companyType: 'project',
});
const ada = PersonSchema.parse({
  id: 'per_ada',
  firstName: 'Ada',
  lastName: 'Lindqvist',
  jobTitle: 'Head of BD',
  twitterHandle: 'AdaQuant',
  hasEmail: true,
  hasPhone: false,
  hasTelegram: true,
  hasLinkedin: true,
  company,
});

describe('newLead', () => {
  it('keeps what was paid for and starts the pipeline at New', () => {
    const { lead, snapshot } = newLead(
      { person: ada, organization: null, accountId: 'acc', savedFrom: 'https://x.com/AdaQuant', cost: { credits: 5, estimated: false } },
      1_000,
    );
    expect(lead).toMatchObject({
      personId: 'per_ada',
      name: 'Ada Lindqvist',
      title: 'Head of BD',
      company: { id: 'prj_1', name: 'QuantLayer', domain: 'quantlayer.xyz', sectors: ['DeFi', 'Infra'], type: 'project' },
      xHandle: 'AdaQuant',
      onFile: { email: true, phone: false, telegram: true, linkedinUrl: true },
      status: 'new',
      tags: [],
      notes: [],
      followUpOn: null,
      cost: { credits: 5, estimated: false },
      savedAt: 1_000,
      snapshotAt: 1_000,
    });
    expect(snapshot).toEqual({ personId: 'per_ada', at: 1_000, person: ada, organization: null, fetchedBy: 'acc' });
  });

  it('names someone without a name by their handle, and drops bidi and invisible characters', () => {
    const anon = PersonSchema.parse({ id: 'per_x', firstName: null, lastName: null, twitterHandle: '@gm_anon' });
    expect(
      newLead({ person: anon, organization: null, accountId: 'a', savedFrom: null, cost: { credits: 0, estimated: false } }, 0).lead.name,
    ).toBe('@gm_anon');
    const tricky = PersonSchema.parse({ id: 'per_y', firstName: 'Ev\u202Ee', lastName: 'Zero\u200Bwidth' });
    expect(
      newLead({ person: tricky, organization: null, accountId: 'a', savedFrom: null, cost: { credits: 0, estimated: false } }, 0).lead.name,
    ).toBe('Eve Zerowidth');
  });
});

describe('withXAccount', () => {
  // @AdaQuant's X user id, first seen Nov 12 2026, renamed to @ada_eth Nov 27.
  const ID = '1456432000471212032';
  const NOV_12 = Date.UTC(2026, 10, 12);
  const NOV_27 = Date.UTC(2026, 10, 27);
  const seen = (...handles: [string, number][]) => ({ id: ID, handles: handles.map(([handle, at]) => ({ handle, at })) });
  const saved = (xAccount: Lead['xAccount']): Lead => ({
    ...newLead({ person: ada, organization: null, accountId: 'acc', savedFrom: null, cost: { credits: 5, estimated: false } }, 1_000).lead,
    status: 'meeting',
    tags: ['vip'],
    notes: [{ id: 'n1', at: 2_000, text: 'Met at Devcon' }],
    followUpOn: '2026-12-01',
    xAccount,
  });
  const rep = { status: 'meeting', tags: ['vip'], notes: [{ id: 'n1', at: 2_000, text: 'Met at Devcon' }], followUpOn: '2026-12-01' };

  it.each([
    ['first seen: the account and its handle', null, seen(['AdaQuant', NOV_12]), seen(['AdaQuant', NOV_12]), 'AdaQuant'],
    [
      'renamed: the new handle after the old',
      seen(['AdaQuant', NOV_12]),
      seen(['AdaQuant', NOV_12], ['ada_eth', NOV_27]),
      seen(['AdaQuant', NOV_12], ['ada_eth', NOV_27]),
      'ada_eth',
    ],
    [
      'renamed, told by a page that knows only the new handle',
      seen(['AdaQuant', NOV_12]),
      seen(['ada_eth', NOV_27]),
      seen(['AdaQuant', NOV_12], ['ada_eth', NOV_27]),
      'ada_eth',
    ],
    [
      'another account, confirmed by the caller: its own history',
      seen(['AdaQuant', NOV_12]),
      { id: '44196397', handles: [{ handle: 'ada_real', at: NOV_27 }] },
      { id: '44196397', handles: [{ handle: 'ada_real', at: NOV_27 }] },
      'ada_real',
    ],
  ])('%s; the rep’s fields kept', (_, had, account, xAccount, xHandle) => {
    expect(withXAccount(saved(had), account, 9_000)).toMatchObject({ ...rep, xAccount, xHandle, updatedAt: 9_000 });
  });

  it.each([
    ['the same account again', seen(['AdaQuant', NOV_12]), seen(['AdaQuant', NOV_12])],
    ['an older copy of it (the handle it had before)', seen(['AdaQuant', NOV_12], ['ada_eth', NOV_27]), seen(['AdaQuant', NOV_12])],
  ])('%s changes nothing', (_, had, account) => {
    const lead = saved(had);
    expect(withXAccount(lead, account, 9_000)).toBe(lead);
  });

  it('a new lead saved with its X account takes the handle it has now', () => {
    const input = { person: ada, organization: null, accountId: 'acc', savedFrom: null, cost: { credits: 0, estimated: false } };
    expect(newLead({ ...input, xAccount: seen(['AdaQuant', NOV_12], ['ada_eth', NOV_27]) }, 0).lead).toMatchObject({
      xHandle: 'ada_eth',
      xAccount: { id: ID },
    });
    expect(newLead(input, 0).lead).toMatchObject({ xHandle: 'AdaQuant', xAccount: null });
  });
});

describe('bareHandle', () => {
  it.each([
    ['@AdaQuant', 'AdaQuant'],
    ['AdaQuant', 'AdaQuant'],
    ['https://x.com/AdaQuant', 'AdaQuant'],
    ['https://twitter.com/ada_q', 'ada_q'],
    ['@@double', 'double'],
    ['not a handle', null],
    ['', null],
    [null, null],
  ])('%s → %s', (input, out) => expect(bareHandle(input)).toBe(out));
});

describe('parseTags', () => {
  it.each([
    ['defi, Fund  ,defi', ['defi', 'Fund']],
    ['DeFi,defi', ['DeFi']],
    [' , ,', []],
    ['a\u202E, b', ['a', 'b']],
  ])('%j → %j', (input, out) => expect(parseTags(input)).toEqual(out));
});

describe('isFollowUpDue', () => {
  it.each([
    [{ followUpOn: '2026-11-26', status: 'new' as const }, true],
    [{ followUpOn: '2026-11-20', status: 'contacted' as const }, true],
    [{ followUpOn: '2026-11-27', status: 'new' as const }, false],
    [{ followUpOn: null, status: 'new' as const }, false],
    [{ followUpOn: '2026-11-20', status: 'do-not-contact' as const }, false],
  ])('%j due on 2026-11-26: %s', (lead, due) => expect(isFollowUpDue(lead, '2026-11-26')).toBe(due));
});
