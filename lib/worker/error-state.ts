import type { ApiError } from '@/lib/api';
import type { TabState } from '@/lib/tab-state/tab-state';
import { failureText, type Booked } from '@/lib/messages/texts';

type Common = 'tabId' | 'profile' | 'hints' | 'updatedAt';
export type StateBody = TabState extends infer S ? (S extends TabState ? Omit<S, Common> : never) : never;

/** Errors with a tab state of their own (a key refused, lacking a scope, or sent to the wrong host). */
const OWN_STATUS = { unauthorized: 'bad-key', 'forbidden-scope': 'missing-scope', 'wrong-host': 'wrong-host' } as const;

/**
 * What a failed call means for the tab. The words are the table's (lib/messages/texts.ts
 * `failureText`); `booked` is what the paid path booked for the attempt, so the words about credits
 * match the ledger (absent: they claim nothing except that a lost answer may have been charged).
 */
export function stateForError(error: ApiError, now: number, booked?: Booked): StateBody {
  if (error.kind === 'payment-required') return { status: 'out-of-credits', balance: null, message: failureText(error, booked) };
  // A tab's lookup is retried by the worker itself at resumeAt (profile-lookup `failed`); the panel counts down.
  if (error.kind === 'rate-limited')
    return { status: 'rate-limited', resumeAt: Math.max(error.retryAt, now), message: failureText(error, booked), automatic: true };
  const status = OWN_STATUS[error.kind as keyof typeof OWN_STATUS];
  // The rest (network, server, invalid-response, not-found, bad-request) can be retried.
  return status
    ? { status, message: failureText(error, booked) }
    : { status: 'error', retryable: true, message: failureText(error, booked, now) };
}

/** The plain-words message for a failed call (for inline errors that keep the card: details, search, reveal). */
export function messageFor(error: ApiError, now: number, booked?: Booked): string {
  return failureText(error, booked, now);
}
