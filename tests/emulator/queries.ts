// Query semantics of the list endpoints and the search typeahead: validation, filters, sorts, paging, ranking.

import type { Channel, CompanyRecord, ContactType, PersonRecord, Role } from './types';

export const DEFAULT_PAGE = 1;
export const DEFAULT_LIMIT = 30;
export const MAX_LIMIT = 100;
export const SEARCH_LIMIT = 12;

export const ROLES: readonly Role[] = [
  'founder',
  'executive',
  'engineering',
  'bd',
  'marketing',
  'community',
  'investor',
  'research',
  'operations',
  'legal',
];
export const CHANNELS: readonly Channel[] = ['email', 'phone', 'telegram', 'linkedin'];

export class BadRequest extends Error {}

/** `include=private` (also inside a comma list or repeated). */
export const includesPrivate = (params: URLSearchParams): boolean =>
  params.getAll('include').some((v) =>
    v
      .split(',')
      .map((x) => x.trim().toLowerCase())
      .includes('private'),
  );

// eslint-disable-next-line @typescript-eslint/no-base-to-string -- a query value of any type matches as its text
const str = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v)).toLowerCase();

/** page default 1, limit default 30; limit above 100 is clamped to 100; non-integers or values < 1 are 400. */
export function parsePaging(params: URLSearchParams): { page: number; limit: number } {
  const read = (name: string, fallback: number): number => {
    const raw = params.get(name);
    if (raw === null || raw === '') return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new BadRequest(`${name} must be a positive integer`);
    return Number(raw);
  };
  return { page: read('page', DEFAULT_PAGE), limit: Math.min(MAX_LIMIT, read('limit', DEFAULT_LIMIT)) };
}

export function page<T>(
  items: readonly T[],
  paging: { page: number; limit: number },
): { data: T[]; total: number; page: number; totalPages: number } {
  const start = (paging.page - 1) * paging.limit;
  return {
    data: items.slice(start, start + paging.limit),
    total: items.length,
    page: paging.page,
    totalPages: Math.ceil(items.length / paging.limit),
  };
}

export function oneOf<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[]): T | undefined {
  const raw = params.get(name);
  if (raw === null || raw === '') return undefined;
  if (!(allowed as readonly string[]).includes(raw)) throw new BadRequest(`${name} must be one of: ${allowed.join(', ')}`);
  return raw as T;
}

/** Comma-separated and/or repeated values (`sector=DeFi&sector=NFT` or `sector=DeFi,NFT`). */
export function multi(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

const fullName = (p: PersonRecord): string => `${str(p.firstName)} ${str(p.lastName)}`;
const cmp = <T extends string | number>(a: T, b: T): number => (a < b ? -1 : a > b ? 1 : 0);
// One collator: String#localeCompare builds one per call, which dominated list latency.
const collate = new Intl.Collator('en', { sensitivity: 'base' }).compare;
// ISO timestamps sort correctly as plain strings.
const byCreatedDesc = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }): number =>
  cmp(str(b.createdAt), str(a.createdAt)) || cmp(a.id, b.id);

// Sorted copies are cached per record array (arrays are replaced, never mutated, on patch):
// filtering a presorted array keeps its order, so a list call is one linear pass.
const sortedCache = new WeakMap<readonly object[], Map<string, readonly object[]>>();
function presorted<T extends object>(items: readonly T[], name: string, compare: (a: T, b: T) => number): readonly T[] {
  let byName = sortedCache.get(items);
  if (!byName) {
    byName = new Map();
    sortedCache.set(items, byName);
  }
  let sorted = byName.get(name) as readonly T[] | undefined;
  if (!sorted) {
    sorted = [...items].sort(compare);
    byName.set(name, sorted);
  }
  return sorted;
}

// ---- people ----

export interface PeopleQuery {
  q: string;
  contactType?: ContactType;
  roles: string[];
  channels: Channel[];
  sort: 'recent' | 'name';
}

export function parsePeopleQuery(params: URLSearchParams): PeopleQuery {
  const channels = multi(params, 'channels').map((c) => c.toLowerCase());
  for (const c of channels)
    if (!(CHANNELS as readonly string[]).includes(c)) throw new BadRequest(`channels must be among: ${CHANNELS.join(', ')}`);
  return {
    q: (params.get('q') ?? '').trim(),
    contactType: oneOf(params, 'contactType', ['analyst', 'team'] as const),
    roles: multi(params, 'roles').map((r) => r.toLowerCase()),
    channels: channels as Channel[],
    sort: oneOf(params, 'sort', ['recent', 'name'] as const) ?? 'recent',
  };
}

const hasChannel = (p: PersonRecord, c: Channel): boolean =>
  c === 'email' ? p.hasEmail : c === 'phone' ? p.hasPhone : c === 'telegram' ? p.hasTelegram : p.hasLinkedin;

/** q matches name, handle or title (substring); roles match any listed; channels require all listed. */
export function filterPeople(people: readonly PersonRecord[], q: PeopleQuery): PersonRecord[] {
  const needle = q.q.toLowerCase().replace(/^@/, '');
  const byName = (a: PersonRecord, b: PersonRecord): number =>
    collate(str(a.lastName), str(b.lastName)) || collate(str(a.firstName), str(b.firstName)) || cmp(a.id, b.id);
  const ordered = q.sort === 'name' ? presorted(people, 'name', byName) : presorted(people, 'recent', byCreatedDesc);
  return ordered.filter(
    (p) =>
      (!needle || str(p.twitterHandle).includes(needle) || fullName(p).includes(needle) || str(p.jobTitle).includes(needle)) &&
      (!q.contactType || p.contactType === q.contactType) &&
      (q.roles.length === 0 || q.roles.includes(p.role)) &&
      q.channels.every((c) => hasChannel(p, c)),
  );
}

/** Facets count the whole matched set (the same set as `total`). */
export function peopleFacets(people: readonly PersonRecord[]): { roles: Record<Role, number>; channels: Record<Channel, number> } {
  const roles = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  const channels: Record<Channel, number> = { email: 0, phone: 0, telegram: 0, linkedin: 0 };
  for (const p of people) {
    roles[p.role] = (roles[p.role] ?? 0) + 1;
    for (const c of CHANNELS) if (hasChannel(p, c)) channels[c] += 1;
  }
  return { roles, channels };
}

// ---- companies ----

const companyMatches = (c: CompanyRecord, needle: string): boolean =>
  !needle ||
  str(c.name).includes(needle) ||
  str(c.slug).includes(needle) ||
  str(c.ticker) === needle ||
  str(c.twitterHandle).includes(needle) ||
  str(c.domain).includes(needle);

const sectorMatches = (c: CompanyRecord, sectors: string[]): boolean =>
  sectors.length === 0 || c.sectors.some((s) => sectors.includes(s.toLowerCase()));

const byName = (a: CompanyRecord, b: CompanyRecord): number => collate(str(a.name), str(b.name)) || cmp(a.id, b.id);

/** Validates the query now (400s) and returns the filter to run later (never run for samples). */
export function projectsQuery(params: URLSearchParams): (items: readonly CompanyRecord[]) => CompanyRecord[] {
  const needle = (params.get('q') ?? '').trim().toLowerCase().replace(/^[@$]/, '');
  const sectors = multi(params, 'sector').map((s) => s.toLowerCase());
  const token = oneOf(params, 'token', ['launched', 'pre'] as const);
  const sort = oneOf(params, 'sort', ['recent', 'name'] as const) ?? 'recent';
  // token=pre means explicitly false: null (nobody checked) is in neither bucket.
  const tokenOk = (c: CompanyRecord): boolean => !token || (token === 'launched' ? c.tokenLaunched === true : c.tokenLaunched === false);
  return (items) =>
    (sort === 'name' ? presorted(items, 'name', byName) : presorted(items, 'recent', byCreatedDesc)).filter(
      (c) => companyMatches(c, needle) && sectorMatches(c, sectors) && tokenOk(c),
    );
}

export function servicesQuery(params: URLSearchParams): (items: readonly CompanyRecord[]) => CompanyRecord[] {
  const needle = (params.get('q') ?? '').trim().toLowerCase().replace(/^[@$]/, '');
  const sectors = multi(params, 'sector').map((s) => s.toLowerCase());
  const sort = oneOf(params, 'sort', ['recent', 'name'] as const) ?? 'recent';
  return (items) =>
    (sort === 'name' ? presorted(items, 'name', byName) : presorted(items, 'recent', byCreatedDesc)).filter(
      (c) => companyMatches(c, needle) && sectorMatches(c, sectors),
    );
}

export function investorsQuery(params: URLSearchParams): (items: readonly CompanyRecord[]) => CompanyRecord[] {
  const needle = (params.get('q') ?? '').trim().toLowerCase().replace(/^@/, '');
  const fundType = (params.get('fundType') ?? '').trim().toLowerCase();
  const trustTier = (params.get('trustTier') ?? '').trim().toLowerCase();
  const sort = oneOf(params, 'sort', ['portfolio', 'roi', 'name', 'recent'] as const) ?? 'portfolio';
  const roi = (c: CompanyRecord): number => c.fundAllTimeRoiPct ?? -Infinity; // no recorded ROI sorts last
  const sorters: Record<typeof sort, (a: CompanyRecord, b: CompanyRecord) => number> = {
    portfolio: (a, b) => b.portfolio.length - a.portfolio.length || byName(a, b),
    roi: (a, b) => cmp(roi(b), roi(a)) || byName(a, b),
    name: byName,
    recent: byCreatedDesc,
  };
  return (items) =>
    presorted(items, sort, sorters[sort]).filter(
      (c) => companyMatches(c, needle) && (!fundType || str(c.fundType) === fundType) && (!trustTier || str(c.trustTier) === trustTier),
    );
}

// ---- search ----

/** Lower-cased match targets: whole values, and their words for prefix matching. */
interface Target {
  values: string[];
  words: string[];
}

const target = (values: unknown[]): Target => {
  const v = values.map(str).filter(Boolean);
  return { values: v, words: v.flatMap((x) => x.split(/[\s_\-.]+/)).filter(Boolean) };
};

/** 0 exact, 1 prefix (of the whole value or of a word), 2 substring, undefined no match. */
function rank(t: Target, needle: string): number | undefined {
  if (!needle) return undefined;
  let best: number | undefined;
  for (const v of t.values) {
    if (v === needle) return 0;
    if (v.startsWith(needle)) best = 1;
    else if (best === undefined && v.includes(needle)) best = 2;
  }
  if (best !== 1 && t.words.some((w) => w.startsWith(needle))) best = 1;
  return best;
}

interface Indexed<T> {
  item: T;
  /** Matched with the query as typed. */
  names: Target;
  /** Matched with a leading @ or $ stripped (handles, tickers). */
  handles: Target;
  /** All targets joined: a cheap pre-check, since any match contains the bare needle. */
  hay: string;
  sortKey: string;
}

// Built once per record array (the directory swaps arrays on patch, so a patched record is re-indexed).
const companyIndex = new WeakMap<readonly CompanyRecord[], Indexed<CompanyRecord>[]>();
const peopleIndex = new WeakMap<readonly PersonRecord[], Indexed<PersonRecord>[]>();

function indexed<T>(
  cache: WeakMap<readonly T[], Indexed<T>[]>,
  items: readonly T[],
  make: (item: T) => Omit<Indexed<T>, 'hay'>,
): Indexed<T>[] {
  let idx = cache.get(items);
  if (!idx) {
    idx = items.map((item) => {
      const e = make(item);
      return { ...e, hay: [...e.names.values, ...e.handles.values].join('\n') };
    });
    cache.set(items, idx);
  }
  return idx;
}

function ranked<T extends { id: string }>(index: Indexed<T>[], needle: string, bare: string): T[] {
  const hits: { e: Indexed<T>; r: number }[] = [];
  for (const e of index) {
    if (!e.hay.includes(bare)) continue;
    const a = rank(e.names, needle);
    const b = rank(e.handles, bare);
    const r = a === undefined ? b : b === undefined ? a : Math.min(a, b);
    if (r !== undefined) hits.push({ e, r });
  }
  hits.sort((x, y) => x.r - y.r || collate(x.e.sortKey, y.e.sortKey) || cmp(x.e.item.id, y.e.item.id));
  return hits.slice(0, SEARCH_LIMIT).map((h) => h.e.item);
}

/** Typeahead over every company (any companyType) and every person; exact > prefix > substring. */
export function search(
  companies: readonly CompanyRecord[],
  people: readonly PersonRecord[],
  q: string,
): { companies: CompanyRecord[]; people: PersonRecord[] } {
  const needle = q.trim().toLowerCase();
  const bare = needle.replace(/^[@$]/, ''); // "@AdaQuant" finds the handle, "$QLR" the ticker
  const companyIdx = indexed(companyIndex, companies, (c) => ({
    item: c,
    names: target([c.name, c.slug]),
    handles: target([c.twitterHandle, c.ticker]),
    sortKey: str(c.name),
  }));
  const peopleIdx = indexed(peopleIndex, people, (p) => ({
    item: p,
    names: target([`${str(p.firstName)} ${str(p.lastName)}`]),
    handles: target([p.twitterHandle]),
    sortKey: `${str(p.firstName)} ${str(p.lastName)}`,
  }));
  return { companies: ranked(companyIdx, needle, bare), people: ranked(peopleIdx, needle, bare) };
}
