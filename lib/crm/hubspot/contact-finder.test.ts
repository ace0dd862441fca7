import { describe, expect, it } from 'vitest';
import { pickFound, searchGroups, type Searched } from './contact-finder';
import { NO_CUSTOM_PROPERTIES, type CustomProperties } from './properties';

const ALL: CustomProperties = { ...NO_CUSTOM_PROPERTIES, linkedinUrl: true, directoryId: true };
const mei: Searched = {
  personId: 'per_mei',
  email: null,
  linkedinUrl: 'https://www.linkedin.com/in/Mei-Tanaka/',
  xHandle: 'MeiOnChain',
  firstName: 'Mei',
  lastName: 'Tanaka',
  companyName: 'Harborline',
};
const record = (id: string, properties: Record<string, string>) => ({ id, properties });

describe('searchGroups: one search per lead, a filter group per way it can be known', () => {
  it.each([
    [
      'everything known, the portal has our properties',
      mei,
      ALL,
      [
        [{ propertyName: 'crypto_directory_id', operator: 'EQ', value: 'per_mei' }],
        [
          {
            propertyName: 'linkedin_url',
            operator: 'IN',
            values: ['https://www.linkedin.com/in/mei-tanaka', 'https://www.linkedin.com/in/mei-tanaka/'],
          },
        ],
        [{ propertyName: 'twitterhandle', operator: 'IN', values: ['meionchain', '@meionchain'] }],
        [
          { propertyName: 'firstname', operator: 'EQ', value: 'Mei' },
          { propertyName: 'lastname', operator: 'EQ', value: 'Tanaka' },
          { propertyName: 'company', operator: 'EQ', value: 'Harborline' },
        ],
      ],
    ],
    [
      'an email, no custom properties: no LinkedIn or id group',
      { ...mei, email: 'mei@harborline.example', xHandle: null },
      NO_CUSTOM_PROPERTIES,
      [
        [{ propertyName: 'email', operator: 'EQ', value: 'mei@harborline.example' }],
        [
          { propertyName: 'firstname', operator: 'EQ', value: 'Mei' },
          { propertyName: 'lastname', operator: 'EQ', value: 'Tanaka' },
          { propertyName: 'company', operator: 'EQ', value: 'Harborline' },
        ],
      ],
    ],
    ['no company: a name alone is not searched', { ...mei, linkedinUrl: null, xHandle: null, companyName: null }, NO_CUSTOM_PROPERTIES, []],
    [
      'a one-word name (a last name) with a company',
      { ...mei, linkedinUrl: null, xHandle: null, firstName: '', lastName: 'Satoshi' },
      NO_CUSTOM_PROPERTIES,
      [
        [
          { propertyName: 'lastname', operator: 'EQ', value: 'Satoshi' },
          { propertyName: 'company', operator: 'EQ', value: 'Harborline' },
        ],
      ],
    ],
  ])('%s', (_, person, custom, groups) => {
    const out = searchGroups(person, custom);
    expect(out.map((g) => g.filters)).toEqual(groups);
    // HubSpot's limits ("Search › Filter search results"): 5 groups, 6 filters a group, 18 in all.
    expect(out.length).toBeLessThanOrEqual(5);
    expect(out.flatMap((g) => g.filters).length).toBeLessThanOrEqual(18);
  });
});

describe('pickFound', () => {
  it.each([
    [
      'our id beats an email',
      [record('1', { email: 'x@y.z' }), record('2', { crypto_directory_id: 'per_mei' })],
      { ...mei, email: 'x@y.z' },
      { kind: 'identifier', id: '2' },
    ],
    ['an X handle, any case, with "@"', [record('3', { twitterhandle: '@meionchain' })], mei, { kind: 'identifier', id: '3' }],
    [
      'name + company only: candidates',
      [
        record('4', { firstname: 'mei', lastname: 'TANAKA', company: 'Harborline' }),
        record('5', { firstname: 'Mei', lastname: 'Tanaka', company: 'Other' }),
      ],
      mei,
      { kind: 'name', ids: ['4'] },
    ],
    ['nothing that is them', [record('6', { firstname: 'Ana' })], mei, { kind: 'none' }],
  ] as const)('%s', (_, results, person, expected) => {
    const found = pickFound(person, results);
    if (found.kind === 'identifier') expect({ kind: found.kind, id: found.record.id }).toEqual(expected);
    else if (found.kind === 'name') expect({ kind: found.kind, ids: found.records.map((r) => r.id) }).toEqual(expected);
    else expect(found).toEqual(expected);
  });
});
