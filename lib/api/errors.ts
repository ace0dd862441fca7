/*
 * The error taxonomy: one kind per thing the UI must do differently, and a message in plain words.
 * Messages never contain the key or raw exception text.
 */

export type ApiErrorKind =
  | 'unauthorized'
  | 'payment-required'
  | 'forbidden-scope'
  | 'not-found'
  | 'wrong-host'
  | 'bad-request'
  | 'rate-limited'
  | 'server'
  | 'network'
  | 'invalid-response';
import { KEY_REJECTED, KEY_REJECTED_FIX } from '@/lib/messages/texts';

export type ApiError = {
  kind: ApiErrorKind;
  status: number | null;
  /** Plain words for a user. */
  message: string;
  /** The body's `error` text, when the server sent one. */
  serverError?: string;
} & (
  | { kind: 'rate-limited'; retryAt: number /* epoch ms */ }
  | { kind: 'invalid-response'; path: string /* zod path of first problem, or '' for unparsable JSON */ }
  | { kind: 'network'; timeout?: boolean; cause?: NetworkCause }
  | { kind: Exclude<ApiErrorKind, 'rate-limited' | 'invalid-response' | 'network'> }
);

type PlainKind = Exclude<ApiErrorKind, 'rate-limited' | 'invalid-response' | 'network'>;

function withServerError<E extends ApiError>(error: E, serverError: string | undefined): E {
  return serverError === undefined ? error : { ...error, serverError };
}

const PLAIN_MESSAGES: Record<PlainKind, string> = {
  unauthorized: `${KEY_REJECTED} ${KEY_REJECTED_FIX}`,
  'payment-required': 'Out of credits: this call costs more than the balance. Nothing was charged. Ask the account holder to top up.',
  'forbidden-scope': 'This API key lacks the read:contacts scope needed to reveal contact channels. Create a key with contact access.',
  'not-found': 'Not in the directory.',
  'wrong-host': 'This address is the web app, not the API. Set the API base URL to the baseUrl that GET /v1/me reports.',
  'bad-request': 'The directory rejected the request as invalid.',
  server: 'The directory service had a problem. Try again shortly.',
};

/** An error of a kind that carries no extra fields. */
export function plainError(kind: PlainKind, status: number | null, message = PLAIN_MESSAGES[kind], serverError?: string): ApiError {
  return withServerError({ kind, status, message }, serverError);
}

export interface StatusContext {
  serverError?: string;
  /** The call was a private reveal (changes the 403 wording). */
  reveal: boolean;
  /** Only used for 429. */
  retryAt: number;
  now: number;
}

/** Maps a non-2xx JSON answer (or an empty one) to its kind. 3xx never reaches here: redirects are refused earlier. */
export function errorForStatus(status: number, ctx: StatusContext): ApiError {
  const { serverError } = ctx;
  if (status === 401) return plainError('unauthorized', status, undefined, serverError);
  if (status === 402) return plainError('payment-required', status, undefined, serverError);
  if (status === 403) {
    const message = ctx.reveal
      ? PLAIN_MESSAGES['forbidden-scope']
      : "This API key is not allowed to make this call (a scope is missing). Check the key's scopes in the web app.";
    return plainError('forbidden-scope', status, message, serverError);
  }
  if (status === 404) return plainError('not-found', status, undefined, serverError);
  if (status === 429) return rateLimited(status, ctx.retryAt, ctx.now, serverError);
  if (status >= 500) {
    return plainError('server', status, `The directory service had a problem (HTTP ${status}). Try again shortly.`, serverError);
  }
  // 400 and any other 4xx: the request itself was not acceptable.
  const message = status === 400 ? PLAIN_MESSAGES['bad-request'] : `The directory rejected the request (HTTP ${status}).`;
  return plainError('bad-request', status, message, serverError);
}

export function rateLimited(status: number | null, retryAt: number, now: number, serverError?: string): ApiError {
  const seconds = Math.max(0, Math.ceil((retryAt - now) / 1000));
  const message = `Too many requests for this account. Try again in ${seconds} s.`;
  return withServerError({ kind: 'rate-limited', status, message, retryAt }, serverError);
}

export type NetworkCause = 'failed' | 'timeout' | 'aborted' | 'body';

export function networkError(cause: NetworkCause, timeoutMs: number): ApiError {
  switch (cause) {
    case 'timeout':
      return {
        kind: 'network',
        status: null,
        timeout: true,
        cause,
        message: `The directory service did not answer within ${Math.round(timeoutMs / 1000)} s. The call may still have been charged.`,
      };
    case 'aborted':
      return { kind: 'network', status: null, cause, message: 'The request was cancelled. The call may still have been charged.' };
    case 'body':
      return {
        kind: 'network',
        status: null,
        cause,
        message: 'The connection dropped while the answer was arriving. The call may still have been charged.',
      };
    case 'failed':
      return {
        kind: 'network',
        status: null,
        cause,
        message: 'Could not reach the directory service. Check the connection and the API base URL.',
      };
  }
}

/** `path` is the zod path of the first problem joined with dots (`data.3.id`), or '' when the JSON itself is broken. */
export function invalidResponse(status: number | null, path: string): ApiError {
  const where = path === '' ? 'unreadable JSON' : `problem at ${path}`;
  return {
    kind: 'invalid-response',
    status,
    path,
    message: `The directory sent an answer this extension cannot read (${where}). The call may still have been charged.`,
  };
}

/** A body larger than any answer the API sends: not read, not parsed. */
export function tooLargeResponse(status: number | null, capBytes: number): ApiError {
  return {
    kind: 'invalid-response',
    status,
    path: '',
    message: `The directory sent an answer over ${Math.round(capBytes / 1_000_000)} MB, far larger than any real answer; it was not read. The call may still have been charged.`,
  };
}

export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.map((segment) => String(segment)).join('.');
}
