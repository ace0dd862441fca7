// The one price table: metering bills from it and /v1/me lists it, so they cannot disagree.

export type RouteId =
  | 'me'
  | 'people.list'
  | 'people.get'
  | 'people.reveal'
  | 'projects.list'
  | 'projects.get'
  | 'investors.list'
  | 'investors.get'
  | 'services.list'
  | 'services.get'
  | 'search';

export interface PriceRow {
  id: RouteId;
  method: 'GET';
  path: string;
  summary: string;
  credits: number;
}

export const BASIC_CALL_CREDITS = 5;
export const PRIVATE_CALL_CREDITS = 10;

export const PRICE_TABLE: readonly PriceRow[] = [
  { id: 'me', method: 'GET', path: '/v1/me', summary: 'Account identity, balance, key scopes and this price list', credits: 0 },
  {
    id: 'people.list',
    method: 'GET',
    path: '/v1/people',
    summary: 'List people (q, contactType, roles, channels, sort, page, limit) with facets',
    credits: BASIC_CALL_CREDITS,
  },
  {
    id: 'people.get',
    method: 'GET',
    path: '/v1/people/{id}',
    summary: 'One person with coworkers; an unlocked contact comes back with its channels',
    credits: BASIC_CALL_CREDITS,
  },
  {
    id: 'people.reveal',
    method: 'GET',
    path: '/v1/people/{id}?include=private',
    summary: "First reveal of a contact's email, phone, telegram and LinkedIn (permanent for the account; later reads cost 5)",
    credits: PRIVATE_CALL_CREDITS,
  },
  {
    id: 'projects.list',
    method: 'GET',
    path: '/v1/projects',
    summary: 'List projects (q, sector, token, sort, page, limit)',
    credits: BASIC_CALL_CREDITS,
  },
  {
    id: 'projects.get',
    method: 'GET',
    path: '/v1/projects/{id}',
    summary: 'One company by id or slug, with team',
    credits: BASIC_CALL_CREDITS,
  },
  {
    id: 'investors.list',
    method: 'GET',
    path: '/v1/investors',
    summary: 'List investors (q, fundType, trustTier, sort, page, limit)',
    credits: BASIC_CALL_CREDITS,
  },
  {
    id: 'investors.get',
    method: 'GET',
    path: '/v1/investors/{slug}',
    summary: 'One fund with team and portfolio',
    credits: BASIC_CALL_CREDITS,
  },
  {
    id: 'services.list',
    method: 'GET',
    path: '/v1/services',
    summary: 'List service providers, platforms and launchpads (q, sector, sort, page, limit)',
    credits: BASIC_CALL_CREDITS,
  },
  {
    id: 'services.get',
    method: 'GET',
    path: '/v1/services/{slug}',
    summary: 'One service provider with team',
    credits: BASIC_CALL_CREDITS,
  },
  {
    id: 'search',
    method: 'GET',
    path: '/v1/search',
    summary: 'Typeahead: up to 12 companies and 12 people (q required)',
    credits: BASIC_CALL_CREDITS,
  },
];

export function priceOf(id: RouteId): number {
  const row = PRICE_TABLE.find((r) => r.id === id);
  if (!row) throw new Error(`no price for ${id}`);
  return row.credits;
}
