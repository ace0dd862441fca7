/*
 * Everything this account already paid for: each person and organisation of a live answer (search rows and
 * their company, team, coworkers, portfolio, detail reads), indexed by the identities a page can show. Pure:
 * lib/worker/known-store.ts decides lifetime, size and persistence. Only exact identities: an X handle (or
 * id), a LinkedIn company slug, a person's folded name *with* their company's (two Daniel Okafors stay apart).
 */
import {
  ProjectSchema,
  type InvestorDetail,
  type ListPage,
  type Person,
  type PersonDetail,
  type Project,
  type ProjectDetail,
  type SearchResults,
  type ServiceDetail,
} from '@/lib/api/schemas';
import type { DetectedProfile, PageHints } from '@/lib/profile/types';
import { fullName, linkedinCompanySlug } from './match-profile';
import { normalizeHandle, normalizeName } from './normalize-name';
import type { XAccount } from './x-account';

/** What a list search was for, by the list's cache-key prefix (lib/api/calls.ts). */
const LIST_WORDS = { people: 'people', projects: 'project', investors: 'fund', services: 'service-provider' } as const;
const SITE_WORDS = { x: 'X', linkedin: 'LinkedIn' } as const;

/**
 * How a record became known, as data (worded once, by `knownWords`):
 * - `looked-up`: the lookup of a profile on screen on that site (the panel's, the popup's "Look up", a list page's row);
 * - `searched`: a search the rep typed (the popup's, the panel's name search, the prospect page's `list`);
 * - `search`: a search for words, whoever asked (a caller that does not say);
 * - `profile` … `portfolio`: the directory's read of `of`: a person's profile or coworkers, an organisation's page, team or portfolio;
 * - `saved`: a saved lead's record (its snapshot), found by the X account it was seen on.
 */
export type KnownHow =
  | { how: 'looked-up'; site: keyof typeof SITE_WORDS }
  | { how: 'searched'; q: string; list?: keyof typeof LIST_WORDS }
  | { how: 'search'; q: string }
  | { how: 'profile' | 'coworkers' | 'page' | 'team' | 'portfolio'; of: string }
  | { how: 'saved' };

/** How and when a record was paid for. `label`: a row stored before `how` was kept, read as it was (see `knownWords`). */
export type KnownSource = (KnownHow | { how?: undefined; label: string }) & { at: number };

/** What a card says of a known record: "looked up on X", "from Lumen Labs' team", "from your search for “adaquant”". */
export function knownWords(s: KnownSource): string {
  switch (s.how) {
    case 'looked-up':
      return `looked up on ${SITE_WORDS[s.site]}`;
    case 'searched':
      return `from your ${s.list ? `${LIST_WORDS[s.list]} ` : ''}search${s.q ? ` for “${s.q}”` : ''}`;
    case 'search':
      return `from a lookup of “${s.q}”`;
    case 'saved':
      return 'from your saved lead';
    case undefined:
      // An older row's "a search for “…”" was said of the automatic lookup and the rep's search alike: it
      // cannot tell which, so it claims neither. Its other labels ("Lumen Labs' team") said how, and stay.
      return `from ${String(s.label).replace(/^a search for /, 'a lookup of ')}`;
    default:
      return `from ${possessive(s.of)} ${s.how}`;
  }
}

export type KnownRecord =
  { kind: 'person'; record: Person; source: KnownSource } | { kind: 'organization'; record: Project; source: KnownSource };

export interface KnownEntry {
  kind: 'person' | 'organization';
  record: Person | Project;
  source: KnownSource;
  storedAt: number;
  expiresAt: number;
  /** The X account this record was confirmed on (the page's follow control), with its handles: kept across answers. */
  x?: XAccount;
}

/** What a page showed that the index answered, and how sure that is. */
export type KnownMatchOn = 'x-handle' | 'x-id' | 'linkedin-company' | 'name-company';

export type KnownMatch = { person?: Person; organization?: Project; on: KnownMatchOn; source: KnownSource };

export const entryId = (kind: KnownEntry['kind'], id: string) => `${kind === 'person' ? 'p' : 'o'}:${id}`;

/** A name's possessive as a rep would write it: "Meridian Ventures'", "Ada Lindqvist's". */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** The identities a record can be found by (see the file comment). */
export function identitiesOf(entry: Pick<KnownEntry, 'kind' | 'record' | 'x'>): string[] {
  const ids: string[] = [];
  const handle = normalizeHandle(entry.record.twitterHandle);
  if (handle) ids.push(`x:${handle}`);
  if (entry.x) ids.push(`xid:${entry.x.id}`);
  if (entry.kind === 'organization') {
    const slug = linkedinCompanySlug((entry.record as Project).linkedinUrl);
    if (slug) ids.push(`li-co:${slug}`);
  } else {
    const p = entry.record as Person;
    const id = nameCompanyId(fullName(p), p.company?.name);
    if (id) ids.push(id);
  }
  return ids;
}

/** A person's identity by folded name with current company, or null without both. */
function nameCompanyId(name: string | undefined, company: string | null | undefined): string | null {
  const [n, c] = [normalizeName(name ?? ''), normalizeName(company ?? '')];
  return n && c ? `name:${n}|${c}` : null;
}

const person = (record: Person, source: KnownSource): KnownRecord => ({ kind: 'person', record, source });
const org = (record: Project, source: KnownSource): KnownRecord => ({ kind: 'organization', record, source });

/** A person row with its company: a team member's row may leave `company` out; the team's organisation is it. */
function withCompany(p: Person, company: Project | null | undefined): Person {
  return p.company || !company ? p : { ...p, company };
}

/** A person and the company nested in their row. */
function personAndCompany(p: Person, source: KnownSource): KnownRecord[] {
  return p.company ? [person(p, source), org(p.company, source)] : [person(p, source)];
}

/**
 * The records in a live answer, by its response cache key (`search:…`, `person:…`, `investor:…`, `project:…`,
 * `service:…`, the lists `people:…` … `services:…`; others give nothing). `asked`: how a search came to be
 * (the caller knows whether the rep typed it or a profile on screen was looked up).
 */
export function recordsOfAnswer(cacheKey: string, data: unknown, at: number, asked?: KnownHow): KnownRecord[] {
  const [kind] = cacheKey.split(':', 1);
  if (!data || typeof data !== 'object') return [];
  switch (kind) {
    case 'search': {
      const rows = data as SearchResults;
      const source = { ...(asked ?? { how: 'search', q: rows.q ?? cacheKey.slice('search:'.length) }), at };
      return [...(rows.people ?? []).flatMap((p) => personAndCompany(p, source)), ...(rows.projects ?? []).map((o) => org(o, source))];
    }
    case 'people':
    case 'projects':
    case 'investors':
    case 'services': {
      // Lists are searched only from the prospect page, by the rep; the words are the cache key's query string.
      const q = new URLSearchParams(cacheKey.slice(kind.length + 1)).get('q') ?? '';
      const source: KnownSource = { how: 'searched', list: kind, q, at };
      const rows = (data as ListPage<Person | Project>).rows ?? [];
      return rows.flatMap((row) => (kind === 'people' ? personAndCompany(row as Person, source) : [org(row as Project, source)]));
    }
    case 'person': {
      const d = data as PersonDetail;
      if (!d.person) return [];
      const name = fullName(d.person) || 'a profile';
      const own = personAndCompany(d.person, { how: 'profile', of: name, at });
      const coworkers = (d.coworkers ?? []).flatMap((c) =>
        personAndCompany(withCompany(c, d.person.company), { how: 'coworkers', of: name, at }),
      );
      return [...own, ...coworkers];
    }
    case 'investor':
    case 'project':
    case 'service': {
      const d = data as Partial<InvestorDetail & ProjectDetail & ServiceDetail>;
      const self = (d.investor ?? d.project ?? d.service) as Project | undefined;
      if (!self) return [];
      const name = self.name;
      const team = (d.team ?? []).map((m) => person(withCompany(m, self), { how: 'team', of: name, at }));
      const portfolio = (kind === 'investor' ? (d.portfolio ?? []) : []).flatMap((row) => {
        const parsed = ProjectSchema.safeParse(row.company);
        return parsed.success ? [org(parsed.data, { how: 'portfolio', of: name, at })] : [];
      });
      return [org(self, { how: 'page', of: name, at }), ...team, ...portfolio];
    }
    default:
      return [];
  }
}

/** Later answers add what earlier ones left out (a fund read fills in the fund fields a person row lacks). */
export function mergeRecord<T extends object>(older: T, newer: T): T {
  const known = Object.entries(newer).filter(([, v]) => v !== null && v !== undefined);
  return { ...older, ...Object.fromEntries(known) };
}

/** Entries keyed by `entryId`, and the identity index over them. */
export class KnownIndex {
  readonly entries = new Map<string, KnownEntry>();
  private readonly byIdentity = new Map<string, Set<string>>();

  constructor(entries: Iterable<[string, KnownEntry]> = []) {
    for (const [id, e] of entries) this.put(id, e);
  }

  /** Adds or merges one record; returns the stored entry. */
  add(rec: KnownRecord, storedAt: number, expiresAt: number): [string, KnownEntry] | null {
    // Only records that can be shown and fetched again (an id, a company's name) enter.
    const rawId = (rec.record as { id?: unknown }).id;
    if ((typeof rawId !== 'string' && typeof rawId !== 'number') || rawId === '') return null;
    if (rec.kind === 'organization' && typeof rec.record.name !== 'string') return null;
    const id = entryId(rec.kind, String(rawId));
    const old = this.entries.get(id);
    const record = old ? mergeRecord(old.record, rec.record) : rec.record;
    const entry: KnownEntry = { kind: rec.kind, record, source: rec.source, storedAt, expiresAt, ...(old?.x ? { x: old.x } : {}) };
    this.remove(id);
    this.put(id, entry);
    return [id, entry];
  }

  /** The X account `id`'s record was confirmed on (its handles kept): the entry, re-indexed by it. */
  bindX(id: string, x: XAccount): KnownEntry | undefined {
    const old = this.entries.get(id);
    if (!old) return undefined;
    this.remove(id);
    this.put(id, { ...old, x });
    return this.entries.get(id);
  }

  remove(id: string): void {
    const old = this.entries.get(id);
    if (!old) return;
    for (const identity of identitiesOf(old)) this.byIdentity.get(identity)?.delete(id);
    this.entries.delete(id);
  }

  /** Live entries with this identity. */
  find(identity: string, alive: (e: KnownEntry) => boolean): KnownEntry[] {
    return [...(this.byIdentity.get(identity) ?? [])].map((id) => this.entries.get(id)!).filter((e) => e && alive(e));
  }

  get(kind: KnownEntry['kind'], id: string, alive: (e: KnownEntry) => boolean): KnownEntry | undefined {
    const e = this.entries.get(entryId(kind, id));
    return e && alive(e) ? e : undefined;
  }

  /** Ids beyond `max`, oldest first (Map order is insertion order and `add` re-inserts). */
  overflow(max: number): string[] {
    const excess = this.entries.size - max;
    return excess > 0 ? [...this.entries.keys()].slice(0, excess) : [];
  }

  private put(id: string, entry: KnownEntry): void {
    this.entries.set(id, entry);
    for (const identity of identitiesOf(entry)) {
      let set = this.byIdentity.get(identity);
      if (!set) this.byIdentity.set(identity, (set = new Set()));
      set.add(id);
    }
  }
}

/** A person's company as the index knows it best (a fund read fills in what a person row left out). */
export function enrich(index: KnownIndex, p: Person | undefined, alive: (e: KnownEntry) => boolean): Project | undefined {
  if (!p?.company) return undefined;
  const known = index.get('organization', p.company.id, alive);
  return known ? mergeRecord(p.company, known.record as Project) : p.company;
}

/**
 * The profile on screen, answered from what was already paid for, or null. Exactly one record must
 * carry the page's identity; a LinkedIn person needs the page's name *and* current company.
 * `exclude`: a record the user said is not this profile.
 */
export function matchKnown(
  index: KnownIndex,
  profile: DetectedProfile,
  hints: PageHints,
  alive: (e: KnownEntry) => boolean,
  exclude?: string,
): KnownMatch | null {
  const live = (e: KnownEntry) => alive(e) && e.record.id !== exclude;
  // The account's id names it whatever its handle is now: a renamed account is still the one paid for,
  // past the record's lifetime too (a new answer for the new handle would not know them; the card dates it).
  const byId = profile.site === 'x' && hints.xId ? index.find(`xid:${hints.xId}`, (e) => e.record.id !== exclude) : [];
  // Each identity is a person's or an organisation's but for the X ones (see `identitiesOf`).
  const [on, identity]: [KnownMatchOn, string | null] =
    profile.site === 'x'
      ? [byId.length ? 'x-id' : 'x-handle', `x:${normalizeHandle(profile.handle)}`]
      : profile.kind === 'company'
        ? ['linkedin-company', `li-co:${profile.slug.toLowerCase()}`]
        : ['name-company', nameCompanyId(hints.name, hints.company)];
  const all = byId.length ? byId : identity ? index.find(identity, live) : [];
  const people = all.filter((e) => e.kind === 'person');
  // A person's own handle wins over an organisation's (as in matchProfile).
  const [hit, more] = people.length > 0 ? people : all;
  if (!hit || more) return null;
  return hit.kind === 'person'
    ? { person: hit.record as Person, on, source: hit.source }
    : { organization: hit.record as Project, on, source: hit.source };
}
