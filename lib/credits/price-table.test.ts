import { describe, expect, it } from 'vitest';
import { endpointForRow, priceTable, SPEC_PRICES, type Endpoint } from './price-table';

const ME_ENDPOINTS = [
  { method: 'GET', path: '/v1/me', summary: 'Identity', credits: 0 },
  { method: 'GET', path: '/v1/people', summary: 'List people', credits: 5 },
  { method: 'GET', path: '/v1/people/{id}', summary: 'Person detail', credits: 5 },
  { method: 'GET', path: '/v1/people/{id}?include=private', summary: 'Reveal private channels', credits: 10 },
  { method: 'GET', path: '/v1/projects', summary: 'List projects', credits: 5 },
  { method: 'GET', path: '/v1/projects/{id}', summary: 'Project detail', credits: 5 },
  { method: 'GET', path: '/v1/investors', summary: 'List investors', credits: 5 },
  { method: 'GET', path: '/v1/investors/{slug}', summary: 'Investor detail', credits: 5 },
  { method: 'GET', path: '/v1/services', summary: 'List services', credits: 5 },
  { method: 'GET', path: '/v1/services/{slug}', summary: 'Service detail', credits: 5 },
  { method: 'GET', path: '/v1/search', summary: 'Typeahead search', credits: 5 },
  { method: 'GET', path: '/v1/network', summary: 'Planned', credits: null },
];

describe('endpointForRow', () => {
  it.each([
    ['/v1/me', '', 'me'],
    ['/v1/search', '', 'search'],
    ['/v1/people', '', 'people'],
    ['/v1/people/{id}', 'Person detail', 'person'],
    ['/v1/people/:id', 'Person with coworkers', 'person'],
    ['/v1/people/{id}?include=private', '', 'reveal'],
    ['/v1/people/{id}', 'Reveal email, phone, telegram (first reveal)', 'reveal'],
    ['/V1/Projects/{id}', '', 'project'],
    ['/v1/investors/{slug}', '', 'investor'],
    ['/v1/services/{slug}', '', 'service'],
    ['https://api.example.com/v1/projects', '', 'projects'],
    ['/v1/network', '', null],
    ['/v2/people', '', null],
    ['/v1/people/{id}/extra', '', null],
  ] as const)('%s (%s) → %s', (path, summary, expected) => {
    expect(endpointForRow({ path, summary })).toBe(expected);
  });
});

describe('priceTable', () => {
  it('falls back to the spec constants without /v1/me', () => {
    const t = priceTable();
    expect(t.estimate({ endpoint: 'me' }).credits).toBe(SPEC_PRICES.me);
    expect(t.estimate({ endpoint: 'reveal' }).credits).toBe(10);
    for (const e of ['search', 'people', 'person', 'project', 'projects', 'investor', 'investors', 'service', 'services'] as Endpoint[]) {
      expect(t.estimate({ endpoint: e })).toEqual({ endpoint: e, credits: 5 });
    }
  });

  it('reads /v1/me endpoints as the reference of record', () => {
    const t = priceTable({
      endpoints: ME_ENDPOINTS.map((r) => (r.path === '/v1/search' ? { ...r, credits: 3 } : r)),
      pricing: { basicCallCredits: 5, privateCallCredits: 10 },
    });
    expect(t.prices).toMatchObject({ me: 0, search: 3, person: 5, reveal: 10, project: 5 });
  });

  it('uses pricing constants for endpoints /v1/me does not list', () => {
    const t = priceTable({ endpoints: [], pricing: { basicCallCredits: 6, privateCallCredits: 12 } });
    expect(t.prices).toMatchObject({ search: 6, person: 6, reveal: 12, me: 0 });
  });

  it.each([
    [
      'a reveal row cheaper than privateCallCredits',
      [{ path: '/v1/people/{id}?include=private', credits: 5 }],
      { privateCallCredits: 10 },
      10,
    ],
    ['no reveal row', [{ path: '/v1/people/{id}', credits: 5 }], { privateCallCredits: 10 }, 10],
    ['a dearer reveal row', [{ path: '/v1/people/{id}?include=private', credits: 15 }], { privateCallCredits: 10 }, 15],
  ])('never under-estimates a reveal: %s', (_label, endpoints, pricing, expected) => {
    expect(priceTable({ endpoints, pricing }).prices.reveal).toBe(expected);
  });

  it.each([
    ['negative', -1],
    ['NaN', Number.NaN],
    ['string', '5'],
    ['null', null],
  ])('ignores a %s price', (_label, credits) => {
    expect(priceTable({ endpoints: [{ path: '/v1/search', credits }] }).prices.search).toBe(5);
  });

  it('ignores non-GET rows', () => {
    expect(priceTable({ endpoints: [{ method: 'POST', path: '/v1/search', credits: 1 }] }).prices.search).toBe(5);
  });
});
