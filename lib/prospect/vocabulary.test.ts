import { describe, expect, it } from 'vitest';
import { readPeopleFacets } from '@/lib/api/facets';
import { replaceValue } from './filters';
import type { ProspectQuery } from './prospect-query';
import {
  STARTING_FACETS,
  checkQuery,
  doubtText,
  learnFacets,
  nearest,
  offersOf,
  readKnownFacets,
  type Doubt,
  type KnownFacets,
} from './vocabulary';

const AT = Date.UTC(2026, 10, 28, 9);

describe('learnFacets: what a live answer listed joins what the account knew, dated', () => {
  it.each<[string, unknown, KnownFacets | null, KnownFacets | null]>([
    [
      'facets as lists',
      { roles: ['bd', 'founder'], channels: ['telegram'] },
      null,
      { roles: ['bd', 'founder'], channels: ['telegram'], at: AT },
    ],
    [
      'facets as value → count maps (zero counts are values too)',
      { roles: { founder: 12, bd: 0 }, channels: { email: 3, telegram: 1 } },
      null,
      { roles: ['founder', 'bd'], channels: ['email', 'telegram'], at: AT },
    ],
    [
      'objects with counts, added to what was known; a value in another case is the same value',
      { roles: [{ value: 'BD', count: 4 }, { name: 'Research' }], channels: { Telegram: 2 } },
      { roles: ['bd'], channels: ['telegram'], at: 1 },
      { roles: ['bd', 'Research'], channels: ['telegram'], at: AT },
    ],
    ['no facets: nothing to keep', undefined, { roles: ['bd'], channels: [], at: 1 }, null],
    ['empty facets: nothing to keep', { roles: [], channels: {} }, null, null],
  ])('%s', (_label, raw, known, expected) => {
    expect(learnFacets(known, readPeopleFacets(raw), AT)).toEqual(expected);
  });
});

describe('offersOf: the directory’s values when it listed some, else the starting suggestion', () => {
  it.each<[string, unknown, ReturnType<typeof offersOf>]>([
    [
      'nothing stored (a fresh account)',
      undefined,
      { roles: { values: STARTING_FACETS.roles, at: null }, channels: { values: STARTING_FACETS.channels, at: null } },
    ],
    [
      'stored roles, no channels yet',
      { roles: ['bd'], channels: [], at: AT },
      { roles: { values: ['bd'], at: AT }, channels: { values: STARTING_FACETS.channels, at: null } },
    ],
    ['a stored value that is not one', { roles: 'bd' }, offersOf(null)],
    [
      'non-text values are dropped',
      { roles: ['bd', 7, null], channels: ['email'], at: AT },
      offersOf({ roles: ['bd'], channels: ['email'], at: AT }),
    ],
  ])('%s', (_label, stored, expected) => {
    expect(offersOf(readKnownFacets(stored))).toEqual(expected);
  });
});

describe('checkQuery: a value not on offer is questioned before anything is sent', () => {
  const known = offersOf({ roles: ['bd', 'founder'], channels: ['telegram', 'email'], at: AT });
  it.each<[string, ProspectQuery, ProspectQuery, Doubt[]]>([
    [
      'known values in another case: sent in the directory’s spelling, nothing asked',
      { list: 'people', roles: ['BD', 'Founder'], channels: ['Telegram'] },
      { list: 'people', roles: ['bd', 'founder'], channels: ['telegram'] },
      [],
    ],
    [
      'a role outside the vocabulary, with the one it meant',
      { list: 'people', roles: ['Business Development'], sort: 'name' },
      { list: 'people', roles: ['Business Development'], sort: 'name' },
      [{ field: 'roles', value: 'Business Development', suggestion: 'bd' }],
    ],
    [
      'a channel nothing resembles',
      { list: 'people', channels: ['email', 'Signal'] },
      { list: 'people', channels: ['email', 'Signal'] },
      [{ field: 'channels', value: 'Signal', suggestion: null }],
    ],
    ['other lists have no such filters', { list: 'projects', sectors: ['DeFi'] }, { list: 'projects', sectors: ['DeFi'] }, []],
  ])('%s', (_label, query, sent, doubts) => {
    expect(checkQuery(query, known)).toEqual({ query: sent, doubts });
  });

  it('before any answer, the starting suggestion is the vocabulary', () => {
    expect(checkQuery({ list: 'people', roles: ['bd'], channels: ['Telegram'] }, offersOf(null))).toEqual({
      query: { list: 'people', roles: ['bd'], channels: ['telegram'] },
      doubts: [],
    });
  });
});

describe('nearest: what a typed value most likely meant', () => {
  const roles = [...STARTING_FACETS.roles, 'business development'];
  it.each<[string, string | null]>([
    ['Business Development', 'bd'],
    ['BizDev', 'bd'],
    ['founders', 'founder'],
    ['Engineer', 'engineering'],
    ['reserch', 'research'],
    ['CEO', null],
    ['x', null],
  ])('%s → %s', (typed, expected) => {
    expect(nearest(typed, roles)).toBe(expected);
  });

  it('a short form finds the long one', () => {
    expect(nearest('bd', ['business development'])).toBe('business development');
  });
});

describe('the question and the pick', () => {
  it.each<[Doubt, string]>([
    [{ field: 'roles', value: 'Business Development', suggestion: 'bd' }, 'No role “Business Development” seen — did you mean bd?'],
    [{ field: 'channels', value: 'Signal', suggestion: null }, 'No channel “Signal” seen.'],
  ])('%j', (doubt, text) => {
    expect(doubtText(doubt)).toBe(text);
  });

  it('picking the suggestion replaces only the value typed', () => {
    expect(replaceValue('founder, Business Development', 'Business Development', 'bd')).toBe('founder, bd');
  });
});
