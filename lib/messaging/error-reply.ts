/**
 * What a refused or failed message answers, in the `{ err }` shape @webext-core/messaging's sendMessage
 * turns back into an Error. A message and nothing else: a stack trace would tell the asking context
 * (possibly a content script beside a hostile page) the background's file layout and code paths.
 * `stack: ''` is kept because the library only rebuilds an Error when every field is a string.
 */
export interface ErrorReply {
  name: 'Error';
  message: string;
  stack: '';
}

const MAX_MESSAGE = 300;

export function errorReply(error: unknown): ErrorReply {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const message = raw.trim() ? raw.slice(0, MAX_MESSAGE) : 'The request failed.';
  return { name: 'Error', message, stack: '' };
}
