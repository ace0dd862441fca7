/*
 * The Directory API client. Pure (`fetch` and the clock injected, nothing logged), and no call throws: every
 * call may cost credits, so the caller must always learn what happened (`ApiSuccess` or `ApiFailure`).
 */
import { apiError, errorForStatus, networkError, type ApiError, type NetworkCause } from './errors';
import { parseRateLimit, retryAtFor429 } from './rate-limit-headers';
import type { ApiFailure, ApiResult, RateLimitInfo } from './result';
import { detectSample, isRecord, repairSampleBody } from './sample';
import { meCall, searchCall, type ApiCall } from './calls';
import { checkApiBase, LOOPBACK_ALLOWED, resolveRequestUrl, type ApiBaseCheck } from './api-origin-policy';
import { VERSION_HEADER } from './version';

/** The subset of `fetch` the client uses; `globalThis.fetch` fits. It is called unbound (no `this`). */
export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export const DEFAULT_TIMEOUT_MS = 15_000;
/** The largest answer read: a search with 24 full records is ~50 KB; anything near this is hostile or broken. */
export const MAX_BODY_BYTES = 4_000_000;

export interface DirectoryClientOptions {
  /** https, or http to the emulator only (./api-origin-policy.ts). */
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
  /** Whole call, headers and body. */
  timeoutMs?: number;
  maxBodyBytes?: number;
  now?: () => number;
  /** While true nothing is sent (`unauthorized`): the API refused this key, and each try counts against the per-IP limit. */
  keyRefused?: () => boolean;
}

export interface CallOptions {
  /** Aborting resolves the call to a `network` error (the server may still have charged it). */
  signal?: AbortSignal;
  /** Awaited right before the request leaves, with the path and query sent: the journal records it. If it throws, nothing is sent. */
  onSend?: (path: string) => Promise<void> | void;
}

export type DirectoryClient = ReturnType<typeof createDirectoryClient>;

const JSON_CONTENT_TYPE = /\bjson\b/i;

type JsonBody = { kind: 'empty' } | { kind: 'json'; value: unknown } | { kind: 'broken-json' } | { kind: 'not-json' };

/** HTML is never JSON; JSON is JSON under any content-type; what does not parse is broken JSON only under a JSON type. */
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

/** The body as text, or null over `cap` bytes (declared or counted while streaming): dropped unread, never parsed or stored. */
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

function failure(error: ApiError, apiVersion: string | null = null, rateLimit: RateLimitInfo | null = null): ApiFailure {
  return { ok: false, error, apiVersion, rateLimit };
}

/** Everything before the network: nothing is sent when any of these fail. */
function preflight(
  call: ApiCall<unknown>,
  base: ApiBaseCheck,
  apiKey: string,
  keyRefused: (() => boolean) | undefined,
): { url: string } | { refused: ApiError } {
  const refuse = (error: Parameters<typeof apiError>[0]) => ({ refused: apiError(error) });
  if (!base.ok)
    return refuse(
      base.problem === 'insecure'
        ? { kind: 'wrong-host', cause: 'insecure', loopbackAllowed: LOOPBACK_ALLOWED }
        : { kind: 'wrong-host', cause: 'invalid-url' },
    );
  if (apiKey === '') return refuse({ kind: 'unauthorized', cause: 'no-key' });
  // Visible ASCII only: anything else cannot be a key and some of it would make `Headers` throw.
  if (!/^[\x21-\x7e]+$/.test(apiKey)) return refuse({ kind: 'unauthorized', cause: 'malformed-key' });
  if (keyRefused?.() === true) return refuse({ kind: 'unauthorized', cause: 'refused-key' });
  if (call.path === null) return refuse({ kind: 'bad-request', cause: call.invalid ?? 'bad-options' });
  const url = resolveRequestUrl(base, call.path);
  return url === null ? refuse({ kind: 'wrong-host', cause: 'origin' }) : { url };
}

/** A body read in full: the status's error (HTML is the wrong host), or the data once the call's schema accepts it. */
function resultFromBody<D>(
  endpoint: ApiCall<D>,
  response: Response,
  text: string,
  clock: number,
  apiVersion: string | null,
  rateLimit: RateLimitInfo,
): ApiResult<D> {
  const status = response.status;
  const body = classifyBody(text, response.headers.get('Content-Type'));
  const fail = (error: ApiError) => failure(error, apiVersion, rateLimit);

  if (status < 200 || status >= 300) {
    const serverError = body.kind === 'json' && isRecord(body.value) && typeof body.value.error === 'string' ? body.value.error : undefined;
    // A 429 or 5xx from a proxy may be HTML: its status still says what to do (wait / back off).
    if (body.kind === 'not-json' && status !== 429 && status < 500) return fail(apiError({ kind: 'wrong-host', status, cause: 'html' }));
    const retryAt = status === 429 ? retryAtFor429(response.headers, clock) : clock;
    return fail(errorForStatus(status, { serverError, reveal: endpoint.reveal === true, retryAt, now: clock }));
  }

  if (body.kind === 'not-json') return fail(apiError({ kind: 'wrong-host', status, cause: 'html' }));
  if (body.kind !== 'json') return fail(apiError({ kind: 'invalid-response', status, path: '' }));

  const sample = detectSample(response.headers, body.value);
  const input = sample === null ? body.value : repairSampleBody(body.value, endpoint.sample);
  const parsed = endpoint.schema.safeParse(input);
  // `path`: the zod path of the first problem, joined with dots (`data.3.id`).
  if (!parsed.success)
    return fail(apiError({ kind: 'invalid-response', status, path: parsed.error.issues[0]?.path.map(String).join('.') ?? '' }));
  const { data, meta } = parsed.data;

  return {
    ok: true,
    status,
    data,
    meta,
    apiVersion: apiVersion ?? endpoint.bodyVersion?.(data) ?? null,
    rateLimit,
    sample,
  };
}

export function createDirectoryClient(options: DirectoryClientOptions) {
  // `fetch` is called unbound: browsers reject it with a foreign `this`.
  const { fetch: doFetch, now = Date.now, maxBodyBytes = MAX_BODY_BYTES, timeoutMs: asked = DEFAULT_TIMEOUT_MS } = options;
  const timeoutMs = asked > 0 && Number.isFinite(asked) ? asked : DEFAULT_TIMEOUT_MS;
  // Settings come from storage: tolerate non-strings here (checkApiBase reads anything), the calls then refuse with a typed error.
  const base = checkApiBase(options.baseUrl);
  const apiKey = typeof options.apiKey === 'string' ? options.apiKey.trim() : '';

  // The catch is unreachable by design; kept so a bug can never surface as a thrown exception.
  const call = <D>(endpoint: ApiCall<D>, callOptions: CallOptions = {}): Promise<ApiResult<D>> =>
    send(endpoint, callOptions).catch(() => failure(networkError('failed')));

  async function send<D>(endpoint: ApiCall<D>, { signal, onSend }: CallOptions): Promise<ApiResult<D>> {
    const checked = preflight(endpoint, base, apiKey, options.keyRefused);
    if ('refused' in checked) return failure(checked.refused);
    if (signal?.aborted) return failure(networkError('aborted'));
    if (onSend) {
      const sentUrl = new URL(checked.url);
      try {
        await onSend(sentUrl.pathname + sentUrl.search);
      } catch {
        return failure(apiError({ kind: 'bad-request', cause: 'not-journaled' }));
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
    // Rejects as soon as the call is aborted: a `fetch` (or a body stream) that ignores its signal is not waited for.
    const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(new Error('aborted'))));
    const untilAborted = <T>(promise: Promise<T>) => {
      promise.catch(() => undefined); // a loser of the race must not surface as an unhandled rejection
      return Promise.race([promise, aborted]);
    };
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
        response = await untilAborted(request);
      } catch {
        return failure(networkError(causeOfFailure()));
      }
      // Duck-typed: a fetch polyfill may bring its own Headers class.
      if (!isRecord(response) || typeof response.status !== 'number' || typeof response.headers?.get !== 'function') {
        return failure(apiError({ kind: 'invalid-response', path: '' }));
      }

      const clock = now();
      const apiVersion = response.headers.get(VERSION_HEADER)?.trim() || null;
      const rateLimit = parseRateLimit(response.headers, clock);
      const status = response.status;

      if (response.type === 'opaqueredirect' || status === 0 || (status >= 300 && status < 400)) {
        void response.body?.cancel().catch(() => undefined);
        return failure(apiError({ kind: 'wrong-host', status: status === 0 ? null : status, cause: 'redirect' }), apiVersion, rateLimit);
      }

      const text = await untilAborted(readCapped(response, maxBodyBytes)).catch(() => undefined);
      if (text === undefined) {
        const cause = causeOfFailure();
        return failure(networkError(cause === 'failed' ? 'body' : cause), apiVersion, rateLimit);
      }
      if (text === null)
        return failure(apiError({ kind: 'invalid-response', status, path: '', cause: 'too-large' }), apiVersion, rateLimit);
      return resultFromBody(endpoint, response, text, clock, apiVersion, rateLimit);
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
    }
  }

  return {
    /** Send one call (lib/api/calls.ts): the paid path sends every call this way. */
    send: call,
    /** Free (0 credits). */
    me: (callOptions?: CallOptions) => call(meCall(), callOptions),
    /** A blank `q` is refused locally (the server would 400). */
    search: (q: string, callOptions?: CallOptions) => call(searchCall(q), callOptions),
  };
}
