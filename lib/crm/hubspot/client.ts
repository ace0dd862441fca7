/*
 * The HubSpot API client, background only (the token never leaves it). Every request goes through the rate
 * governor (lib/rate) sized to HubSpot's limit, searches first through one of ~4 per second. A 429 waits
 * (Retry-After, else one window); a 5xx is resent only where twice cannot create twice, a create never. It never
 * throws: data or an `ApiFailure` in plain words. The limit is a rolling window (100 per 10 s on Free/Starter,
 * 190 on Professional/Enterprise) told by `X-HubSpot-RateLimit-*` (developers.hubspot.com/docs/guides/apps/
 * api-usage/usage-details); with no reset time, the governor takes "within one window".
 */
import { z } from 'zod';
import type { ApiError, ApiErrorKind, ApiFailure, FetchLike, RateLimitInfo } from '@/lib/api';
import type { AttemptVerdict } from '@/lib/api/attempt-outcome';
import { hubspotFailureText } from '@/lib/messages/texts';
import { RateGovernor, type LocalFailure, type RateGovernorOptions, type RateLimit } from '@/lib/rate/rate-governor';
import { parseHeaderNumber, retryAfterFrom } from '@/lib/api/rate-limit-headers';
import { HUBSPOT_PATHS, type HubSpotKeyedObject, type HubSpotObject } from './paths';
import { AssociationResponseSchema, HubSpotErrorBodySchema, ResultsSchema } from './schemas';

export type HubSpotResult<T> = { ok: true; status: number; data: T; rateLimit: RateLimitInfo | null } | ApiFailure;

export interface HubSpotRequest<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
  schema: S;
  /** A search: also paced by the search endpoints' own limit. */
  search?: boolean;
  /** 'never' for creates: a 5xx or a lost answer may have created the record, so it is not sent again. */
  resend: 'always' | 'never';
}

export interface HubSpotClientOptions {
  fetch: FetchLike;
  baseUrl: string;
  token: string;
  now?: () => number;
  timeoutMs?: number;
  /** Tests shorten the governors' waits (the same options the Directory API's governor takes). */
  rateOptions?: RateGovernorOptions;
}

/** The verdict the governor acts on: HubSpot charges nothing, so only "send again or not" matters. */
function judge(resend: 'always' | 'never') {
  return (result: { ok: true } | { ok: false; error: Pick<ApiError, 'kind' | 'status'> } | LocalFailure): AttemptVerdict => {
    if (result.ok) return { charge: 'meta' };
    const { kind } = result.error;
    // A 429 was refused before it ran: safe to send again, creates included.
    if (kind === 'rate-limited') return { charge: 'none', next: 'wait' };
    return { charge: 'none', next: (kind === 'server' || kind === 'network') && resend === 'always' ? 'backoff' : 'final' };
  };
}

/** Free and Starter accounts: what applies until an answer announces more. */
const DEFAULT_LIMIT: RateLimit = { limit: 100, windowMs: 10_000 };
/** The CRM search endpoints' own limit (changelog "CRM Search API Rate Limit Increase"): 4 per second per token. */
const SEARCH_LIMIT: RateLimit = { limit: 4, windowMs: 1_000 };

const rateHeader = (headers: Headers, name: 'Max' | 'Remaining' | 'Interval-Milliseconds') =>
  parseHeaderNumber(headers.get(`X-HubSpot-RateLimit-${name}`));

/** When to send again after a 429: `Retry-After` if given, else one window (the rolling window has room again by then). */
function retryAt(headers: Headers, now: number, search: boolean): number {
  const told = retryAfterFrom(headers.get('Retry-After'), now);
  if (told !== null) return Math.max(told, now);
  return now + (rateHeader(headers, 'Interval-Milliseconds') ?? (search ? SEARCH_LIMIT : DEFAULT_LIMIT).windowMs);
}

function failure(
  kind: ApiErrorKind,
  status: number | null,
  extra: Partial<ApiError> = {},
  rateLimit: RateLimitInfo | null = null,
): ApiFailure {
  const message = hubspotFailureText(kind, (extra as { retryAt?: number }).retryAt);
  return { ok: false, error: { kind, status, message, ...extra } as ApiError, apiVersion: null, rateLimit };
}

export function createHubSpotClient(options: HubSpotClientOptions) {
  const now = options.now ?? (() => Date.now());
  const timeoutMs = options.timeoutMs ?? 15_000;
  const rate = new RateGovernor({ now, ...options.rateOptions, limit: DEFAULT_LIMIT });
  const searchRate = new RateGovernor({ now, ...options.rateOptions, limit: SEARCH_LIMIT, concurrency: 1 });
  const base = options.baseUrl.replace(/\/+$/, '');
  let announced = DEFAULT_LIMIT;

  async function attempt<T>(request: HubSpotRequest<z.ZodType<T>>): Promise<HubSpotResult<T>> {
    let response: Response;
    try {
      response = await options.fetch(`${base}${request.path}`, {
        method: request.method,
        headers: {
          Authorization: `Bearer ${options.token}`,
          Accept: 'application/json',
          ...(request.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
        redirect: 'error',
        credentials: 'omit',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (e) {
      const timeout = e instanceof DOMException && e.name === 'TimeoutError';
      return failure('network', null, timeout ? { timeout: true, cause: 'timeout' } : { cause: 'failed' });
    }
    const at = now();
    const limit = rateHeader(response.headers, 'Max');
    // The portal's own limit (190 per 10 s on Professional/Enterprise, the window it counts over) sizes the governor.
    const windowMs = rateHeader(response.headers, 'Interval-Milliseconds') ?? announced.windowMs;
    if (limit !== null && limit > 0 && (limit !== announced.limit || windowMs !== announced.windowMs)) {
      announced = { limit, windowMs };
      rate.setLimit(announced);
    }
    const rateLimit: RateLimitInfo = { limit, remaining: rateHeader(response.headers, 'Remaining'), resetAt: null };
    const status = response.status;
    let text: string;
    try {
      text = await response.text();
    } catch {
      return failure('network', status, { cause: 'body' }, rateLimit);
    }
    const looksHtml = /^\s*</.test(text);
    let json: unknown;
    try {
      json = looksHtml || text.trim() === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON: an invalid response below
    }
    if (status === 429) return failure('rate-limited', status, { retryAt: retryAt(response.headers, at, !!request.search) }, rateLimit);
    if (status >= 500) return failure('server', status, {}, rateLimit);
    if (looksHtml) return failure('wrong-host', status, { cause: 'html' }, rateLimit);
    if (status >= 400) {
      const body = HubSpotErrorBodySchema.safeParse(json);
      const serverError = body.success ? body.data.message : undefined;
      const kind: ApiErrorKind =
        status === 401 ? 'unauthorized' : status === 403 ? 'forbidden-scope' : status === 404 ? 'not-found' : 'bad-request';
      return failure(kind, status, serverError ? { serverError: serverError.slice(0, 500) } : {}, rateLimit);
    }
    if (json === undefined && text.trim() !== '') return failure('invalid-response', status, { path: '' }, rateLimit);
    const parsed = request.schema.safeParse(json ?? {});
    if (!parsed.success) {
      const path = parsed.error.issues[0]?.path.join('.') ?? '';
      return failure('invalid-response', status, { path }, rateLimit);
    }
    return { ok: true, status, data: parsed.data, rateLimit };
  }

  async function call<S extends z.ZodType>(request: HubSpotRequest<S>): Promise<HubSpotResult<z.output<S>>> {
    type R = HubSpotResult<z.output<S>>;
    const send = () =>
      rate.schedule<R>(() => attempt(request as HubSpotRequest<z.ZodType<z.output<S>>>), {
        priority: 'user',
        judge: judge(request.resend),
      });
    // A search passes the search limit first; the main governor then handles its 429s and 5xx.
    if (!request.search) return send();
    return searchRate.schedule<R>(send, { priority: 'user', judge: () => ({ charge: 'none', next: 'final' }) });
  }

  // The calls a send, the marks and Connect make, each with its path and the schema of its answer, declared once.
  const post = <S extends z.ZodType>(path: string, body: unknown, schema: S, resend: 'always' | 'never' = 'always', search = false) =>
    call({ method: 'POST', path, body, schema, resend, search });
  return {
    call,
    get: <S extends z.ZodType>(path: string, schema: S) => call({ method: 'GET', path, schema, resend: 'always' }),
    search: (object: HubSpotObject, body: unknown) => post(HUBSPOT_PATHS.search(object), body, ResultsSchema, 'always', true),
    read: (ids: readonly string[], properties: readonly string[]) =>
      post(HUBSPOT_PATHS.batchRead('contacts'), { inputs: ids.map((id) => ({ id })), properties }, ResultsSchema),
    upsert: (object: HubSpotKeyedObject, inputs: readonly { idProperty: string; id: string; properties: Properties }[]) =>
      post(HUBSPOT_PATHS.batchUpsert(object), { inputs }, ResultsSchema),
    update: (object: 'contacts' | 'tasks', inputs: readonly { id: string; properties: Properties }[]) =>
      post(HUBSPOT_PATHS.batchUpdate(object), { inputs }, ResultsSchema),
    /** Never resent (a lost answer may have created the records); answers in input order. */
    create: (object: HubSpotObject, inputs: readonly { properties: Properties; associations?: unknown[] }[]) =>
      post(HUBSPOT_PATHS.batchCreate(object), { inputs }, ResultsSchema, 'never'),
    associate: (from: 'contacts' | 'notes' | 'tasks', to: 'companies' | 'contacts', pairs: readonly { from: string; to: string }[]) =>
      post(
        HUBSPOT_PATHS.associateDefault(from, to),
        { inputs: pairs.map((p) => ({ from: { id: p.from }, to: { id: p.to } })) },
        AssociationResponseSchema,
      ),
    archive: (object: 'notes' | 'tasks', ids: readonly string[]) =>
      post(HUBSPOT_PATHS.batchArchive(object), { inputs: ids.map((id) => ({ id })) }, z.unknown()),
  };
}

type Properties = Record<string, string>;

export type HubSpotClient = ReturnType<typeof createHubSpotClient>;
