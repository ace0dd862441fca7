/*
 * The Directory API client. Pure: `fetch` and the clock are injected, nothing is logged, and no call throws —
 * every method resolves to `ApiSuccess` or `ApiFailure`, because every call may cost the user credits and the
 * caller must always learn what happened.
 */
import type { z } from 'zod';
import {
  errorForStatus,
  formatIssuePath,
  invalidResponse,
  networkError,
  plainError,
  tooLargeResponse,
  type ApiError,
  type NetworkCause,
} from './errors';
import { personQuery, searchQuery } from './query';
import { parseRateLimit, retryAtFor429 } from './rate-limit-headers';
import type { ApiFailure, ApiResult, ApiSuccess, RateLimitInfo } from './result';
import { detectSample } from './sample';
import { repairSampleBody, type SampleRepairPlan } from './sample-repair';
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
import { parseBaseUrl, pathSegment, resolveRequestUrl } from './url';
import { LOOPBACK_ALLOWED } from './api-origin-policy';
import { INVALID_URL, insecureUrlText } from '@/lib/messages/texts';
import { VERSION_HEADER } from './version';

/** The subset of `fetch` the client uses; `globalThis.fetch` fits. It is called unbound (no `this`). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export const DEFAULT_TIMEOUT_MS = 15_000;
/** The largest answer read: a search with 24 full records is ~50 KB; anything near this is hostile or broken. */
export const MAX_BODY_BYTES = 4_000_000;

export interface DirectoryClientOptions {
  /** The API host (`baseUrl` from `/v1/me`). https, or http to a loopback host only. */
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
  /** Whole call, headers and body. Default 15 s. */
  timeoutMs?: number;
  /** Bodies larger than this are refused unread. Default `MAX_BODY_BYTES`. */
  maxBodyBytes?: number;
  /** Epoch ms; for rate-limit arithmetic. Default `Date.now`. */
  now?: () => number;
  /**
   * Asked right before each request: while it answers true nothing is sent and the call fails as
   * `unauthorized` (the API refused this key; each try would count against the per-IP limit).
   */
  keyRefused?: () => boolean;
}

export interface CallOptions {
  /** Aborting resolves the call to a `network` error (the server may still have charged it). */
  signal?: AbortSignal;
  /**
   * Awaited right before the request goes on the wire, with the exact path and query sent (e.g.
   * `/v1/search?q=ada`): the credit journal records it here. If it throws, nothing is sent.
   */
  onSend?: (path: string) => Promise<void> | void;
}

export interface GetPersonOptions extends CallOptions {
  /** `include=private`: a paid reveal (10 credits the first time). Required so a reveal is never implicit. */
  reveal: boolean;
}

export interface DirectoryClient {
  /** Free (0 credits): identity, tier, balance, scopes, `baseUrl`, `apiVersion`. */
  me(options?: CallOptions): Promise<ApiResult<Account>>;
  /** `data` is the body's `data`: `{ person, coworkers }`. */
  getPerson(id: string | number, options: GetPersonOptions): Promise<ApiResult<PersonDetail>>;
  /** Id or slug. From 1.5.0 any company kind resolves here. */
  getProject(idOrSlug: string | number, options?: CallOptions): Promise<ApiResult<ProjectDetail>>;
  /** Slug; an id only from 1.5.0 (see `investorsAcceptId`). */
  getInvestor(slugOrId: string | number, options?: CallOptions): Promise<ApiResult<InvestorDetail>>;
  getService(slug: string | number, options?: CallOptions): Promise<ApiResult<ServiceDetail>>;
  /** Typeahead: up to 12 projects and 12 people. A blank `q` is refused locally (the server would 400). */
  search(q: string, options?: CallOptions): Promise<ApiResult<SearchResults>>;
}

type Credits = ApiSuccess<unknown>['meta'];

/** How one endpoint is called and read. */
interface Endpoint<B, D> {
  /** Path and query under the base, starting with '/v1/'; null when an id cannot name a record. */
  path: string | null;
  schema: z.ZodType<B>;
  sample: SampleRepairPlan;
  /** Body → `data` and the credits; null credits fail the call as invalid-response at `meta`. */
  split: (body: B) => { data: D; meta: Credits | null };
  reveal?: boolean;
  /** A version from the body when the header is missing (`/v1/me`). */
  bodyVersion?: (data: D) => string | null;
}

const credits = (meta: Meta): Credits => ({ creditsCharged: meta.creditsCharged, creditsBalance: meta.creditsBalance });

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const JSON_CONTENT_TYPE = /\bjson\b/i;

type JsonBody = { kind: 'empty' } | { kind: 'json'; value: unknown } | { kind: 'broken-json' } | { kind: 'not-json' };

/**
 * What the body is. HTML (starts with '<') is never JSON. A body that parses as JSON is read as JSON even
 * under a wrong content-type; one that does not parse is "broken JSON" under a JSON content-type and
 * "not JSON" (someone else's server) otherwise.
 */
function classifyBody(text: string, contentType: string | null): JsonBody {
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (trimmed === '') return { kind: 'empty' };
  if (trimmed.startsWith('<')) return { kind: 'not-json' };
  try {
    return { kind: 'json', value: JSON.parse(trimmed) as unknown };
  } catch {
    return contentType !== null && JSON_CONTENT_TYPE.test(contentType) ? { kind: 'broken-json' } : { kind: 'not-json' };
  }
}

/** Resolves with the promise, or rejects as soon as the signal aborts — even if `fetch` ignores signals. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  promise.catch(() => undefined); // a loser of the race must not surface as an unhandled rejection
  if (signal.aborted) return Promise.reject(new Error('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new Error('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * The body as text, or null when it is over `cap` bytes (by its Content-Length, or counted while
 * streaming): a huge answer is dropped unread instead of being parsed and stored.
 */
async function readCapped(response: Response, cap: number): Promise<string | null> {
  const declared = Number(response.headers.get('Content-Length'));
  if (Number.isFinite(declared) && declared > cap) {
    void response.body?.cancel().catch(() => undefined);
    return null;
  }
  const reader = response.body?.getReader?.();
  if (!reader) {
    const text = await response.text();
    return text.length > cap ? null : text;
  }
  const decoder = new TextDecoder();
  let bytes = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > cap) {
      void reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

const NOT_JOURNALED = 'Nothing was sent: the extension could not record the call before sending it (is the disk full?).';
const WRONG_HOST_REDIRECT =
  'The API base URL answered with a redirect; the key is not sent on. Set the API base URL to the baseUrl that GET /v1/me reports.';
const WRONG_HOST_ORIGIN = 'Refused to send the API key outside the API base URL.';
const NO_KEY = 'No API key is set. Paste a key from the web app (Settings → API).';
const BAD_KEY = 'The API key contains characters a key cannot have. Copy it again from the web app.';
const REFUSED_KEY = 'Not sent: the API refused this key. Save a working key, or retry.';
const BAD_ID = 'That id or slug is empty or not valid.';
const BLANK_SEARCH = 'Type something to search for.';
const BAD_OPTIONS = 'The request options are not valid.';

export function createDirectoryClient(options: DirectoryClientOptions): DirectoryClient {
  const doFetch = options.fetch; // called unbound: browsers reject fetch with a foreign `this`
  const timeoutMs =
    typeof options.timeoutMs === 'number' && options.timeoutMs > 0 && Number.isFinite(options.timeoutMs)
      ? options.timeoutMs
      : DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  // Settings come from storage: tolerate non-strings here, the calls then refuse with a typed error.
  const base = parseBaseUrl(typeof options.baseUrl === 'string' ? options.baseUrl : '');
  const apiKey = typeof options.apiKey === 'string' ? options.apiKey.trim() : '';

  function failure(error: ApiError, apiVersion: string | null = null, rateLimit: RateLimitInfo | null = null): ApiFailure {
    return { ok: false, error, apiVersion, rateLimit };
  }

  /** Everything before the network: nothing is sent when any of these fail. */
  function preflight(path: string | null): { url: string } | { refused: ApiError } {
    if (!base.ok)
      return { refused: plainError('wrong-host', null, base.problem === 'insecure' ? insecureUrlText(LOOPBACK_ALLOWED) : INVALID_URL) };
    if (apiKey === '') return { refused: plainError('unauthorized', null, NO_KEY) };
    // Visible ASCII only: anything else cannot be a key and some of it would make `Headers` throw.
    if (!/^[\x21-\x7e]+$/.test(apiKey)) return { refused: plainError('unauthorized', null, BAD_KEY) };
    if (options.keyRefused?.() === true) return { refused: plainError('unauthorized', null, REFUSED_KEY) };
    if (path === null) return { refused: plainError('bad-request', null, BAD_ID) };
    const url = resolveRequestUrl(base, path);
    if (url === null) return { refused: plainError('wrong-host', null, WRONG_HOST_ORIGIN) };
    return { url };
  }

  /** `describe` runs inside the guard too: odd runtime arguments (from untyped callers) cannot throw either. */
  async function call<B, D>(describe: () => Endpoint<B, D> | ApiError, callOptions: CallOptions | undefined): Promise<ApiResult<D>> {
    let endpoint: Endpoint<B, D> | ApiError;
    try {
      endpoint = describe();
    } catch {
      return failure(plainError('bad-request', null, BAD_OPTIONS));
    }
    if ('kind' in endpoint) return failure(endpoint);
    try {
      return await send(endpoint, callOptions ?? {});
    } catch {
      // Unreachable by design; kept so a bug can never surface as a thrown exception.
      return failure(networkError('failed', timeoutMs));
    }
  }

  async function send<B, D>(endpoint: Endpoint<B, D>, { signal, onSend }: CallOptions): Promise<ApiResult<D>> {
    const checked = preflight(endpoint.path);
    if ('refused' in checked) return failure(checked.refused);
    if (signal?.aborted) return failure(networkError('aborted', timeoutMs));
    if (onSend) {
      const sentUrl = new URL(checked.url);
      try {
        await onSend(sentUrl.pathname + sentUrl.search);
      } catch {
        return failure(plainError('bad-request', null, NOT_JOURNALED));
      }
    }

    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onCallerAbort = () => controller.abort();
    signal?.addEventListener('abort', onCallerAbort, { once: true });
    const causeOfFailure = (): NetworkCause => (timedOut ? 'timeout' : signal?.aborted ? 'aborted' : 'failed');

    try {
      let response: Response;
      try {
        const request = Promise.resolve().then(() =>
          doFetch(checked.url, {
            method: 'GET',
            headers: { Authorization: `Bearer ${apiKey}`, Accept: 'application/json' },
            signal: controller.signal,
            // A redirect could carry the key elsewhere; refuse it rather than follow it.
            redirect: 'manual',
            // Never reuse a cached answer: `meta` must describe a call that really happened.
            cache: 'no-store',
            credentials: 'omit',
          }),
        );
        response = await untilAborted(request, controller.signal);
      } catch {
        return failure(networkError(causeOfFailure(), timeoutMs));
      }
      // Duck-typed: a fetch polyfill may bring its own Headers class.
      if (!isRecord(response) || typeof response.status !== 'number' || typeof response.headers?.get !== 'function') {
        return failure(invalidResponse(null, ''));
      }

      const clock = now();
      const apiVersion = response.headers.get(VERSION_HEADER)?.trim() || null;
      const rateLimit = parseRateLimit(response.headers, clock);
      const status = response.status;

      if (response.type === 'opaqueredirect' || status === 0 || (status >= 300 && status < 400)) {
        void response.body?.cancel().catch(() => undefined);
        return failure(plainError('wrong-host', status === 0 ? null : status, WRONG_HOST_REDIRECT), apiVersion, rateLimit);
      }

      let text: string;
      try {
        const read = await untilAborted(readCapped(response, maxBodyBytes), controller.signal);
        if (read === null) return failure(tooLargeResponse(status, maxBodyBytes), apiVersion, rateLimit);
        text = read;
      } catch {
        const cause = causeOfFailure();
        return failure(networkError(cause === 'failed' ? 'body' : cause, timeoutMs), apiVersion, rateLimit);
      }
      const body = classifyBody(text, response.headers.get('Content-Type'));

      if (status < 200 || status >= 300) {
        const serverError =
          body.kind === 'json' && isRecord(body.value) && typeof body.value.error === 'string' ? body.value.error : undefined;
        // A 429 or 5xx from a proxy may be HTML: its status still says what to do (wait / back off).
        if (body.kind === 'not-json' && status !== 429 && status < 500) {
          return failure(plainError('wrong-host', status), apiVersion, rateLimit);
        }
        const error = errorForStatus(status, {
          serverError,
          reveal: endpoint.reveal === true,
          retryAt: status === 429 ? retryAtFor429(response.headers, clock) : clock,
          now: clock,
        });
        return failure(error, apiVersion, rateLimit);
      }

      if (body.kind === 'not-json') return failure(plainError('wrong-host', status), apiVersion, rateLimit);
      if (body.kind !== 'json') return failure(invalidResponse(status, ''), apiVersion, rateLimit);

      const sample = detectSample(response.headers, body.value);
      const input = sample === null ? body.value : repairSampleBody(body.value, endpoint.sample);
      const parsed = endpoint.schema.safeParse(input);
      if (!parsed.success) {
        return failure(invalidResponse(status, formatIssuePath(parsed.error.issues[0]?.path ?? [])), apiVersion, rateLimit);
      }
      const { data, meta } = endpoint.split(parsed.data);
      if (meta === null) return failure(invalidResponse(status, 'meta'), apiVersion, rateLimit);

      return {
        ok: true,
        status,
        data,
        meta,
        apiVersion: apiVersion ?? endpoint.bodyVersion?.(data) ?? null,
        rateLimit,
        sample,
      };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  /** Path with one encoded segment, or null when the id cannot name a record. */
  const withSegment = (prefix: string, id: string | number, query = ''): string | null => {
    const segment = pathSegment(id);
    return segment === null ? null : `${prefix}/${segment}${query}`;
  };

  // Each endpoint's reading. `split` keeps the body minus `meta` as `data` (see result.ts).
  const team = { team: PersonSchema };

  return {
    me: (callOptions) =>
      call(
        () => ({
          path: '/v1/me',
          schema: AccountBodySchema,
          sample: { arrays: {} },
          split: ({ meta, ...data }) => ({
            data,
            // `/v1/me` costs 0 and its meta only repeats the balance.
            meta: meta ? credits(meta) : { creditsCharged: 0, creditsBalance: data.creditsBalance },
          }),
          bodyVersion: (data) => data.apiVersion,
        }),
        callOptions,
      ),

    getPerson: (id, callOptions) =>
      call(
        () => ({
          path: withSegment('/v1/people', id, personQuery(callOptions?.reveal === true)),
          schema: PersonDetailBodySchema,
          sample: { arrays: { coworkers: PersonSchema }, within: 'data' },
          reveal: callOptions?.reveal === true,
          split: (body) => {
            // A reveal reports its charge at top level; those numbers win over `meta`.
            const creditsCharged = body.creditsCharged ?? body.meta?.creditsCharged;
            const creditsBalance = body.creditsBalance ?? body.meta?.creditsBalance;
            return {
              data: body.data,
              meta: creditsCharged === undefined || creditsBalance === undefined ? null : { creditsCharged, creditsBalance },
            };
          },
        }),
        callOptions,
      ),

    getProject: (idOrSlug, callOptions) =>
      call(
        () => ({
          path: withSegment('/v1/projects', idOrSlug),
          schema: ProjectDetailBodySchema,
          sample: { arrays: team },
          split: ({ meta, ...data }) => ({ data, meta: credits(meta) }),
        }),
        callOptions,
      ),

    getInvestor: (slugOrId, callOptions) =>
      call(
        () => ({
          path: withSegment('/v1/investors', slugOrId),
          schema: InvestorDetailBodySchema,
          sample: { arrays: { team: PersonSchema, portfolio: PortfolioRowSchema } },
          split: ({ meta, ...data }) => ({ data, meta: credits(meta) }),
        }),
        callOptions,
      ),

    getService: (slug, callOptions) =>
      call(
        () => ({
          path: withSegment('/v1/services', slug),
          schema: ServiceDetailBodySchema,
          sample: { arrays: team },
          split: ({ meta, ...data }) => ({ data, meta: credits(meta) }),
        }),
        callOptions,
      ),

    search: (q, callOptions) =>
      call(
        () =>
          typeof q !== 'string' || q.trim() === ''
            ? plainError('bad-request', null, BLANK_SEARCH)
            : {
                path: `/v1/search${searchQuery(q)}`,
                schema: SearchBodySchema,
                sample: { arrays: { projects: ProjectSchema, people: PersonSchema }, defaults: { q } },
                split: ({ meta, ...data }) => ({ data, meta: credits(meta) }),
              },
        callOptions,
      ),
  };
}
