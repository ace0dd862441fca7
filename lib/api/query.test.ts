import { describe, expect, it } from 'vitest';
import { clampLimit, clampPage, investorsQuery, peopleQuery, personQuery, projectsQuery, searchQuery, servicesQuery } from './query';

describe('clampLimit / clampPage', () => {
  it.each([
    [undefined, undefined],
    [0, 1],
    [-5, 1],
    [1, 1],
    [30, 30],
    [100, 100],
    [101, 100],
    [1e9, 100],
    [12.9, 12],
    [Number.NaN, undefined],
    [Number.POSITIVE_INFINITY, undefined],
  ])('limit %s → %s', (input, expected) => {
    expect(clampLimit(input)).toBe(expected);
  });

  it.each([
    [undefined, undefined],
    [0, 1],
    [-3, 1],
    [2, 2],
    [2.7, 2],
    [Number.NaN, undefined],
  ])('page %s → %s', (input, expected) => {
    expect(clampPage(input)).toBe(expected);
  });
});

describe('query strings', () => {
  it.each([
    ['no options', peopleQuery(), ''],
    ['q with spaces and symbols', peopleQuery({ q: 'Ada & co/x' }), '?q=Ada%20%26%20co%2Fx'],
    ['blank q dropped', peopleQuery({ q: '   ' }), ''],
    [
      'people: every option',
      peopleQuery({ q: 'ada', contactType: 'team', roles: ['founder', 'bd'], channels: ['email', 'telegram'], sort: 'name', page: 2, limit: 500 }),
      '?q=ada&contactType=team&roles=founder,bd&channels=email,telegram&sort=name&page=2&limit=100',
    ],
    ['people: empty lists dropped', peopleQuery({ roles: [], channels: [' ', ''] }), ''],
    ['people: list items encoded', peopleQuery({ roles: ['a,b', 'c d'] }), '?roles=a%2Cb,c%20d'],
    ['projects: repeatable sector', projectsQuery({ sector: ['DeFi', 'Gaming'], token: 'pre', sort: 'recent' }), '?sector=DeFi&sector=Gaming&token=pre&sort=recent'],
    ['projects: single sector string', projectsQuery({ sector: 'DeFi' }), '?sector=DeFi'],
    ['investors', investorsQuery({ fundType: 'VC', trustTier: 'A', sort: 'roi', limit: 0 }), '?fundType=VC&trustTier=A&sort=roi&limit=1'],
    ['services', servicesQuery({ sector: ['Audit'], sort: 'name', page: 0 }), '?sector=Audit&sort=name&page=1'],
    ['search', searchQuery('Aurora Chain'), '?q=Aurora%20Chain'],
    ['person, no reveal', personQuery(false), ''],
    ['person, reveal', personQuery(true), '?include=private'],
  ])('%s', (_label, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
