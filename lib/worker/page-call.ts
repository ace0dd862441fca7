import type { ApiError, ApiSuccess, DirectoryClient } from '@/lib/api';
import type { Endpoint } from '@/lib/api/calls';
import type { PaidFailure } from '@/lib/messaging/protocol';
import { messageFor } from './error-state';
import type { PaidOutcome } from './paid-call';
import { presentPaid } from './paid-result';
import type { CoreOf } from './worker-core';

type PageCallDeps = CoreOf<'session' | 'now' | 'credits'>;

const REFUSED: ApiError = { kind: 'unauthorized', status: 401, message: '' };
const NO_KEY: ApiError = { kind: 'unauthorized', status: null, cause: 'no-key', message: '' };

/**
 * Who pays for a call an extension page asked for (the popup's search, a prospect search): the account
 * in use and its client, or why nothing can be sent — a key the API refused (now or before a restart)
 * sends nothing, not even from a page.
 */
export function pageCaller(ctx: PageCallDeps): { accountId: string; client: DirectoryClient } | PaidFailure {
  const { session, now } = ctx;
  const accountId = session.accountId;
  const client = session.client();
  if (session.keyRejected) return { ok: false, reason: 'unauthorized', message: messageFor(REFUSED, now()) };
  if (!accountId || !client) return { ok: false, reason: 'no-key', message: messageFor(NO_KEY, now()) };
  return { accountId, client };
}

/**
 * A page's paid call as the page hears it: its answer, or why not in the one table's words (lib/messages/texts.ts):
 * dropped unsent, refused (today's budget, a 402 halt…) with its price, or failed with what the paid path booked
 * for it. A 401 marks the key refused.
 */
export async function pageAnswer<T>(
  ctx: PageCallDeps,
  out: PaidOutcome<T>,
  endpoint: Endpoint,
  what: 'search' | 'details',
): Promise<{ ok: true; result: ApiSuccess<T> } | PaidFailure> {
  const shown = presentPaid(out, { price: ctx.credits.estimate({ endpoint }).credits, what, now: ctx.now() });
  if (shown.kind === 'answer' || shown.kind === 'sample') return { ok: true, result: shown.result };
  if (shown.kind === 'dropped') return { ok: false, reason: 'network', message: shown.message };
  if (shown.kind === 'refused')
    return {
      ok: false,
      reason: shown.reason === 'halted-402' ? 'halted' : 'budget',
      message: shown.message,
      remainingToday: shown.remainingToday,
    };
  if (shown.error.kind === 'unauthorized') await ctx.session.rejectKey();
  return { ok: false, reason: shown.error.kind, message: shown.message };
}
