/*
 * One kind per thing the UI must do differently, a cause where the words differ, and the message from
 * lib/messages/texts.ts `failureText` (never the key or raw exception text). The client does not know what
 * the paid path books, so a message claims nothing about charges but that a lost answer may have been charged.
 */

import { failureText, type FailureLike } from '@/lib/messages/texts';

/**
 * `failed`: no answer (no connection, or closed before the headers); `body`: dropped mid-answer; `offline`:
 * never left this computer; `not-resent`: stopped after two unknown outcomes; `interrupted`: an extension restart.
 */
export type NetworkCause = 'failed' | 'timeout' | 'aborted' | 'body' | 'offline' | 'not-resent' | 'interrupted';
/** `html`: a web page (the web app's address); `redirect`; `origin`: a path leaving the base URL; `insecure`: plain http; `invalid-url`. */
type WrongHostCause = 'html' | 'redirect' | 'origin' | 'insecure' | 'invalid-url';
/** Refused before anything was sent. */
type BadRequestCause = 'bad-id' | 'blank-search' | 'bad-options' | 'not-journaled';
type UnauthorizedCause = 'no-key' | 'malformed-key' | 'refused-key';

/** The error kinds, each with its own fields (`unknown`: none). */
interface KindFields {
  /** `retryAt`: epoch ms. `reveal`: the hourly reveal cap answers 429 too. */
  'rate-limited': { retryAt: number; reveal?: boolean };
  /** `path`: the zod path of the first problem, or '' for unparsable JSON. `too-large`: far larger than any answer (not read). */
  'invalid-response': { path: string; cause?: 'too-large' };
  network: { timeout?: boolean; cause?: NetworkCause };
  /** `loopbackAllowed`, with cause 'insecure': this build allows the local emulator. */
  'wrong-host': { cause?: WrongHostCause; loopbackAllowed?: boolean };
  unauthorized: { cause?: UnauthorizedCause };
  'bad-request': { cause?: BadRequestCause };
  /** `reveal`: the call was a private reveal (read:contacts). */
  'forbidden-scope': { reveal?: boolean };
  'payment-required': unknown;
  'not-found': unknown;
  server: unknown;
}
export type ApiErrorKind = keyof KindFields;

export type ApiError = {
  [K in ApiErrorKind]: {
    kind: K;
    status: number | null;
    /** Plain words for a user. */
    message: string;
    /** The body's `error` text, when the server sent one. */
    serverError?: string;
  } & KindFields[K];
}[ApiErrorKind];

type PlainKind = Exclude<ApiErrorKind, 'rate-limited' | 'invalid-response' | 'network'>;

interface PlainDetail {
  cause?: WrongHostCause | BadRequestCause | UnauthorizedCause;
  serverError?: string;
  reveal?: boolean;
  loopbackAllowed?: boolean;
}

/** The error with its message from the table; detail fields given as undefined are left out. */
function withMessage(error: FailureLike & { status: number | null }, now?: number): ApiError {
  const kept = Object.fromEntries(Object.entries(error).filter(([, value]) => value !== undefined)) as typeof error;
  return { ...kept, message: failureText(kept, undefined, now) } as ApiError;
}

/** An error of a kind that carries no required extra fields. */
export function plainError(kind: PlainKind, status: number | null, detail: PlainDetail = {}): ApiError {
  return withMessage({ kind, status, ...detail });
}

export interface StatusContext {
  serverError?: string;
  /** A private reveal (its 403 and 429 read differently). */
  reveal: boolean;
  /** 429 only. */
  retryAt: number;
  now: number;
}

const KIND_OF_STATUS: Readonly<Record<number, PlainKind>> = {
  401: 'unauthorized',
  402: 'payment-required',
  403: 'forbidden-scope',
  404: 'not-found',
};

/** Maps a non-2xx JSON answer (or an empty one) to its kind. 3xx never reaches here: redirects are refused earlier. */
export function errorForStatus(status: number, ctx: StatusContext): ApiError {
  const { serverError } = ctx;
  if (status === 429)
    return withMessage({ kind: 'rate-limited', status, retryAt: ctx.retryAt, reveal: ctx.reveal || undefined, serverError }, ctx.now);
  // 400 and any other 4xx: the request itself was not acceptable.
  const kind = KIND_OF_STATUS[status] ?? (status >= 500 ? 'server' : 'bad-request');
  return plainError(kind, status, { serverError, reveal: status === 403 ? ctx.reveal : undefined });
}

export function networkError(cause: NetworkCause): ApiError {
  return withMessage({ kind: 'network', status: null, cause, timeout: cause === 'timeout' || undefined });
}

/** `path` is the zod path of the first problem joined with dots (`data.3.id`), or '' when the JSON itself is broken. */
export function invalidResponse(status: number | null, path: string): ApiError {
  return withMessage({ kind: 'invalid-response', status, path });
}

/** A body larger than any answer the API sends: not read, not parsed. */
export function tooLargeResponse(status: number | null): ApiError {
  return withMessage({ kind: 'invalid-response', status, path: '', cause: 'too-large' });
}

export function formatIssuePath(path: readonly PropertyKey[]): string {
  return path.map((segment) => String(segment)).join('.');
}
