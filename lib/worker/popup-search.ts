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
  return async function search(q: string, override: boolean): Promise<SearchOutcome> {
    const caller = pageCaller(ctx);
    if ('ok' in caller) return caller;
    const { accountId, client } = caller;
    const call = searchCall(q);
    const out = await ctx.paidCached<SearchResults>({
      call,
      send: (c, o) => client.send(c, o),
      accountId,
      trigger: 'user',
      ...(override ? { override: true } : {}),
      knownHow: { how: 'searched', q },
    });
    if (out.from === 'cache') {
      const { people, projects } = out.entry.value;
      ctx.liveRecords.keepPeople(accountId, people);
      return { ok: true, q, people, projects, sample: null, creditsCharged: 0, fromCache: true };
    }
    const answer = await pageAnswer(ctx, out.result, call.endpoint, 'search');
    if (!answer.ok) return answer;
    const { data, sample, meta } = answer.result;
    const [people, projects] = [data.people ?? [], data.projects ?? []];
    if (!sample) ctx.liveRecords.keepPeople(accountId, people);
    return { ok: true, q, people, projects, sample, creditsCharged: out.shared ? 0 : meta.creditsCharged, fromCache: false };
  };
}
