/*
 * Typed query options and their query strings. Lists are built by hand rather than with URLSearchParams so
 * that comma lists keep a literal comma (`roles=founder,bd`) and repeatable keys repeat (`sector=a&sector=b`).
 */

export const MAX_LIMIT = 100;

export type PeopleSort = 'recent' | 'name';
export type ProjectSort = 'recent' | 'name';
export type ServiceSort = 'recent' | 'name';
export type InvestorSort = 'portfolio' | 'roi' | 'name' | 'recent';
export type ContactType = 'analyst' | 'team';
export type TokenFilter = 'launched' | 'pre';

export interface PageOptions {
  /** 1-based; values below 1 become 1. Server default when omitted. */
  page?: number;
  /** Clamped to 1..100. Server default (30) when omitted. */
  limit?: number;
}

export interface ListPeopleQuery extends PageOptions {
  /** Name, handle or title. */
  q?: string;
  contactType?: ContactType;
  /** Sent comma-separated. */
  roles?: readonly string[];
  /** Sent comma-separated. */
  channels?: readonly string[];
  sort?: PeopleSort;
}

export interface ListProjectsQuery extends PageOptions {
  q?: string;
  /** Repeatable: `sector=a&sector=b`. */
  sector?: string | readonly string[];
  token?: TokenFilter;
  sort?: ProjectSort;
}

export interface ListInvestorsQuery extends PageOptions {
  q?: string;
  /** Allowed values not shown by the spec. */
  fundType?: string;
  /** Allowed values not shown by the spec. */
  trustTier?: string;
  sort?: InvestorSort;
}

export interface ListServicesQuery extends PageOptions {
  q?: string;
  /** Repeatable: `sector=a&sector=b`. */
  sector?: string | readonly string[];
  sort?: ServiceSort;
}

/** 1..100, integer; undefined for a missing or non-finite value (let the server default). */
export function clampLimit(limit: number | undefined): number | undefined {
  if (limit === undefined || !Number.isFinite(limit)) return undefined;
  return Math.min(MAX_LIMIT, Math.max(1, Math.trunc(limit)));
}

/** ≥ 1, integer; undefined for a missing or non-finite value. */
export function clampPage(page: number | undefined): number | undefined {
  if (page === undefined || !Number.isFinite(page)) return undefined;
  return Math.max(1, Math.trunc(page));
}

type Pair = readonly [name: string, encodedValue: string];

const enc = encodeURIComponent;

function cleanList(values: string | readonly string[] | undefined): string[] {
  if (values === undefined) return [];
  const list = typeof values === 'string' ? [values] : values;
  return list.map((v) => v.trim()).filter((v) => v !== '');
}

function single(name: string, value: string | number | undefined): Pair[] {
  if (value === undefined) return [];
  const text = String(value).trim();
  return text === '' ? [] : [[name, enc(text)]];
}

function commaList(name: string, values: readonly string[] | undefined): Pair[] {
  const list = cleanList(values);
  return list.length === 0 ? [] : [[name, list.map(enc).join(',')]];
}

function repeated(name: string, values: string | readonly string[] | undefined): Pair[] {
  return cleanList(values).map((v): Pair => [name, enc(v)]);
}

function paging(options: PageOptions): Pair[] {
  return [...single('page', clampPage(options.page)), ...single('limit', clampLimit(options.limit))];
}

/** '' or '?a=b&…'. */
export function toQueryString(pairs: readonly Pair[]): string {
  return pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${enc(name)}=${value}`).join('&')}`;
}

export function peopleQuery(query: ListPeopleQuery = {}): string {
  return toQueryString([
    ...single('q', query.q),
    ...single('contactType', query.contactType),
    ...commaList('roles', query.roles),
    ...commaList('channels', query.channels),
    ...single('sort', query.sort),
    ...paging(query),
  ]);
}

export function projectsQuery(query: ListProjectsQuery = {}): string {
  return toQueryString([
    ...single('q', query.q),
    ...repeated('sector', query.sector),
    ...single('token', query.token),
    ...single('sort', query.sort),
    ...paging(query),
  ]);
}

export function investorsQuery(query: ListInvestorsQuery = {}): string {
  return toQueryString([
    ...single('q', query.q),
    ...single('fundType', query.fundType),
    ...single('trustTier', query.trustTier),
    ...single('sort', query.sort),
    ...paging(query),
  ]);
}

export function servicesQuery(query: ListServicesQuery = {}): string {
  return toQueryString([
    ...single('q', query.q),
    ...repeated('sector', query.sector),
    ...single('sort', query.sort),
    ...paging(query),
  ]);
}

export function searchQuery(q: string): string {
  return toQueryString(single('q', q));
}

/** `?include=private` only when the caller explicitly asked for a paid reveal. */
export function personQuery(reveal: boolean): string {
  return reveal ? toQueryString([['include', 'private']]) : '';
}
