// The one price table: every route with its price class. Metering bills from it and /v1/me lists it, both at the
// current prices (state.config.prices: seeded 5/10, changed by configure({ prices })), so they cannot disagree.

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

/** What a data call costs (`basic`: search, lists, details, re-reading an unlocked contact) and a first reveal (`private`). */
export interface Prices {
  basic: number;
  private: number;
}

export const BASIC_CALL_CREDITS = 5;
export const PRIVATE_CALL_CREDITS = 10;
/** The prices the emulator starts with and reset() restores. Read the current ones from state.config.prices. */
export const SEEDED_PRICES: Readonly<Prices> = Object.freeze({ basic: BASIC_CALL_CREDITS, private: PRIVATE_CALL_CREDITS });

type PriceClass = 'free' | keyof Prices;

interface RouteRow {
  id: RouteId;
  path: string;
  summary: string | ((prices: Prices) => string);
  price: PriceClass;
}

const ROUTES: readonly RouteRow[] = [
  { id: 'me', path: '/v1/me', summary: 'Account identity, balance, key scopes and this price list', price: 'free' },
  {
    id: 'people.list',
    path: '/v1/people',
    summary: 'List people (q, contactType, roles, channels, sort, page, limit) with facets',
    price: 'basic',
  },
  {
    id: 'people.get',
    path: '/v1/people/{id}',
    summary: 'One person with coworkers; an unlocked contact comes back with its channels',
    price: 'basic',
  },
  {
    id: 'people.reveal',
    path: '/v1/people/{id}?include=private',
    summary: (p) =>
      `First reveal of a contact's email, phone, telegram and LinkedIn (permanent for the account; later reads cost ${p.basic})`,
    price: 'private',
  },
  { id: 'projects.list', path: '/v1/projects', summary: 'List projects (q, sector, token, sort, page, limit)', price: 'basic' },
  { id: 'projects.get', path: '/v1/projects/{id}', summary: 'One company by id or slug, with team', price: 'basic' },
  {
    id: 'investors.list',
    path: '/v1/investors',
    summary: 'List investors (q, fundType, trustTier, sort, page, limit)',
    price: 'basic',
  },
  { id: 'investors.get', path: '/v1/investors/{slug}', summary: 'One fund with team and portfolio', price: 'basic' },
  {
    id: 'services.list',
    path: '/v1/services',
    summary: 'List service providers, platforms and launchpads (q, sector, sort, page, limit)',
    price: 'basic',
  },
  { id: 'services.get', path: '/v1/services/{slug}', summary: 'One service provider with team', price: 'basic' },
  { id: 'search', path: '/v1/search', summary: 'Typeahead: up to 12 companies and 12 people (q required)', price: 'basic' },
];

const creditsOf = (row: RouteRow, prices: Prices): number => (row.price === 'free' ? 0 : prices[row.price]);

/** The price list at the given prices (GET /v1/me's `endpoints`). */
export function priceTable(prices: Prices): PriceRow[] {
  return ROUTES.map((row) => ({
    id: row.id,
    method: 'GET',
    path: row.path,
    summary: typeof row.summary === 'string' ? row.summary : row.summary(prices),
    credits: creditsOf(row, prices),
  }));
}

/** The price list at the seeded prices (what /v1/me lists until configure({ prices }) changes them). */
export const PRICE_TABLE: readonly PriceRow[] = Object.freeze(priceTable(SEEDED_PRICES));

/** What the route costs at the given prices. */
export function priceOf(prices: Prices, id: RouteId): number {
  const row = ROUTES.find((r) => r.id === id);
  if (!row) throw new Error(`no price for ${id}`);
  return creditsOf(row, prices);
}
