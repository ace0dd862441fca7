/*
 * The one message envelope, declared once for both ends. Senders — the pages' `sendMessage`
 * (./protocol.ts) and the content scripts' `reportProfile` (./report-profile.ts) — put `{ type, data }`
 * on `runtime.sendMessage`; the background's one listener (./message-listener.ts) reads it and answers
 * `{ res }` or `{ err: { message } }`; `assertAnswer` turns an `{ err }` (or no answer) into a rejection.
 *
 * Content scripts bundle this file: its runtime code stays plain (no zod, no polyfill; see tests/size).
 */

/** `K`: the message's type (./protocol.ts narrows it to its `MessageType`; this file imports nothing, for size). */
export interface Envelope<K extends string = string> {
  type: K;
  /** The payload; absent for messages that take none (JSON, as Chrome sends it, drops `undefined`). */
  data?: unknown;
}

/** What a refused or failed message answers: its message, never a stack (see ./message-listener.ts). */
export interface ErrorReply {
  message: string;
}

/** What the background answers: `{ res }` (absent for a void answer) or `{ err }`. */
export interface Reply {
  res?: unknown;
  err?: ErrorReply;
}

/**
 * An envelope's shape, nothing more: a string `type`. Whether it names a message is the listener's
 * own-key check (`isMessageType`), and the payload is the router's zod schemas' to judge.
 */
export function isEnvelope(message: unknown): message is { type: string; data?: unknown } {
  return typeof message === 'object' && message !== null && typeof (message as { type?: unknown }).type === 'string';
}

/**
 * Throws unless `reply` is an answer (then `reply.res` is the result): `{ err }` with an Error carrying
 * its message and no stack, no reply at all (nobody listening, or a listener that does not answer)
 * with "No response". Written for size: content scripts bundle it (see tests/size).
 */
export function assertAnswer(reply: Reply | null | undefined): asserts reply is Reply {
  if (!reply || reply.err) {
    const error = new Error(reply ? reply.err!.message : 'No response');
    error.stack = '';
    throw error;
  }
}
