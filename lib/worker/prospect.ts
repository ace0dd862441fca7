import { TEAM_NOT_LOADABLE } from '@/lib/messages/texts';
import type { InvestorDetail, Person, Project, ProjectDetail, SearchResults, ServiceDetail } from '@/lib/api';
import type { PeopleFacets } from '@/lib/api/facets';
import { NO_FACETS } from '@/lib/api/facets';
import { searchCall, type ApiCall } from '@/lib/api/calls';
import { entryId, knownWords, recordsOfAnswer, type KnownEntry } from '@/lib/lookup/known-records';
import type { MessageData, ProspectOutcome, ProspectRows, SearchOutcome, TeamOutcome } from '@/lib/messaging/protocol';
import { PROSPECT_LISTS, prospectCall, type ProspectPage } from '@/lib/prospect/prospect-query';
import { learnFacets, readKnownFacets } from '@/lib/prospect/vocabulary';
import { prospectFacetsKey } from '@/lib/storage/keys';
import { routeCall, teamRoute } from './detail-route';
import { pageCaller, pagePaid, type Caller } from './page-call';
import type { CoreOf } from './worker-core';

/**
 * The pages' searches, the worker's part. The popup's search: user-triggered, priced on its button, cached like
 * profile lookups. Prospect search: a page of a list (one paid call, `limit=100`, through the one
 * paid path behind the response cache, whose live answers join the knowledge index) and an
 * organisation's team (the panel's detail reads). Every live record handed to the page is kept in the
 * worker's own copy (./live-records.ts) so "Save as leads" and "Load team" name records by id. A live
 * people answer's roles and channels are kept for the account, dated, for the next form to offer.
 */
export function createProspect(ctx: CoreOf<'session' | 'now' | 'credits' | 'paidCached' | 'known' | 'liveRecords' | 'local'>) {
  const { session, known, liveRecords, local } = ctx;

  /**
   * One paid (or cached) call for a page, with what it newly taught: its `rows` records (people or
   * organisations) this account had already paid for before it, and from where.
   */
  async function run<T>(caller: Caller, call: ApiCall<T>, rows: KnownEntry['kind'], override: boolean) {
    const before = await known.sources(caller.accountId);
    const what = (PROSPECT_LISTS as readonly string[]).includes(call.endpoint) ? 'search' : 'details';
    const out = await pagePaid(ctx, caller, call, what, override ? { override: true } : {});
    if (!out.ok) return out;
    // `remembered`: its records joined the knowledge index (a live answer the cache kept). The page's words about
    // the charge are the ledger's (every attempt): a resend after lost attempts may have cost more than its answer says.
    const { data, sample, fromCache, remembered, spent } = out;
    return {
      data,
      creditsCharged: spent?.credits ?? out.charged,
      ...(spent?.estimated ? { mayHaveCost: true as const } : {}),
      fromCache,
      sample,
      remembered,
      known: sample ? {} : newlyKnown(before, call.cacheKey, data, rows, ctx.now()),
    };
  }

  async function search({ query, page, override }: MessageData<'prospect'>): Promise<ProspectOutcome> {
    const caller = pageCaller(ctx);
    if ('ok' in caller) return caller;
    const { accountId } = caller;
    const kind = query.list === 'people' ? 'person' : 'organization';
    const out = await run<ProspectPage>(caller, prospectCall(query, page), kind, override === true);
    if ('ok' in out) return out;
    const { data, ...facts } = out;
    const rows = { list: query.list, rows: data.rows } as ProspectRows;
    // Only live records are kept: a sample row can never be saved or have its team loaded.
    if (!facts.sample) {
      if (rows.list === 'people') liveRecords.keepPeople(accountId, rows.rows);
      else liveRecords.keepOrganizations(accountId, rows.list, rows.rows);
    }
    const facets: PeopleFacets = 'facets' in data ? data.facets : NO_FACETS;
    if (!facts.sample && !facts.fromCache) await keepFacets(accountId, facets);
    return { ok: true, ...rows, ...facts, total: data.total, page: data.page, totalPages: data.totalPages, facets };
  }

  async function loadTeam({ list, organizationId, override }: MessageData<'loadTeam'>): Promise<TeamOutcome> {
    const caller = pageCaller(ctx);
    if ('ok' in caller) return caller;
    const { accountId } = caller;
    // The worker's own copy of the row (or the knowledge index after a restart): never a record from the page.
    const held = liveRecords.organization(accountId, organizationId);
    const org = held?.record ?? ((await known.organization(accountId, organizationId))?.record as Project | undefined);
    if (!org) return { ok: false, reason: 'not-found', message: TEAM_NOT_LOADABLE };
    const call = routeCall(teamRoute(org, held?.list ?? list, session.account?.apiVersion ?? null));
    const out = await run<unknown>(caller, call, 'person', override === true);
    if ('ok' in out) return out;
    const { data, ...facts } = out;
    const detail = data as Partial<InvestorDetail & ProjectDetail & ServiceDetail>;
    const self = detail.investor ?? detail.project ?? detail.service ?? org;
    // A member's row may leave the company out: it is the organisation whose team this is.
    const people: Person[] = (detail.team ?? []).map((m) => (m.company ? m : { ...m, company: self as Project }));
    if (!facts.sample) liveRecords.keepPeople(accountId, people);
    return { ok: true, organizationId, people, ...facts };
  }

  /** The answer's roles and channels join what the account knew (a failed write only loses a suggestion). */
  async function keepFacets(accountId: string, facets: PeopleFacets): Promise<void> {
    const key = prospectFacetsKey(accountId);
    const learned = learnFacets(readKnownFacets(await local.get(key).catch(() => undefined)), facets, ctx.now());
    if (learned) await local.set(key, learned).catch(() => undefined);
  }

  /** The popup's search; the people of a live answer (cached or fresh) are kept: a popup row is saved as a lead from there. */
  async function popupSearch(q: string, override: boolean): Promise<SearchOutcome> {
    const caller = pageCaller(ctx);
    if ('ok' in caller) return caller;
    const out = await pagePaid<SearchResults>(ctx, caller, searchCall(q), 'search', {
      ...(override ? { override: true } : {}),
      knownHow: { how: 'searched', q },
    });
    if (!out.ok) return out;
    const { sample, charged: creditsCharged, fromCache } = out;
    const [people, projects] = [out.data.people ?? [], out.data.projects ?? []];
    if (!sample) liveRecords.keepPeople(caller.accountId, people);
    return { ok: true, q, people, projects, sample, creditsCharged, fromCache };
  }

  return { search, loadTeam, popupSearch };
}

/**
 * The answer's records this account had already paid for before it (record id → where from), leaving
 * out what an earlier run of this same answer taught (a cached page is not news about itself).
 */
function newlyKnown(
  before: Map<string, string>,
  cacheKey: string | null,
  data: unknown,
  kind: KnownEntry['kind'],
  at: number,
): Record<string, string> {
  if (!cacheKey) return {};
  const known: Record<string, string> = {};
  for (const rec of recordsOfAnswer(cacheKey, data, at)) {
    if (rec.kind !== kind) continue;
    const earlier = before.get(entryId(rec.kind, rec.record.id));
    if (earlier !== undefined && earlier !== knownWords(rec.source)) known[rec.record.id] = earlier;
  }
  return known;
}
