/*
 * Query strings, by hand rather than URLSearchParams: spaces as %20 (the API's examples), comma lists keep a
 * literal comma (`roles=founder,bd`), repeatable keys repeat (`sector=DeFi&sector=NFT`). The list builders
 * take parameters made canonical by ./calls.ts and write them in one fixed order.
 */

type Pair = readonly [name: string, encodedValue: string];

const enc = encodeURIComponent;

function single(name: string, value: string | number | undefined): Pair[] {
  if (value === undefined) return [];
  const text = String(value).trim();
  return text === '' ? [] : [[name, enc(text)]];
}

/** One value, the items comma-separated (each encoded, so a comma inside an item stays part of it). */
function commaList(name: string, values: readonly string[]): Pair[] {
  return values.length === 0 ? [] : [[name, values.map(enc).join(',')]];
}

/** The key once per value. */
function repeated(name: string, values: readonly string[]): Pair[] {
  return values.map((v): Pair => [name, enc(v)]);
}

/** '' or '?a=b&…'. */
function toQueryString(pairs: readonly Pair[]): string {
  return pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${enc(name)}=${value}`).join('&')}`;
}

export function searchQuery(q: string): string {
  return toQueryString(single('q', q));
}

/** `?include=private` only when the caller explicitly asked for a paid reveal. */
export function personQuery(reveal: boolean): string {
  return reveal ? toQueryString([['include', 'private']]) : '';
}

/** Paging, always last and always explicit (the spec does not say what `page` defaults to). */
export interface Paging {
  sort: string;
  page: number;
  limit: number;
}
const paging = (p: Paging): Pair[] => [...single('sort', p.sort), ...single('page', p.page), ...single('limit', p.limit)];

export function peopleListQuery(p: Paging & { q: string; contactType?: string; roles: readonly string[]; channels: readonly string[] }) {
  return toQueryString([
    ...single('q', p.q),
    ...single('contactType', p.contactType),
    ...commaList('roles', p.roles),
    ...commaList('channels', p.channels),
    ...paging(p),
  ]);
}

export function projectsListQuery(p: Paging & { q: string; sectors: readonly string[]; token?: string }) {
  return toQueryString([...single('q', p.q), ...repeated('sector', p.sectors), ...single('token', p.token), ...paging(p)]);
}

export function investorsListQuery(p: Paging & { q: string; fundType?: string; trustTier?: string }) {
  return toQueryString([...single('q', p.q), ...single('fundType', p.fundType), ...single('trustTier', p.trustTier), ...paging(p)]);
}

export function servicesListQuery(p: Paging & { q: string; sectors: readonly string[] }) {
  return toQueryString([...single('q', p.q), ...repeated('sector', p.sectors), ...paging(p)]);
}
