import type { ApiResult } from '../api';
import type { Classified } from '../cache';
import type { CreditGovernor, Endpoint, RefusalReason, Trigger } from '../credits';
import type { RateGovernor, RetryPolicy, ScheduledResult } from '../rate';

export type PaidOutcome<T> =
  | { kind: 'refused'; reason: RefusalReason; remainingToday: number }
  | { kind: 'answered'; result: ScheduledResult<T> };

export interface PaidCall {
  endpoint: Endpoint;
  accountId: string;
  path: string;
  trigger: Trigger;
  retry: RetryPolicy;
  override?: boolean;
  confirmed?: boolean;
  tabId?: number;
  profileKey?: string;
}

/**
 * Every credit goes through here, in this order: reserve the price against today's budget (refuse
 * rather than cross it), wait for the account's rate allowance, call, then settle the reservation with
 * what the server actually charged.
 */
export async function paidCall<T>(
  credits: CreditGovernor,
  rate: RateGovernor,
  call: PaidCall,
  run: () => Promise<ApiResult<T>>,
  onSettled?: () => void,
): Promise<PaidOutcome<T>> {
  const reserved = await credits.reserve(credits.estimate({ endpoint: call.endpoint }), {
    accountId: call.accountId,
    path: call.path,
    trigger: call.trigger,
    ...(call.override ? { override: true } : {}),
    ...(call.confirmed ? { confirmed: true } : {}),
    ...(call.tabId !== undefined ? { tabId: call.tabId } : {}),
    ...(call.profileKey ? { profileKey: call.profileKey } : {}),
  });
  if (!reserved.ok) return { kind: 'refused', reason: reserved.reason, remainingToday: reserved.remainingToday };
  let result: ScheduledResult<T>;
  try {
    result = await rate.schedule(run, { priority: call.trigger === 'user' ? 'user' : 'auto', retry: call.retry });
  } catch (err) {
    credits.release(reserved.reservation);
    throw err;
  }
  await credits.settle(reserved.reservation, result);
  onSettled?.();
  return { kind: 'answered', result };
}

/** Cache classification of a paid answer: live data is kept, samples, refusals and errors never. */
export function classifyPaid<T>(out: PaidOutcome<T>, notFound?: (data: T) => boolean): Classified<T> {
  if (out.kind === 'refused') return { cache: 'skip', reason: 'error' };
  const r = out.result;
  if (!r.ok) return { cache: 'skip', reason: 'error' };
  if (r.sample) return { cache: 'skip', reason: 'sample' };
  return notFound?.(r.data) ? { cache: 'not-found', value: r.data } : { cache: 'hit', value: r.data };
}
