import type { ApiError, ApiSuccess } from '@/lib/api';
import type { RefusalReason } from '@/lib/credits/credit-governor';
import { droppedText, failureText, refusalText, type Booked } from '@/lib/messages/texts';
import { bookedFor, type PaidOutcome } from './paid-call';

/**
 * The one presenter of a paid call's outcome: what happened, and what the user is told (every word from
 * lib/messages/texts.ts). Each surface only decides where the words go (a tab's state, a detail slot, a
 * page row, a page's answer); none reads a PaidOutcome itself.
 */
export type PaidResult<T> =
  /** A live answer. */
  | { kind: 'answer'; result: ApiSuccess<T> }
  /** NOT REAL DATA: the balance was below the price (a free key, sample mode). */
  | { kind: 'sample'; result: ApiSuccess<T> }
  /** The tab moved on (or the page closed) before it was sent: nothing sent, nothing charged. */
  | { kind: 'dropped'; message: string }
  /** Not sent: today's budget, a 402 halt, the prices being read again… */
  | { kind: 'refused'; reason: RefusalReason; remainingToday: number; hold: number; price: number; message: string }
  /** Sent and failed; `booked`: what the paid path booked for it (the words about credits follow it). */
  | { kind: 'failed'; error: ApiError; booked: Booked; message: string };

export interface PresentOptions {
  /** The call's price (the account's), for a refusal's words. */
  price: number;
  /** What the call was, for a dropped call's words. */
  what: Parameters<typeof droppedText>[0];
  now: number;
  /** A reveal's failure has words of its own (its charge, its cap). */
  reveal?: boolean;
}

export function presentPaid<T>(out: PaidOutcome<T>, o: PresentOptions): PaidResult<T> {
  if (out.kind === 'dropped') return { kind: 'dropped', message: droppedText(o.what) };
  if (out.kind === 'refused') {
    const { reason, remainingToday, hold } = out;
    return {
      kind: 'refused',
      reason,
      remainingToday,
      hold,
      price: o.price,
      message: refusalText(reason, { remainingToday, price: o.price, hold }),
    };
  }
  const r = out.result;
  if (r.ok) return r.sample ? { kind: 'sample', result: r } : { kind: 'answer', result: r };
  const booked = bookedFor(r);
  const error = o.reveal ? { ...r.error, reveal: true } : r.error;
  return { kind: 'failed', error: r.error, booked, message: failureText(error, booked, o.now) };
}
