import { describe, expect, it } from 'vitest';
import { lookupQuery } from '@/lib/lookup/lookup-query';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import type { DetectedProfile } from '@/lib/profile/types';
import {
  BROWSER_RESEND,
  investorCall,
  investorsListCall,
  normalizeQuery,
  peopleListCall,
  personCall,
  ProspectQuerySchema,
  projectCall,
  projectsListCall,
  revealCall,
  searchCall,
  serviceCall,
  servicesListCall,
  type ApiCall,
  type Endpoint,
} from './calls';

const NFD = (s: string) => s.normalize('NFD');

describe('the one cache-key rule: the query sent, normalised once', () => {
  it.each<[string, string, string]>([
    // [label, what one caller asked, what another asked] → one paid search
    ['case', 'AdaQuant', 'adaquant'],
    ['NFC and NFD spellings', 'Jürgen Müller', NFD('Jürgen Müller')],
    ['surrounding and repeated spaces', '  Jürgen   Müller ', 'Jürgen Müller'],
    ['tabs and no-break spaces', 'Jürgen\tMüller', 'Jürgen\u00a0Müller'],
    ['upper-case accented letters', 'JÜRGEN MÜLLER', 'jürgen müller'],
  ])('%s: one key', (_label, a, b) => {
    expect(searchCall(a).cacheKey).toBe(searchCall(b).cacheKey);
    expect(searchCall(a).path).toBe(searchCall(b).path);
  });

  it.each<[string, string, string]>([
    // Never looser than what was asked: one answer is never served for another question.
    ['diacritics', 'Jürgen Müller', 'Jurgen Muller'],
    ['ß and ss', 'Strauß', 'Strauss'],
    ['word order', 'Ada Lindqvist', 'Lindqvist Ada'],
    ['punctuation', "O'Neil", 'ONeil'],
  ])('%s: two keys', (_label, a, b) => {
    expect(searchCall(a).cacheKey).not.toBe(searchCall(b).cacheKey);
  });

  it.each<[string, string, Record<string, string>, string]>([
    // [label, page URL, page hints, what the popup's search box held] → the same paid answer
    ['an X profile and a popup search for its handle', 'https://x.com/AdaQuant', {}, 'adaquant'],
    [
      'a LinkedIn page (decorated NFD name) and a popup search for the name',
      'https://www.linkedin.com/in/juergen-mueller/',
      { name: `${NFD('Jürgen Müller')} (he/him) 🚀` },
      'Jürgen Müller',
    ],
  ])('every caller derives the same key: %s', (_label, url, hints, popup) => {
    const q = lookupQuery(parseProfileUrl(url) as DetectedProfile, hints);
    if ('waitFor' in q) throw new Error('no query');
    expect(searchCall(q.q).cacheKey).toBe(searchCall(popup).cacheKey);
  });

  it.each(['', '   ', '\n\t'])('a blank query %j is refused before sending (no path, no key)', (q) => {
    expect(searchCall(q)).toMatchObject({ path: null, cacheKey: null, invalid: expect.any(String) });
  });

  it('normalizeQuery reads only strings', () => {
    expect(normalizeQuery(undefined)).toBe('');
    expect(normalizeQuery(42)).toBe('');
  });
});

describe('each call declares its price, cache key, resend rule and browser-resend cost', () => {
  it.each<[string, ApiCall<unknown>, Endpoint, string | null, 'once' | 'never']>([
    ['search', searchCall('Ada'), 'search', 'search:ada', 'once'],
    ['person', personCall('per_1'), 'person', 'person:per_1', 'once'],
    ['reveal', revealCall('per_1'), 'reveal', null, 'never'],
    ['project', projectCall('quantlayer'), 'project', 'project:quantlayer', 'once'],
    ['investor', investorCall('meridian'), 'investor', 'investor:meridian', 'once'],
    ['service', serviceCall('sentinel'), 'service', 'service:sentinel', 'once'],
  ])('%s', (_label, call, endpoint, cacheKey, resend) => {
    expect(call).toMatchObject({ endpoint, cacheKey, resend });
  });

  it('a reveal resent by the browser re-reads a contact unlocked by then: a data call', () => {
    expect(BROWSER_RESEND.reveal).toBe('person');
    expect(revealCall('per_1').path).toBe('/v1/people/per_1?include=private');
  });

  it.each(['', '..', '.'])('an id %j that names no record is refused before sending', (id) => {
    expect(personCall(id)).toMatchObject({ path: null, cacheKey: null });
  });
});

describe('query strings: spaces as %20, symbols encoded, trimmed', () => {
  it.each([
    ['QuantLayer', '/v1/search?q=quantlayer'],
    ['Ada & co/x', '/v1/search?q=ada%20%26%20co%2Fx'],
    ['  ada  ', '/v1/search?q=ada'],
  ])('%j', (q, path) => {
    expect(searchCall(q).path).toBe(path);
  });
});

describe('list calls (prospect search): limit=100, page and sort always sent, the cache key is every parameter sent', () => {
  it.each<[string, ApiCall<unknown>, string, string]>([
    // [label, call, path sent, cache key]
    ['people, nothing chosen', peopleListCall({}), '/v1/people?sort=recent&page=1&limit=100', 'people:sort=recent&page=1&limit=100'],
    [
      'people, every filter',
      peopleListCall({ q: 'BD Lead', contactType: 'team', roles: ['founder', 'bd'], channels: ['telegram'], sort: 'name', page: 2 }),
      '/v1/people?q=bd%20lead&contactType=team&roles=bd,founder&channels=telegram&sort=name&page=2&limit=100',
      'people:q=bd%20lead&contactType=team&roles=bd,founder&channels=telegram&sort=name&page=2&limit=100',
    ],
    [
      'people: a role with a comma stays one role',
      peopleListCall({ roles: ['a,b', 'c d'] }),
      '/v1/people?roles=a%2Cb,c%20d&sort=recent&page=1&limit=100',
      'people:roles=a%2Cb,c%20d&sort=recent&page=1&limit=100',
    ],
    [
      'projects: repeatable sector, token',
      projectsListCall({ sectors: ['NFT', 'DeFi'], token: 'launched' }),
      '/v1/projects?sector=DeFi&sector=NFT&token=launched&sort=recent&page=1&limit=100',
      'projects:sector=DeFi&sector=NFT&token=launched&sort=recent&page=1&limit=100',
    ],
    [
      'investors: fund type and trust tier as typed, portfolio by default',
      investorsListCall({ q: ' Meridian ', fundType: ' vc ', trustTier: 'A' }),
      '/v1/investors?q=meridian&fundType=vc&trustTier=A&sort=portfolio&page=1&limit=100',
      'investors:q=meridian&fundType=vc&trustTier=A&sort=portfolio&page=1&limit=100',
    ],
    [
      'services: sectors, sort by name, page 3',
      servicesListCall({ sectors: ['Audit'], sort: 'name', page: 3 }),
      '/v1/services?sector=Audit&sort=name&page=3&limit=100',
      'services:sector=Audit&sort=name&page=3&limit=100',
    ],
  ])('%s', (_label, call, path, cacheKey) => {
    expect(call).toMatchObject({ path, cacheKey, resend: 'once', reveal: false });
  });

  it.each<[string, ApiCall<unknown>, ApiCall<unknown>]>([
    // Two equal searches: one key, one request.
    ['role order and repeats', peopleListCall({ roles: ['founder', 'bd', 'bd'] }), peopleListCall({ roles: ['bd', 'founder'] })],
    ['blank and padded values', peopleListCall({ roles: [' bd ', ''], channels: [] }), peopleListCall({ roles: ['bd'] })],
    ['the query, as the typeahead normalises it', peopleListCall({ q: '  Jürgen   MÜLLER ' }), peopleListCall({ q: 'jürgen müller' })],
    ['the default sort named or not', peopleListCall({}), peopleListCall({ sort: 'recent', page: 1 })],
    ['sector order', projectsListCall({ sectors: ['NFT', 'DeFi'] }), projectsListCall({ sectors: ['DeFi', 'NFT', ' NFT'] })],
    ['a page that is no page is page 1', servicesListCall({ page: 0 }), servicesListCall({ page: 1 })],
  ])('%s: one key', (_label, a, b) => {
    expect(a.cacheKey).toBe(b.cacheKey);
    expect(a.path).toBe(b.path);
  });

  it.each<[string, ApiCall<unknown>, ApiCall<unknown>]>([
    // Any difference is another question.
    ['the page', peopleListCall({ page: 1 }), peopleListCall({ page: 2 })],
    ['the sort', investorsListCall({ sort: 'roi' }), investorsListCall({ sort: 'portfolio' })],
    ['a role', peopleListCall({ roles: ['bd'] }), peopleListCall({ roles: ['bd', 'founder'] })],
    ['roles vs channels', peopleListCall({ roles: ['email'] }), peopleListCall({ channels: ['email'] })],
    ['the list', projectsListCall({ sectors: ['DeFi'] }), servicesListCall({ sectors: ['DeFi'] })],
    [
      'a trust tier’s case (values the spec leaves open are sent as given)',
      investorsListCall({ trustTier: 'A' }),
      investorsListCall({ trustTier: 'a' }),
    ],
    ['token launched vs none', projectsListCall({ token: 'launched' }), projectsListCall({})],
  ])('%s: two keys', (_label, a, b) => {
    expect(a.cacheKey).not.toBe(b.cacheKey);
  });

  it('each list is billed at its own row of the price table', () => {
    expect([peopleListCall({}), projectsListCall({}), investorsListCall({}), servicesListCall({})].map((c) => c.endpoint)).toEqual([
      'people',
      'projects',
      'investors',
      'services',
    ]);
  });

  it.each([
    { list: 'people', contactType: 'boss' },
    { list: 'people', sort: 'random' },
    { list: 'projects', token: 'maybe' },
    { list: 'investors', sort: 'recent-ish' },
  ])('values outside the spec’s enums never reach a call: the message schema refuses %j', (query) => {
    expect(ProspectQuerySchema.safeParse(query).success).toBe(false);
  });
});
