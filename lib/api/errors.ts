/*
 * One kind per thing the UI must do differently, a cause where the words differ, and the message from
 * lib/messages/texts.ts `failureText` (never the key or raw exception text). The client does not know what
 * the paid path books, so a message claims nothing about charges but that a lost answer may have been charged.
 */

import { failureText } from '@/lib/messages/texts';

/**
 * `failed`: no answer (no connection, or closed before the headers); `body`: dropped mid-answer; `offline`:
 * never left this computer; `not-resent`: stopped after two unknown outcomes; `interrupted`: an extension restart.
 */
export type NetworkCause = 'failed' | 'timeout' | 'aborted' | 'body' | 'offline' | 'not-resent' | 'interrupted';
/** The error kinds, each with its own fields (`unknown`: none). */
interface KindFields {
  /** `retryAt`: epoch ms. `reveal`: the hourly reveal cap answers 429 too. */
  'rate-limited': { retryAt: number; reveal?: boolean };
  /** `path`: the zod path of the first problem, or '' for unparsable JSON. `too-large`: far larger than any answer (not read). */
  'invalid-response': { path: string; cause?: 'too-large' };
  network: { timeout?: boolean; cause?: NetworkCause };
  /**
   * `html`: a web page (the web app's address); `origin`: a path leaving the base URL; `insecure`: plain http.
   * `loopbackAllowed`, with cause 'insecure': this build allows the local emulator.
   */
  'wrong-host': { cause?: 'html' | 'redirect' | 'origin' | 'insecure' | 'invalid-url'; loopbackAllowed?: boolean };
  unauthorized: { cause?: 'no-key' | 'malformed-key' | 'refused-key' };
  /** The causes are refused before anything was sent. */
  'bad-request': { cause?: 'bad-id' | 'blank-search' | 'bad-options' | 'not-journaled' };
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

/** An error as its maker states it (no status: nothing was answered); `apiError` adds the message. */
type ErrorFields = ApiError extends infer E
  ? E extends ApiError
    ? Omit<E, 'message' | 'status'> & { status?: number | null }
    : never
  : never;

/** The error with its message from the table; fields given as undefined are left out. */
export function apiError(error: ErrorFields, now?: number): ApiError {
  const kept = { status: null, ...Object.fromEntries(Object.entries(error).filter(([, value]) => value !== undefined)) } as ErrorFields;
  return { ...kept, message: failureText(kept, undefined, now) } as ApiError;
}

const KIND_OF_STATUS: Readonly<Record<number, 'unauthorized' | 'payment-required' | 'forbidden-scope' | 'not-found'>> = {
  401: 'unauthorized',
  402: 'payment-required',
  403: 'forbidden-scope',
  404: 'not-found',
};

/**
 * Maps a non-2xx JSON answer (or an empty one) to its kind; 3xx never reaches here (redirects are refused
 * earlier). `reveal`: a private reveal (its 403 and 429 read differently); `retryAt`: 429 only.
 */
export function errorForStatus(status: number, ctx: { serverError?: string; reveal: boolean; retryAt: number; now: number }): ApiError {
  const { serverError } = ctx;
  if (status === 429)
    return apiError({ kind: 'rate-limited', status, retryAt: ctx.retryAt, reveal: ctx.reveal || undefined, serverError }, ctx.now);
  // 400 and any other 4xx: the request itself was not acceptable.
  const kind = KIND_OF_STATUS[status] ?? (status >= 500 ? 'server' : 'bad-request');
  return apiError({ kind, status, serverError, reveal: status === 403 ? ctx.reveal : undefined });
}

export function networkError(cause: NetworkCause): ApiError {
  return apiError({ kind: 'network', cause, timeout: cause === 'timeout' || undefined });
}
