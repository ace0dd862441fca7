import type { ErrorReply } from './envelope';

/*
 * What a refused or failed message answers (`{ err }` in ./envelope.ts). A message and nothing else: a
 * stack trace would tell the asking context (possibly a content script beside a hostile page) the
 * background's file layout and code paths.
 */

const MAX_MESSAGE = 300;

export function errorReply(error: unknown): ErrorReply {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const message = raw.trim() ? raw.slice(0, MAX_MESSAGE) : 'The request failed.';
  return { message };
}
