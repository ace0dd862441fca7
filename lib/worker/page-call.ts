import type { ApiError, ApiSuccess, DirectoryClient } from '@/lib/api';
import type { ApiCall } from '@/lib/api/calls';
import type { PaidFailure } from '@/lib/messaging/protocol';
import { messageFor } from './error-state';
import type { CachedPaidCall } from './paid-call';
import { presentPaid } from './paid-result';
import type { CoreOf } from './worker-core';

type PageCallDeps = CoreOf<'session' | 'now' | 'credits' | 'paidCached'>;
export type Caller = { accountId: string; client: DirectoryClient };
type PageAnswer<T> = { ok: true; data: T; sample: ApiSuccess<T>['sample']; fromCache: boolean; charged: number; remembered: boolean } & {
  spent?: { credits: number; estimated: boolean };
};

const REFUSED: ApiError = { kind: 'unauthorized', status: 401, message: '' };
const NO_KEY: ApiError = { kind: 'unauthorized', status: null, cause: 'no-key', message: '' };

/**
 * Who pays for a call an extension page asked for (the popup's search, a prospect search): the account
 * in use and its client, or why nothing can be sent — a key the API refused (now or before a restart)
 * sends nothing, not even from a page.
 */
export function pageCaller(ctx: Pick<PageCallDeps, 'session' | 'now'>): Caller | PaidFailure {
  const { session, now } = ctx;
  const accountId = session.accountId;
  const client = session.client();
  if (session.keyRejected) return { ok: false, reason: 'unauthorized', message: messageFor(REFUSED, now()) };
  if (!accountId || !client) return { ok: false, reason: 'no-key', message: messageFor(NO_KEY, now()) };
  return { accountId, client };
}

/**
 * A page's paid call (behind the response cache) as the page hears it: its answer (`charged`: what this answer
 * says it cost, 0 from the cache or a joined call; `spent`: what the ledger booked for all its attempts), or why
 * not in the one table's words (lib/messages/texts.ts): dropped unsent, refused (today's budget, a 402 halt…) with
 * its price, or failed with what the paid path booked for it. A 401 marks the key refused.
 */
export async function pagePaid<T>(
  ctx: PageCallDeps,
  { accountId, client }: Caller,
  call: ApiCall<T>,
  what: 'search' | 'details',
  opts: Pick<CachedPaidCall<T>, 'override' | 'fresh' | 'knownHow'> = {},
): Promise<PageAnswer<T> | PaidFailure> {
  const out = await ctx.paidCached<T>({ call, send: (c, o) => client.send(c, o), accountId, trigger: 'user', ...opts });
  if (out.from === 'cache') return { ok: true, data: out.entry.value, sample: null, fromCache: true, charged: 0, remembered: true };
  const shown = presentPaid(out.result, { price: ctx.credits.estimate({ endpoint: call.endpoint }).credits, what, now: ctx.now() });
  if (shown.kind === 'dropped') return { ok: false, reason: 'network', message: shown.message };
  if (shown.kind === 'refused') {
    const reason = shown.reason === 'halted-402' ? 'halted' : 'budget';
    return { ok: false, reason, message: shown.message, remainingToday: shown.remainingToday };
  }
  if (shown.kind === 'failed') {
    if (shown.error.kind === 'unauthorized') await ctx.session.rejectKey();
    return { ok: false, reason: shown.error.kind, message: shown.message };
  }
  const { data, sample, meta } = shown.result;
  return {
    ok: true,
    data,
    sample,
    fromCache: false,
    charged: out.shared ? 0 : meta.creditsCharged,
    ...(out.shared || out.result.kind !== 'answered' || !out.result.spent ? {} : { spent: out.result.spent }),
    remembered: sample === null && out.entry !== null,
  };
}
