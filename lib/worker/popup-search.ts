import type { ApiError, SearchResults } from '@/lib/api';
import { searchCall } from '@/lib/api/calls';
import type { SearchOutcome } from '@/lib/messaging/protocol';
import { messageFor } from './error-state';
import type { WorkerContext } from './worker-context';
import { droppedText, refusalText } from '@/lib/messages/texts';
import { bookedFor } from './paid-call';

const REFUSED: ApiError = { kind: 'unauthorized', status: 401, message: '' };
const NO_KEY: ApiError = { kind: 'unauthorized', status: null, cause: 'no-key', message: '' };

/** The popup's search: user-triggered, priced on its button, cached like profile lookups. */
export function createPopupSearch(ctx: WorkerContext) {
  const { now, session, paidCached } = ctx;

  // ── popup search ────────────────────────────────────────────────────────────────────────────

  async function search(q: string, override: boolean): Promise<SearchOutcome> {
    const accountId = session.accountId;
    const client = session.client();
    // Refused by the API (now or before a restart): nothing is sent with it, not even from the popup.
    if (session.keyRejected) return { ok: false, reason: 'unauthorized', message: messageFor(REFUSED, now()) };
    if (!accountId || !client) return { ok: false, reason: 'no-key', message: messageFor(NO_KEY, now()) };
    const out = await paidCached<SearchResults>({
      call: searchCall(q),
      send: (c, o) => client.send(c, o),
      accountId,
      trigger: 'user',
      ...(override ? { override: true } : {}),
    });
    if (out.from === 'cache')
      return {
        ok: true,
        q,
        people: out.entry.value.people,
        projects: out.entry.value.projects,
        sample: null,
        creditsCharged: 0,
        fromCache: true,
      };
    if (out.result.kind === 'dropped') return { ok: false, reason: 'network', message: droppedText('search') };
    if (out.result.kind === 'refused') {
      const { reason, remainingToday, hold } = out.result;
      const price = ctx.credits.estimate({ endpoint: 'search' }).credits;
      return {
        ok: false,
        reason: reason === 'halted-402' ? 'halted' : 'budget',
        message: refusalText(reason, { remainingToday, price, hold }),
        remainingToday,
      };
    }
    const r = out.result.result;
    if (!r.ok) {
      if (r.error.kind === 'unauthorized') await session.rejectKey();
      return { ok: false, reason: r.error.kind, message: messageFor(r.error, now(), bookedFor(r)) };
    }
    return {
      ok: true,
      q,
      people: r.data.people ?? [],
      projects: r.data.projects ?? [],
      sample: r.sample,
      creditsCharged: out.shared ? 0 : r.meta.creditsCharged,
      fromCache: false,
    };
  }

  return search;
}
