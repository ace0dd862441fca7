import type { ApiError } from '@/lib/api';
import type { TabState } from '@/lib/tab-state/tab-state';
import { failureText, type Booked } from '@/lib/messages/texts';

type Common = 'tabId' | 'profile' | 'hints' | 'updatedAt';
export type StateBody = TabState extends infer S ? (S extends TabState ? Omit<S, Common> : never) : never;

/**
 * What a failed call means for the tab. The words are the table's (lib/messages/texts.ts
 * `failureText`); `booked` is what the paid path booked for the attempt, so the words about credits
 * match the ledger (absent: they claim nothing except that a lost answer may have been charged).
 */
export function stateForError(error: ApiError, now: number, booked?: Booked): StateBody {
  const message = failureText(error, booked);
  switch (error.kind) {
    case 'unauthorized':
      return { status: 'bad-key', message };
    case 'payment-required':
      return { status: 'out-of-credits', balance: null, message };
    case 'forbidden-scope':
      return { status: 'missing-scope', message };
    case 'wrong-host':
      return { status: 'wrong-host', message };
    case 'rate-limited':
      // A tab's lookup is retried by the worker itself at resumeAt (profile-lookup `failed`); the panel counts down.
      return { status: 'rate-limited', resumeAt: Math.max(error.retryAt, now), message, automatic: true };
    case 'network':
    case 'server':
    case 'invalid-response':
    case 'not-found':
    case 'bad-request':
      return { status: 'error', retryable: true, message: failureText(error, booked, now) };
  }
}

/** The plain-words message for a failed call (for inline errors that keep the card: details, search, reveal). */
export function messageFor(error: ApiError, now: number, booked?: Booked): string {
  return failureText(error, booked, now);
}
