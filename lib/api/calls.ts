/*
 * One descriptor per API call: where it goes, how its answer is read, which price it is billed at,
 * how its answer is cached, whether it may be sent again, and what a lost request can cost. The client
 * sends descriptors; the paid path, the response cache and the knowledge index read them. Nothing else
 * decides any of these facts, so a caller never picks a price or a cache key apart from its request.
 */
import type { z } from 'zod';
import { normalizeQuery } from './normalize-query';
import { personQuery, searchQuery } from './query';
import type { ApiSuccess } from './result';
import type { SampleRepairPlan } from './sample-repair';
import {
  AccountBodySchema,
  InvestorDetailBodySchema,
  PersonDetailBodySchema,
  PersonSchema,
  PortfolioRowSchema,
  ProjectDetailBodySchema,
  ProjectSchema,
  SearchBodySchema,
  ServiceDetailBodySchema,
  type Account,
  type InvestorDetail,
  type Meta,
  type PersonDetail,
  type ProjectDetail,
  type SearchResults,
  type ServiceDetail,
} from './schemas';
import { pathSegment } from './url';

/** Which row of the account's price table (`/v1/me` `endpoints[]`) a call is billed at. */
export type Endpoint =
  'me' | 'search' | 'people' | 'person' | 'reveal' | 'projects' | 'project' | 'investors' | 'investor' | 'services' | 'service';

type Credits = ApiSuccess<unknown>['meta'];

/**
 * What a request costs again if the browser resends it by itself: Chromium and Firefox resend a GET
 * whose reused connection closes before any byte of the answer (measured against the emulator). A
 * reveal resent re-reads a contact that is unlocked by then: a data call.
 */
export const BROWSER_RESEND: Readonly<Record<Endpoint, Endpoint>> = {
  me: 'me',
  search: 'search',
  people: 'people',
  person: 'person',
  reveal: 'person',
  projects: 'projects',
  project: 'project',
  investors: 'investors',
  investor: 'investor',
  services: 'services',
  service: 'service',
};

export interface ApiCall<D, B = unknown> {
  /** The price this call is billed at. */
  readonly endpoint: Endpoint;
  /** Path and query sent under the base ('/v1/…'); null when the request cannot be made (see `invalid`). */
  readonly path: string | null;
  /** Why it cannot be made (a blank search, an id that names no record; its words: lib/messages/texts.ts): refused before anything is sent. */
  readonly invalid?: 'bad-id' | 'blank-search';
  /**
   * The answer's identity in the response cache — exactly the request sent, never looser, so one
   * answer is never served for another question. Null: never cached (a reveal, `/v1/me`).
   */
  readonly cacheKey: string | null;
  /** `once`: a plain read the paid path may send once more after an unknown outcome. `never`: a reveal. */
  readonly resend: 'once' | 'never';
  /** `include=private`: a paid reveal. */
  readonly reveal: boolean;
  /** The record a detail read or a reveal is about (what a lead's cost is booked to, even when the answer is lost). */
  readonly recordId?: string;
  readonly schema: z.ZodType<B>;
  readonly sample: SampleRepairPlan;
  /** Body → `data` and the credits; null credits fail the call as invalid-response at `meta`. */
  // Method syntax on purpose: bivariant in `body`, so any call is an `ApiCall<D>` (its body type is its own business).
  split(body: B): { data: D; meta: Credits | null };
  /** A version from the body when the header is missing (`/v1/me`). */
  bodyVersion?(data: D): string | null;
}

const credits = (meta: Meta): Credits => ({ creditsCharged: meta.creditsCharged, creditsBalance: meta.creditsBalance });
const team = { team: PersonSchema };

/** `/v1/people/123`, or null when the id cannot name a record. */
function withSegment(prefix: string, id: string | number, query = ''): string | null {
  const segment = pathSegment(id);
  return segment === null ? null : `${prefix}/${segment}${query}`;
}

/**
 * A data read of one record: resent once, billed at `endpoint`, cached as `<endpoint>:<id as sent>`
 * (the format earlier versions stored, so an update does not pay again for what is cached).
 */
function detail<D, B>(
  endpoint: Endpoint,
  id: string | number,
  path: string | null,
  read: Pick<ApiCall<D, B>, 'schema' | 'sample' | 'split'>,
): ApiCall<D, B> {
  return {
    endpoint,
    path,
    ...(path === null ? { invalid: 'bad-id' as const } : {}),
    cacheKey: path === null ? null : `${endpoint}:${String(id)}`,
    resend: 'once',
    reveal: false,
    recordId: String(id),
    ...read,
  };
}

/** Free: identity, tier, balance, scopes, prices, `baseUrl`, `apiVersion`. */
export function meCall(): ApiCall<Account, z.output<typeof AccountBodySchema>> {
  return {
    endpoint: 'me',
    path: '/v1/me',
    cacheKey: null,
    resend: 'once',
    reveal: false,
    schema: AccountBodySchema,
    sample: { arrays: {} },
    split: ({ meta, ...data }) => ({
      data,
      // `/v1/me` costs 0 and its meta only repeats the balance.
      meta: meta ? credits(meta) : { creditsCharged: 0, creditsBalance: data.creditsBalance },
    }),
    bodyVersion: (data) => data.apiVersion,
  };
}

/**
 * Typeahead: up to 12 projects and 12 people. The query is normalised once, here (NFC, case-folded,
 * spaces collapsed): what is sent is what is cached, so "Jürgen Müller" from the popup and from a
 * LinkedIn page are one paid search, and "Jurgen Muller" is another question.
 */
export function searchCall(q: string): ApiCall<SearchResults, z.output<typeof SearchBodySchema>> {
  const query = normalizeQuery(q);
  return {
    endpoint: 'search',
    path: query === '' ? null : `/v1/search${searchQuery(query)}`,
    ...(query === '' ? { invalid: 'blank-search' as const } : {}),
    cacheKey: query === '' ? null : `search:${query}`,
    resend: 'once',
    reveal: false,
    schema: SearchBodySchema,
    sample: { arrays: { projects: ProjectSchema, people: PersonSchema }, defaults: { q: query } },
    split: ({ meta, ...data }) => ({ data, meta: credits(meta) }),
  };
}

/** The person read (coworkers; an unlocked contact comes back with its channels). */
export function personCall(id: string | number): ApiCall<PersonDetail, z.output<typeof PersonDetailBodySchema>> {
  return detail('person', id, withSegment('/v1/people', id), { schema: PersonDetailBodySchema, sample: personSample, split: personSplit });
}

/** A first reveal (10 credits by the spec): never cached, never resent by the extension. */
export function revealCall(id: string | number): ApiCall<PersonDetail, z.output<typeof PersonDetailBodySchema>> {
  const path = withSegment('/v1/people', id, personQuery(true));
  return {
    endpoint: 'reveal',
    path,
    ...(path === null ? { invalid: 'bad-id' as const } : {}),
    cacheKey: null,
    resend: 'never',
    reveal: true,
    recordId: String(id),
    schema: PersonDetailBodySchema,
    sample: personSample,
    split: personSplit,
  };
}

/** Id or slug. From 1.5.0 any company kind resolves here. */
export function projectCall(idOrSlug: string | number): ApiCall<ProjectDetail, z.output<typeof ProjectDetailBodySchema>> {
  return detail('project', idOrSlug, withSegment('/v1/projects', idOrSlug), {
    schema: ProjectDetailBodySchema,
    sample: { arrays: team },
    split: ({ meta, ...data }) => ({ data, meta: credits(meta) }),
  });
}

/** Slug; an id only from 1.5.0. */
export function investorCall(slugOrId: string | number): ApiCall<InvestorDetail, z.output<typeof InvestorDetailBodySchema>> {
  return detail('investor', slugOrId, withSegment('/v1/investors', slugOrId), {
    schema: InvestorDetailBodySchema,
    sample: { arrays: { team: PersonSchema, portfolio: PortfolioRowSchema } },
    split: ({ meta, ...data }) => ({ data, meta: credits(meta) }),
  });
}

export function serviceCall(slug: string | number): ApiCall<ServiceDetail, z.output<typeof ServiceDetailBodySchema>> {
  return detail('service', slug, withSegment('/v1/services', slug), {
    schema: ServiceDetailBodySchema,
    sample: { arrays: team },
    split: ({ meta, ...data }) => ({ data, meta: credits(meta) }),
  });
}

const personSample: SampleRepairPlan = { arrays: { coworkers: PersonSchema }, within: 'data' };

function personSplit(body: z.output<typeof PersonDetailBodySchema>): { data: PersonDetail; meta: Credits | null } {
  // A reveal reports its charge at top level; those numbers win over `meta`.
  const creditsCharged = body.creditsCharged ?? body.meta?.creditsCharged;
  const creditsBalance = body.creditsBalance ?? body.meta?.creditsBalance;
  return {
    data: body.data,
    meta: creditsCharged === undefined || creditsBalance === undefined ? null : { creditsCharged, creditsBalance },
  };
}
