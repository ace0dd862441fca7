import type { ApiError } from '@/lib/api';
import type { TabState } from '@/lib/tab-state/tab-state';
import { KEY_REJECTED, KEY_REJECTED_FIX } from '@/lib/messages/texts';

type Common = 'tabId' | 'profile' | 'hints' | 'updatedAt';
export type StateBody = TabState extends infer S ? (S extends TabState ? Omit<S, Common> : never) : never;

/** What a failed call means for the tab, in words a BD rep can act on. */
export function stateForError(error: ApiError, now: number): StateBody {
  switch (error.kind) {
    case 'unauthorized':
      return { status: 'bad-key', message: `${KEY_REJECTED} ${KEY_REJECTED_FIX}` };
    case 'payment-required':
      return { status: 'out-of-credits', balance: null, message: 'Out of credits: top up the account to continue. Nothing was charged.' };
    case 'forbidden-scope':
      return {
        status: 'missing-scope',
        message: 'This key cannot reveal contacts (it lacks the read:contacts scope). Create a key with that scope.',
      };
    case 'wrong-host':
      return {
        status: 'wrong-host',
        message: 'The API base URL answers with web pages, not the API. Use the baseUrl that /v1/me reports (options page).',
      };
    case 'rate-limited':
      // A tab's lookup is retried by the worker itself at resumeAt (profile-lookup `failed`).
      return {
        status: 'rate-limited',
        resumeAt: Math.max(error.retryAt, now),
        message: 'The account is over its request rate.',
        automatic: true,
      };
    case 'network':
      return {
        status: 'error',
        retryable: true,
        message: error.timeout
          ? 'The API did not answer in time.'
          : 'Cannot reach the API host. Check the connection and the API base URL.',
      };
    case 'server':
      return { status: 'error', retryable: true, message: 'The API had a server error. Nothing was charged; retry in a moment.' };
    case 'invalid-response':
      return {
        status: 'error',
        retryable: true,
        message: `The API sent an answer this version cannot read${error.path ? ` (at ${error.path})` : ''}.`,
      };
    case 'not-found':
    case 'bad-request':
      return { status: 'error', retryable: true, message: error.message };
  }
}

/** The plain-words message for a failed call (for inline errors that keep the card). */
export function messageFor(error: ApiError, now: number): string {
  const body = stateForError(error, now);
  return 'message' in body ? body.message : error.message;
}
