/*
 * The one message envelope for both ends: senders (./protocol.ts, ./report-profile.ts) put `{ type, data }`;
 * the background's listener (./router.ts) answers `{ res }` or `{ err: { message } }`.
 * Content scripts bundle this file: it stays plain and imports nothing (no zod, no polyfill; see tests/size).
 */

export interface Envelope<K extends string = string> {
  type: K;
  /** The payload; absent for messages that take none (JSON, as Chrome sends it, drops `undefined`). */
  data?: unknown;
}

/** `res` is absent for a void answer; `err` carries a message, never a stack (see ./router.ts). */
export interface Reply {
  res?: unknown;
  err?: { message: string };
}

/** An envelope's shape, nothing more: whether `type` names a message, and the payload, are judged later. */
export function isEnvelope(message: unknown): message is Envelope {
  return typeof message === 'object' && message !== null && typeof (message as { type?: unknown }).type === 'string';
}

/** Throws unless `reply` is an answer: `{ err }` as an Error with its message and no stack, no reply as "No response". */
export function assertAnswer(reply: Reply | null | undefined): asserts reply is Reply {
  if (!reply || reply.err) {
    const error = new Error(reply ? reply.err!.message : 'No response');
    error.stack = '';
    throw error;
  }
}
