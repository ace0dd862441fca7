import type { ApiError, Person, SearchResults } from '@/lib/api';
import { searchCall } from '@/lib/api/calls';
import type { SearchOutcome } from '@/lib/messaging/protocol';
import { messageFor } from './error-state';
import type { WorkerContext } from './worker-context';
import { droppedText, refusalText } from '@/lib/messages/texts';
import { bookedFor } from './paid-call';

const REFUSED: ApiError = { kind: 'unauthorized', status: 401, message: '' };
const NO_KEY: ApiError = { kind: 'unauthorized', status: null, cause: 'no-key', message: '' };

/** How many popup rows are kept for "Save … as lead" (a few searches' worth: the popup shows the last one). */
const ROWS_KEPT = 200;

/**
 * The popup's search: user-triggered, priced on its button, cached like profile lookups. The people of
 * its live answers are kept (in memory, per account) so a popup row can be saved as a lead from the
 * worker's own copy: a row the page sends back is never taken on its word (a sample row would become a lead).
 */
export function createPopupSearch(ctx: WorkerContext) {
  const { now, session, paidCached } = ctx;
  const rows = new Map<string, Person>();

  function keepRows(accountId: string, people: readonly Person[]): void {
    for (const p of people) {
      const key = `${accountId}:${p.id}`;
      rows.delete(key); // re-inserted last: the oldest rows go first
      rows.set(key, p);
    }
    for (const key of rows.keys()) {
      if (rows.size <= ROWS_KEPT) break;
      rows.delete(key);
    }
  }

  /** A person a live popup answer showed this account, as the worker answered it; undefined for anyone else (samples included). */
  const liveRow = (accountId: string, personId: string): Person | undefined => rows.get(`${accountId}:${personId}`);

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
    if (out.from === 'cache') {
      keepRows(accountId, out.entry.value.people);
      return {
        ok: true,
        q,
        people: out.entry.value.people,
        projects: out.entry.value.projects,
        sample: null,
        creditsCharged: 0,
        fromCache: true,
      };
    }
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
    const people = r.data.people ?? [];
    if (!r.sample) keepRows(accountId, people);
    return {
      ok: true,
      q,
      people,
      projects: r.data.projects ?? [],
      sample: r.sample,
      creditsCharged: out.shared ? 0 : r.meta.creditsCharged,
      fromCache: false,
    };
  }

  return { search, liveRow };
}
