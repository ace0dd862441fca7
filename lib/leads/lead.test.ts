import { describe, expect, it } from 'vitest';
import { PersonSchema, ProjectSchema } from '@/lib/api';
import { bareHandle, isFollowUpDue, newLead, parseTags } from './lead';

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
