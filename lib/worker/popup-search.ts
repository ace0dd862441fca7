import type { SearchResults } from '@/lib/api';
import { searchCall } from '@/lib/api/calls';
import type { SearchOutcome } from '@/lib/messaging/protocol';
import { pageAnswer, pageCaller } from './page-call';
import type { CoreOf } from './worker-core';

/**
 * The popup's search: user-triggered, priced on its button, cached like profile lookups. The people of
 * a live answer (cached or fresh) are kept in the worker's own copy (./live-records.ts): a popup row is
 * saved as a lead from there.
 */
export function createPopupSearch(ctx: CoreOf<'session' | 'now' | 'credits' | 'paidCached' | 'liveRecords'>) {
  const { paidCached } = ctx;

  async function search(q: string, override: boolean): Promise<SearchOutcome> {
    const caller = pageCaller(ctx);
    if ('ok' in caller) return caller;
    const { accountId, client } = caller;
    const call = searchCall(q);
    const out = await paidCached<SearchResults>({
      call,
      send: (c, o) => client.send(c, o),
      accountId,
      trigger: 'user',
      ...(override ? { override: true } : {}),
      knownHow: { how: 'searched', q },
    });
    if (out.from === 'cache') {
      ctx.liveRecords.keepPeople(accountId, out.entry.value.people);
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
    const answer = await pageAnswer(ctx, out.result, call.endpoint, 'search');
    if (!answer.ok) return answer;
    const r = answer.result;
    if (!r.sample) ctx.liveRecords.keepPeople(accountId, r.data.people ?? []);
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
