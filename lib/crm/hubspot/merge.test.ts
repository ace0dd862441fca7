import { describe, expect, it } from 'vitest';
import type { CrmChoosable } from '../crm';
import type { CrmLink } from '@/lib/leads/lead-db';
import { mergeContact } from './merge';

interface MergeInput extends Pick<CrmLink, 'written' | 'kept'> {
  ours: Record<string, string>;
  held: Record<string, string>;
  useOurs: readonly CrmChoosable[];
}
/** The lead's own contact (what it wrote there counts) holding `held`. */
const input = (over: Partial<MergeInput>) => {
  const { ours, held, written, kept, useOurs } = { ours: {}, held: {}, written: {}, kept: {}, useOurs: [], ...over };
  return [ours, { id: '1', properties: held }, { contactId: '1', written, kept }, useOurs] as const;
};

describe('mergeContact: ours against a teammate’s', () => {
  it.each([
    ['an empty field is filled', { ours: { jobtitle: 'Head of BD' }, held: {} }, { jobtitle: 'Head of BD' }, []],
    ['the same value (any case) is not written', { ours: { company: 'Harborline' }, held: { company: 'HARBORLINE ' } }, {}, []],
    [
      'HubSpot’s New is nobody’s decision: ours replaces it',
      { ours: { hs_lead_status: 'CONNECTED' }, held: { hs_lead_status: 'NEW' } },
      { hs_lead_status: 'CONNECTED' },
      [],
    ],
    [
      'a teammate’s status is kept and listed',
      { ours: { hs_lead_status: 'CONNECTED' }, held: { hs_lead_status: 'IN_PROGRESS' } },
      {},
      [{ field: 'leadStatus', property: 'hs_lead_status', theirs: 'IN_PROGRESS', ours: 'CONNECTED' }],
    ],
    ['our New is never offered over a set status', { ours: { hs_lead_status: 'NEW' }, held: { hs_lead_status: 'IN_PROGRESS' } }, {}, []],
    [
      'a teammate’s title is kept and listed',
      { ours: { jobtitle: 'Head of BD' }, held: { jobtitle: 'VP Partnerships' } },
      {},
      [{ field: 'jobTitle', property: 'jobtitle', theirs: 'VP Partnerships', ours: 'Head of BD' }],
    ],
    [
      'the rep picked ours',
      { ours: { jobtitle: 'Head of BD' }, held: { jobtitle: 'VP' }, useOurs: ['jobTitle' as const] },
      { jobtitle: 'Head of BD' },
      [],
    ],
    [
      'a value we wrote ourselves is ours to change',
      { ours: { jobtitle: 'CEO' }, held: { jobtitle: 'Head of BD' }, written: { jobtitle: 'Head of BD' } },
      { jobtitle: 'CEO' },
      [],
    ],
    ['a teammate’s email stays, silently', { ours: { email: 'mei@new.example' }, held: { email: 'mei@old.example' } }, {}, []],
    [
      'a decision stands while both values do',
      { ours: { jobtitle: 'Head of BD' }, held: { jobtitle: 'VP' }, kept: { jobtitle: { theirs: 'VP', ours: 'Head of BD' } } },
      {},
      [],
    ],
    [
      'a decision is asked again once ours changed',
      { ours: { jobtitle: 'CEO' }, held: { jobtitle: 'VP' }, kept: { jobtitle: { theirs: 'VP', ours: 'Head of BD' } } },
      {},
      [{ field: 'jobTitle', property: 'jobtitle', theirs: 'VP', ours: 'CEO' }],
    ],
    [
      'a LinkedIn URL with a trailing slash is the same page',
      { ours: { linkedin_url: 'https://www.linkedin.com/in/mei/' }, held: { linkedin_url: 'linkedin.com/in/mei' } },
      {},
      [],
    ],
  ] as const)('%s', (_, given, write, conflicts) => {
    expect(mergeContact(...input(given as Partial<MergeInput>))).toEqual({ write, conflicts });
  });

  it('lists conflicts status first, then title', () => {
    const out = mergeContact(
      ...input({ ours: { jobtitle: 'A', hs_lead_status: 'CONNECTED' }, held: { jobtitle: 'B', hs_lead_status: 'IN_PROGRESS' } }),
    );
    expect(out.conflicts.map((c) => c.field)).toEqual(['leadStatus', 'jobTitle']);
  });
});
