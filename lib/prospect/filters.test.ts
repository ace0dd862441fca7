import { describe, expect, it } from 'vitest';
import { peopleListCall, projectsListCall } from '@/lib/api/calls';
import { EMPTY_FORM, FIELDS_BY_LIST, queryOf, splitValues, toggleValue, type ProspectForm } from './filters';
import { prospectCall, type ProspectQuery } from './prospect-query';

const form = (patch: Partial<ProspectForm>): ProspectForm => ({ ...EMPTY_FORM, ...patch });

describe('queryOf: the form asks only what the chosen list accepts', () => {
  it.each<[string, ProspectForm, ProspectQuery]>([
    ['an empty people form: the default sort, named', form({}), { list: 'people', sort: 'recent' }],
    [
      'people with every filter',
      form({ q: ' bd lead ', contactType: 'team', roles: 'founder, bd,', channels: 'telegram', sort: 'name' }),
      { list: 'people', q: 'bd lead', contactType: 'team', roles: ['founder', 'bd'], channels: ['telegram'], sort: 'name' },
    ],
    [
      'fields of another list are left out (sectors typed, then People chosen)',
      form({ sectors: 'DeFi', token: 'launched', fundType: 'vc' }),
      { list: 'people', sort: 'recent' },
    ],
    [
      'projects',
      form({ list: 'projects', sectors: 'DeFi, NFT', token: 'pre' }),
      { list: 'projects', sectors: ['DeFi', 'NFT'], token: 'pre', sort: 'recent' },
    ],
    [
      'funds: a sort of another list falls back to the fund default',
      form({ list: 'investors', fundType: 'vc', trustTier: ' A ', sort: 'bogus' }),
      { list: 'investors', fundType: 'vc', trustTier: 'A', sort: 'portfolio' },
    ],
    ['service providers by name', form({ list: 'services', q: 'audit', sort: 'name' }), { list: 'services', q: 'audit', sort: 'name' }],
  ])('%s', (_label, f, expected) => {
    expect(queryOf(f)).toEqual(expected);
  });

  it('the query is the call: what the page asks is what the worker sends', () => {
    expect(prospectCall(queryOf(form({ roles: 'founder, bd', channels: 'telegram' })), 2).path).toBe(
      peopleListCall({ roles: ['bd', 'founder'], channels: ['telegram'], page: 2 }).path,
    );
    expect(prospectCall(queryOf(form({ list: 'projects', sectors: 'NFT' })), 1).cacheKey).toBe(
      projectsListCall({ sectors: ['NFT'] }).cacheKey,
    );
  });

  it('each list shows the spec’s filters and always the text and the sort', () => {
    for (const fields of Object.values(FIELDS_BY_LIST)) expect([fields[0], fields.at(-1)]).toEqual(['q', 'sort']);
  });
});

describe('comma-separated fields', () => {
  it.each<[string, string[]]>([
    ['founder, bd', ['founder', 'bd']],
    [' ,founder,, ', ['founder']],
    ['', []],
  ])('%j → %j', (text, values) => {
    expect(splitValues(text)).toEqual(values);
  });

  it.each<[string, string, string]>([
    ['', 'bd', 'bd'],
    ['founder', 'bd', 'founder, bd'],
    ['founder, bd', 'bd', 'founder'],
    ['founder,bd ,', 'founder', 'bd'],
  ])('toggling into %j the value %j → %j', (text, value, expected) => {
    expect(toggleValue(text, value)).toBe(expected);
  });
});
