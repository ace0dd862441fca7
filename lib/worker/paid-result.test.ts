import { describe, expect, it } from 'vitest';
import type { ApiError } from '@/lib/api';
import { networkError } from '@/lib/api/errors';
import type { PaidOutcome } from './paid-call';
import { presentPaid } from './paid-result';

const rateLimit = { limit: 60, remaining: 59, reset: 60, retryAfter: null } as never;
const success = (sample: unknown = null) =>
  ({
    ok: true,
    status: 200,
    data: { people: [] },
    meta: { creditsCharged: 5, creditsBalance: 95 },
    apiVersion: null,
    rateLimit,
    sample,
  }) as never;
const failure = (error: ApiError, outcomeUnknown = false): PaidOutcome<unknown> => ({
  kind: 'answered',
  result: { ok: false, error, apiVersion: null, rateLimit: null, ...(outcomeUnknown ? { outcomeUnknown: true } : {}) } as never,
});
const opts = { price: 5, what: 'lookup' as const, now: 1_000 };

describe('presentPaid: every paid outcome, in the one table’s words', () => {
  it.each<[string, PaidOutcome<unknown>, string, RegExp | null]>([
    ['a live answer', { kind: 'answered', result: success() }, 'answer', null],
    ['a sample (NOT REAL DATA)', { kind: 'answered', result: success({ notice: 'NOT REAL DATA' }) }, 'sample', null],
    ['dropped before it was sent', { kind: 'dropped' }, 'dropped', /cancelled before it was sent\. Nothing was sent, nothing charged\./],
    [
      'refused by today’s budget',
      { kind: 'refused', reason: 'budget', remainingToday: 3, hold: 10 },
      'refused',
      /has 3 credits left; this call needs 10 credits set aside: it costs 5 credits/,
    ],
    ['refused by a 402 halt', { kind: 'refused', reason: 'halted-402', remainingToday: 100, hold: 10 }, 'refused', /Out of credits/],
    [
      'a 500 answered (nothing booked)',
      failure({ kind: 'server', status: 500, message: '' } as ApiError),
      'failed',
      /Nothing was charged\./,
    ],
    ['a lost answer (booked "may have been charged")', failure(networkError('timeout'), true), 'failed', /may have been charged/],
  ])('%s', (_, out, kind, words) => {
    const shown = presentPaid(out, opts);
    expect(shown.kind).toBe(kind);
    if (words) expect('message' in shown ? shown.message : '').toMatch(words);
  });

  it('keeps what the paid path booked for a failure', () => {
    const shown = presentPaid(failure(networkError('timeout'), true), opts);
    expect(shown).toMatchObject({ kind: 'failed', booked: 'unknown', error: { kind: 'network' } });
  });
});
