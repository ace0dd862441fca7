import type { Person, Project, SearchResults } from '@/lib/api';
import { searchCall, type ApiCall } from '@/lib/api/calls';
import { CONTACT_CHANNELS } from '@/lib/api/contact-channels';
import type { ResponseCache } from '@/lib/cache/response-cache';
import type { CreditGovernor } from '@/lib/credits/credit-governor';
import type { Quote } from '@/lib/credits/quote';
import type { KnownHow } from '@/lib/lookup/known-records';
import { lookupQuery } from '@/lib/lookup/lookup-query';
import { fullName, matchProfile } from '@/lib/lookup/match-profile';
import { priceChangedText, quoteRefusalText, reusedHandleRowText, sampleAnswerText } from '@/lib/messages/texts';
import { xProfileKey } from '@/lib/profile/profile-key';
import type { DetectedProfile, PageHints, PagePerson } from '@/lib/profile/types';
import type { PageRowRecord } from '@/lib/tab-state/page-people';
import { presentPaid } from './paid-result';
import type { CoreOf } from './worker-core';

/*
 * A row of people to look up, as "People on this page" (./people-on-page.ts) and "Enrich a list"
 * (./enrich-list.ts) both have them: what the account knows of it for free, its one search, and what an
 * answer says of it. Only exact identities match (an X handle; a name with its company, never a name alone).
 */

export const recordOf = (person?: Person, organization?: Project): PageRowRecord | undefined =>
  person
    ? {
        kind: 'person',
        id: person.id,
        name: fullName(person),
        title: person.jobTitle ?? null,
        company: person.company?.name ?? null,
        lifecycle: person.company?.lifecycle ?? null,
        channels: Object.fromEntries(CONTACT_CHANNELS.map(({ flag }) => [flag, person[flag] ?? null])) as PageRowRecord['channels'],
      }
    : organization
      ? { kind: 'organization', id: organization.id, name: organization.name ?? '' }
      : undefined;

/** What a search answer (or the knowledge index) says of a row. */
export type RowAnswer =
  | { status: 'known'; record: PageRowRecord }
  | { status: 'ambiguous'; candidates: PageRowRecord[] }
  | { status: 'not-found'; message?: string };

/** A row as the profile matchers take it, and the search that looks it up (null: nothing to search by). */
export interface RowSearch {
  profile: DetectedProfile;
  hints: PageHints;
  call: ApiCall<SearchResults> | null;
  /** The words searched for. */
  q?: string;
  /** The row's X account id, when its page showed one. */
  xId?: string;
}

/** The search for a row: an X row by its handle, any other by its name (with its company as a hint). */
export function rowSearch(site: 'x' | 'linkedin', person: PagePerson, key: string): RowSearch {
  const hints: PageHints = {
    name: person.name,
    ...(person.xId ? { xId: person.xId } : {}),
    ...(person.headline ? { headline: person.headline } : {}),
    ...(person.company ? { company: person.company } : {}),
  };
  const profile: DetectedProfile =
    site === 'x' && person.handle
      ? { site: 'x', handle: person.handle, key: xProfileKey(person.handle), url: '' }
      : { site: 'linkedin', kind: 'person', slug: person.slug ?? '', key, url: '' };
  const query = lookupQuery(profile, hints, { nameTimedOut: true });
  const found = 'q' in query ? { call: searchCall(query.q), q: query.q } : { call: null };
  return { profile, hints, ...found, ...(person.xId ? { xId: person.xId } : {}) };
}

/** What a search answer says of a row: matched exactly as on profiles, candidates, or nobody. */
export function answered({ profile, hints }: RowSearch, answer: SearchResults): RowAnswer {
  const outcome = matchProfile<Person, Project>(profile, hints, answer);
  if (outcome.kind === 'matched') return { status: 'known', record: recordOf(outcome.person, outcome.organization)! };
  if (outcome.kind === 'not-found') return { status: 'not-found' };
  const candidates = [...outcome.people.map((p) => recordOf(p)), ...outcome.organizations.map((o) => recordOf(undefined, o))];
  return { status: 'ambiguous', candidates: candidates.filter((r): r is PageRowRecord => r !== undefined) };
}

export type RowLookupDeps = CoreOf<'now' | 'session' | 'credits' | 'known' | 'cache' | 'paidCached'>;

/**
 * What the account knows of a row for free: the knowledge index (an X handle exactly; a LinkedIn-like row
 * on name *and* company), else a search it already paid for (a "not in the directory" answer, a choice).
 */
export async function knownAnswer(
  d: Pick<RowLookupDeps, 'known' | 'cache'>,
  accountId: string,
  search: RowSearch,
): Promise<{ answer: RowAnswer; from: 'known' | 'cache' } | null> {
  const hit = await d.known.match(accountId, search.profile, search.hints);
  const record = recordOf(hit?.person, hit?.organization);
  // A handle whose record was confirmed on another X account is not that record (nor worth paying for again).
  const bound = hit?.on === 'x-handle' && record && search.xId ? await d.known.xOf(accountId, record.kind, record.id) : undefined;
  if (record && bound && bound.id !== search.xId)
    return { answer: { status: 'not-found', message: reusedHandleRowText(record.name) }, from: 'known' };
  if (record) return { answer: { status: 'known', record }, from: 'known' };
  const cached = search.call?.cacheKey ? await d.cache.get<SearchResults>(accountId, search.call.cacheKey) : undefined;
  return cached ? { answer: answered(search, cached.value), from: 'cache' } : null;
}

/** How many searches of these rows are to pay for: one per question not answered in the cache (two rows asking the same pay once). */
export async function searchesToPay(cache: ResponseCache, accountId: string, searches: readonly RowSearch[]): Promise<number> {
  const keys = new Set(searches.flatMap((s) => (s.call?.cacheKey ? [s.call.cacheKey] : [])));
  let paying = 0;
  for (const key of keys) if (!(await cache.get(accountId, key))) paying++;
  return paying;
}

/** The price of a lookup rose above `unit` since the quote (or a charge disagreed with the prices): the new price, null while it is read again. */
export function priceRose(credits: CreditGovernor, unit: number): { to: number | null } | null {
  const now = credits.estimate({ endpoint: 'search' }).credits;
  return credits.pricesStale() || now > unit ? { to: now > unit ? now : null } : null;
}

/** Why searches quoted `q` are not sent (`notSent`: the words that say so), or null; `quoted`: the price the button showed. */
export function quoteProblem(q: Quote, quoted: number | undefined, notSent: string): string | null {
  if (quoted !== undefined && q.price > quoted) return priceChangedText(quoted, q.price);
  return q.refusal ? `${notSent}: ${quoteRefusalText(q)}` : null;
}

export type RowSearched =
  /** `credits`: what this row's call was charged (0: the cache, or another row's call of the same question, answered it). */
  | { kind: 'answer'; answer: RowAnswer; credits: number }
  /** Not sent (refused by the paid path after all, or dropped): nothing more should be sent. */
  | { kind: 'stop'; message: string }
  | { kind: 'failed'; message: string; credits: number };

/** One row's search through the one paid path, at `unit` credits. */
export async function searchRow(
  d: RowLookupDeps,
  accountId: string,
  search: RowSearch & { call: ApiCall<SearchResults> },
  unit: number,
  where: { knownHow: KnownHow; tabId?: number; profileKey?: string },
): Promise<RowSearched> {
  const { session } = d;
  const out = await d.paidCached<SearchResults>({
    call: search.call,
    send: (c, o) => session.client()!.send(c, o),
    accountId,
    trigger: 'user',
    ...(where.tabId !== undefined ? { tabId: where.tabId } : {}),
    profileKey: where.profileKey ?? search.profile.key,
    notFound: (rows) => matchProfile(search.profile, search.hints, rows).kind === 'not-found',
    knownHow: where.knownHow,
  });
  if (out.from === 'cache') return { kind: 'answer', answer: answered(search, out.entry.value), credits: 0 };
  const credits = out.shared || out.result.kind !== 'answered' ? 0 : (out.result.spent?.credits ?? 0);
  const shown = presentPaid(out.result, { price: unit, what: 'lookup', now: d.now() });
  if (shown.kind === 'dropped' || shown.kind === 'refused') return { kind: 'stop', message: shown.message };
  if (shown.kind === 'answer') return { kind: 'answer', answer: answered(search, shown.result.data), credits };
  return { kind: 'failed', message: shown.kind === 'sample' ? sampleAnswerText('row') : shown.message, credits };
}
