/*
 * One descriptor per API call: its path, how its answer is read, its price, cache key, resend rule and what
 * a lost request can cost. The client sends them; the paid path, the response cache and the knowledge index
 * read them, so a caller never picks a price or a cache key apart from its request.
 */
import { z } from 'zod';
import { readPeopleFacets, type PeopleFacets } from './facets';
import type { ApiSuccess } from './result';
import type { SampleRepairPlan } from './sample';
import {
  AccountBodySchema,
  InvestorDetailBodySchema,
  InvestorSchema,
  InvestorsListBodySchema,
  PeopleListBodySchema,
  PersonDetailBodySchema,
  PersonSchema,
  PortfolioRowSchema,
  ProjectDetailBodySchema,
  ProjectSchema,
  ProjectsListBodySchema,
  SearchBodySchema,
  ServiceDetailBodySchema,
  ServicesListBodySchema,
  type Account,
  type Investor,
  type InvestorDetail,
  type ListPage,
  type Meta,
  type Person,
  type Project,
  type PersonDetail,
  type ProjectDetail,
  type SearchResults,
  type ServiceDetail,
} from './schemas';

const LISTS = ['people', 'projects', 'investors', 'services'] as const;
export const ENDPOINTS = ['me', 'search', 'person', 'reveal', 'project', 'investor', 'service', ...LISTS] as const;
/** Which row of the account's price table (`/v1/me` `endpoints[]`) a call is billed at. */
export type Endpoint = (typeof ENDPOINTS)[number];

type Credits = ApiSuccess<unknown>['meta'];

/**
 * What a request costs again when the browser resends it by itself (Chromium and Firefox do, measured, when a reused
 * connection closes before any byte of the answer): its own price, but a resent reveal re-reads an unlocked contact.
 */
const resentAs = (endpoint: Endpoint): Endpoint => (endpoint === 'reveal' ? 'person' : endpoint);
export const BROWSER_RESEND = Object.fromEntries(ENDPOINTS.map((e) => [e, resentAs(e)])) as Readonly<Record<Endpoint, Endpoint>>;

export interface ApiCall<D> {
  /** The price this call is billed at. */
  readonly endpoint: Endpoint;
  /** Path and query sent under the base ('/v1/…'); null when the request cannot be made (see `invalid`). */
  readonly path: string | null;
  /** Why it cannot be made (a blank search, an id that names no record; its words: lib/messages/texts.ts): refused before anything is sent. */
  readonly invalid?: 'bad-id' | 'blank-search';
  /** The answer's key in the response cache: exactly the request sent, never looser; null: never cached (a reveal, `/v1/me`). */
  readonly cacheKey: string | null;
  /** `once`: a plain read the paid path may send once more after an unknown outcome. `never`: a reveal. */
  readonly resend: 'once' | 'never';
  /** `include=private`: a paid reveal. */
  readonly reveal: boolean;
  /** The record a detail read or a reveal is about (what a lead's cost is booked to, even when the answer is lost). */
  readonly recordId?: string;
  /** Reads the body into `data` and the credits. */
  readonly schema: z.ZodType<{ data: D; meta: Credits }>;
  readonly sample: SampleRepairPlan;
  /** A version from the body when the header is missing (`/v1/me`). */
  bodyVersion?(data: D): string | null;
}

const credits = (meta: Meta): Credits => ({ creditsCharged: meta.creditsCharged, creditsBalance: meta.creditsBalance });
/** The body minus `meta` is the data (every answer but a person read's and `/v1/me`'s). */
const minusMeta = <D>(body: z.ZodType<D & { meta: Meta }>) =>
  body.transform(({ meta, ...data }) => ({ data: data as D, meta: credits(meta) }));
const teamSample: SampleRepairPlan = { arrays: { team: PersonSchema } };

/**
 * A read of one record (`/v1/<collection>/<id>`), cached as `<endpoint>:<id as sent>` (the format earlier versions
 * stored: an update does not pay again for what is cached). An id that names no record is refused (`bad-id`).
 */
function detail<D>(endpoint: Endpoint, collection: string, id: string | number, read: Pick<ApiCall<D>, 'schema' | 'sample'>): ApiCall<D> {
  const segment = pathSegment(id);
  return {
    endpoint,
    path: segment === null ? null : `/v1/${collection}/${segment}`,
    ...(segment === null ? { invalid: 'bad-id' as const } : {}),
    cacheKey: segment === null ? null : `${endpoint}:${String(id)}`,
    resend: 'once',
    reveal: false,
    recordId: String(id),
    ...read,
  };
}

// ── query strings: by hand, not URLSearchParams: spaces as %20 (the API's examples), comma lists keep a ──
// literal comma (`roles=founder,bd`), repeatable keys repeat (`sector=DeFi&sector=NFT`).

/**
 * The one normal form of a search query: NFC (an NFD "Müller" is the same question), case-folded, spaces collapsed.
 * Nothing looser: the API may answer "Jürgen" and "Jurgen" differently, and one answer must never serve another.
 */
export function normalizeQuery(q: unknown): string {
  if (typeof q !== 'string') return '';
  return q.normalize('NFC').toLowerCase().normalize('NFC').replace(/\s+/gu, ' ').trim();
}

/** One path segment, encoded; null for '' or dot segments (resolved even as %2E: they would move the request elsewhere). */
export function pathSegment(value: string | number): string | null {
  // Untyped callers: `undefined` or an object would otherwise become '/undefined' or '/[object Object]'.
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) return null;
  const text = String(value);
  if (text.trim() === '' || /^\.+$/.test(text)) return null;
  return encodeURIComponent(text);
}

type Pair = readonly [name: string, encodedValue: string];
const enc = encodeURIComponent;

function single(name: string, value: string | number | undefined): Pair[] {
  if (value === undefined) return [];
  const text = String(value).trim();
  return text === '' ? [] : [[name, enc(text)]];
}
/** One value, the items comma-separated (each encoded, so a comma inside an item stays part of it). */
const commaList = (name: string, values: readonly string[]): Pair[] => (values.length === 0 ? [] : [[name, values.map(enc).join(',')]]);
const repeated = (name: string, values: readonly string[]): Pair[] => values.map((v): Pair => [name, enc(v)]);
/** '' or '?a=b&…'. */
const toQueryString = (pairs: readonly Pair[]): string =>
  pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${enc(name)}=${value}`).join('&')}`;

/** Free: identity, tier, balance, scopes, prices, `baseUrl`, `apiVersion`. */
export function meCall(): ApiCall<Account> {
  return {
    endpoint: 'me',
    path: '/v1/me',
    cacheKey: null,
    resend: 'once',
    reveal: false,
    schema: AccountBodySchema.transform(({ meta, ...data }) => ({
      data,
      // `/v1/me` costs 0 and its meta only repeats the balance.
      meta: meta ? credits(meta) : { creditsCharged: 0, creditsBalance: data.creditsBalance },
    })),
    sample: { arrays: {} },
    bodyVersion: (data) => data.apiVersion,
  };
}

/**
 * Typeahead: up to 12 projects and 12 people. The query is normalised here, once: what is sent is what is cached,
 * so "Jürgen Müller" from the popup and from a LinkedIn page are one paid search.
 */
export function searchCall(q: string): ApiCall<SearchResults> {
  const query = normalizeQuery(q);
  return {
    endpoint: 'search',
    path: query === '' ? null : `/v1/search${toQueryString(single('q', query))}`,
    ...(query === '' ? { invalid: 'blank-search' as const } : {}),
    cacheKey: query === '' ? null : `search:${query}`,
    resend: 'once',
    reveal: false,
    schema: minusMeta<SearchResults>(SearchBodySchema),
    sample: { arrays: { projects: ProjectSchema, people: PersonSchema }, defaults: { q: query } },
  };
}

const person = {
  // A reveal reports its charge at top level, and those numbers win; without them the schema requires `meta`.
  schema: PersonDetailBodySchema.transform(
    ({ data, meta, creditsCharged = meta!.creditsCharged, creditsBalance = meta!.creditsBalance }) => ({
      data,
      meta: { creditsCharged, creditsBalance },
    }),
  ),
  sample: { arrays: { coworkers: PersonSchema }, within: 'data' },
};

/** The person read (coworkers; an unlocked contact comes back with its channels). */
export function personCall(id: string | number): ApiCall<PersonDetail> {
  return detail('person', 'people', id, person);
}

/** A first reveal (10 credits by the spec): never cached, never resent by the extension. */
export function revealCall(id: string | number): ApiCall<PersonDetail> {
  const read = detail('reveal', 'people', id, person);
  return { ...read, path: read.path && `${read.path}?include=private`, cacheKey: null, resend: 'never', reveal: true };
}

/** Id or slug. From 1.5.0 any company kind resolves here. */
export function projectCall(idOrSlug: string | number): ApiCall<ProjectDetail> {
  return detail('project', 'projects', idOrSlug, { schema: minusMeta<ProjectDetail>(ProjectDetailBodySchema), sample: teamSample });
}

/** Slug; an id only from 1.5.0. */
export function investorCall(slugOrId: string | number): ApiCall<InvestorDetail> {
  const sample = { arrays: { team: PersonSchema, portfolio: PortfolioRowSchema } };
  return detail('investor', 'investors', slugOrId, { schema: minusMeta<InvestorDetail>(InvestorDetailBodySchema), sample });
}

export function serviceCall(slug: string | number): ApiCall<ServiceDetail> {
  return detail('service', 'services', slug, { schema: minusMeta<ServiceDetail>(ServiceDetailBodySchema), sample: teamSample });
}

// ── lists (prospect search) ───────────────────────────────────────────────────────────────────────

/** Every list page asks for the most the API gives (100): a data call's price does not depend on it. */
export const LIST_LIMIT = 100;

const CONTACT_TYPES = ['analyst', 'team'] as const;
const TOKEN_FILTERS = ['launched', 'pre'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];
export type TokenFilter = (typeof TOKEN_FILTERS)[number];
/** `/v1/people`, `/v1/projects` and `/v1/services`. */
const RECENT_OR_NAME = z.enum(['recent', 'name']).optional();

// A prospect search: the list and the filters that list accepts (the spec's enums; open values as typed),
// validated as a message (lib/messaging/schemas.ts), so the calls below send its values as they are.
const filterValue = z.string().trim().min(1).max(100);
const filterValues = z.array(filterValue).max(50).optional();
/** Name, handle or title (people); name, ticker, domain… (companies). */
const prospectText = z.string().max(200).optional();
export const ProspectQuerySchema = z.discriminatedUnion('list', [
  z.object({
    list: z.literal('people'),
    q: prospectText,
    contactType: z.enum(CONTACT_TYPES).optional(),
    /** Any of these (sent comma-separated). */
    roles: filterValues,
    /** All of these on file (sent comma-separated). */
    channels: filterValues,
    sort: RECENT_OR_NAME,
  }),
  z.object({
    list: z.literal('projects'),
    q: prospectText,
    /** Repeatable: `sector=a&sector=b`. */
    sectors: filterValues,
    token: z.enum(TOKEN_FILTERS).optional(),
    sort: RECENT_OR_NAME,
  }),
  z.object({
    list: z.literal('investors'),
    q: prospectText,
    /** Values not shown by the spec: sent as given (trimmed). */
    fundType: filterValue.optional(),
    trustTier: filterValue.optional(),
    sort: z.enum(['portfolio', 'roi', 'name', 'recent']).optional(),
  }),
  // The projects' filters but the token: the spec gives service providers none.
  z.object({ list: z.literal('services'), q: prospectText, sectors: filterValues, sort: RECENT_OR_NAME }),
]);

/** A list's params: its query's filters and the page (1-based; anything else is page 1). */
type ListParams<L extends (typeof LISTS)[number]> = Omit<Extract<z.output<typeof ProspectQuerySchema>, { list: L }>, 'list'> & {
  page?: number;
};

/** The sort sent when none is chosen: the spec does not say what the API defaults to, so it is always named. */
export const DEFAULT_SORTS = { people: 'recent', projects: 'recent', investors: 'portfolio', services: 'recent' } as const;

type PeoplePage = ListPage<Person> & { facets: PeopleFacets };

/** Trimmed, blanks dropped, each once, in code-point order: a set of values is one question however it was typed or ticked. */
const cleanSet = (values: readonly string[] = []): string[] => [...new Set(values.map((v) => v.trim()).filter((v) => v !== ''))].sort();

/**
 * A list page, cached under the whole query string it sends (`people:q=ada&roles=bd&sort=recent&page=1&limit=100`):
 * equal searches are one key, any difference another. One fixed order: the query (normalised like the typeahead's),
 * the list's canonical `filters`, then the paging, always explicit (the spec names no default page or sort).
 */
function listCall<D, B extends ListBody<unknown>>(
  endpoint: (typeof LISTS)[number],
  params: { q?: string; page?: number; sort?: string },
  filters: Pair[],
  read: { schema: z.ZodType<B>; row: z.ZodType; data: (body: B) => D },
): ApiCall<D> {
  const page = typeof params.page === 'number' && Number.isSafeInteger(params.page) && params.page >= 1 ? params.page : 1;
  const paging = [...single('sort', params.sort ?? DEFAULT_SORTS[endpoint]), ...single('page', page), ...single('limit', LIST_LIMIT)];
  const qs = toQueryString([...single('q', normalizeQuery(params.q)), ...filters, ...paging]);
  return {
    endpoint,
    path: `/v1/${endpoint}${qs}`,
    cacheKey: `${endpoint}:${qs.slice(1)}`,
    resend: 'once',
    reveal: false,
    schema: read.schema.transform((body) => ({ data: read.data(body), meta: credits(body.meta) })),
    // A sample list carries `data`, `total` and the markers, not `page`: it is the page asked for.
    sample: { arrays: { data: read.row }, defaults: { page } },
  };
}

type ListBody<R> = { data: R[]; total: number; page: number; totalPages: number | null; meta: Meta };
const pageOf = <R>({ data: rows, total, page, totalPages }: ListBody<R>): ListPage<R> => ({ rows, total, page, totalPages });

/** `/v1/people`: text, contact type, roles (any), channels on file (all), sort, page; `limit=100`. */
export function peopleListCall(params: ListParams<'people'>): ApiCall<PeoplePage> {
  const filters = [
    ...single('contactType', params.contactType),
    ...commaList('roles', cleanSet(params.roles)),
    ...commaList('channels', cleanSet(params.channels)),
  ];
  return listCall('people', params, filters, {
    schema: PeopleListBodySchema,
    row: PersonSchema,
    data: (body) => ({ ...pageOf(body), facets: readPeopleFacets(body.facets) }),
  });
}

/** `/v1/projects`: text, sectors (repeatable), token launched / pre-launch, sort, page; `limit=100`. */
export function projectsListCall(params: ListParams<'projects'>): ApiCall<ListPage<Project>> {
  const filters = [...repeated('sector', cleanSet(params.sectors)), ...single('token', params.token)];
  return listCall('projects', params, filters, { schema: ProjectsListBodySchema, row: ProjectSchema, data: pageOf });
}

/** `/v1/investors`: text, fund type, trust tier, sort (portfolio, ROI, name, recent), page; `limit=100`. */
export function investorsListCall(params: ListParams<'investors'>): ApiCall<ListPage<Investor>> {
  const filters = [...single('fundType', params.fundType), ...single('trustTier', params.trustTier)];
  return listCall('investors', params, filters, { schema: InvestorsListBodySchema, row: InvestorSchema, data: pageOf });
}

/** `/v1/services`: text, sectors (repeatable), sort, page; `limit=100`. */
export function servicesListCall(params: ListParams<'services'>): ApiCall<ListPage<Project>> {
  const filters = repeated('sector', cleanSet(params.sectors));
  return listCall('services', params, filters, { schema: ServicesListBodySchema, row: ProjectSchema, data: pageOf });
}
