/*
 * The people search's open filters (roles, channels) as this account knows them: what the directory's
 * facets listed (kept per account, lib/worker/prospect.ts), else a starting suggestion. A typed value
 * outside them is questioned before anything is paid for. Values compare case-insensitively.
 */
import type { PeopleFacets } from '@/lib/api/facets';
import type { ProspectQuery } from './prospect-query';

export type FacetField = keyof PeopleFacets;

/** What the directory's answers listed (each value once, its first spelling kept), and when last. */
export type KnownFacets = { roles: string[]; channels: string[]; at: number };

/** Before any answer: the values the directory is expected to take. Labelled a suggestion, never confirmed. */
export const STARTING_FACETS: Readonly<Record<FacetField, readonly string[]>> = {
  roles: ['founder', 'executive', 'engineering', 'bd', 'marketing', 'community', 'investor', 'research', 'operations', 'legal'],
  channels: ['email', 'phone', 'telegram', 'linkedin'],
};

/** One field's values on offer: the directory's since `at`, or the starting list (`at` null). */
export type Offer = { values: readonly string[]; at: number | null };
export type Offers = Record<FacetField, Offer>;

/** A value typed for `field` that is not on offer, with the one it most likely meant. */
export type Doubt = { field: FacetField; value: string; suggestion: string | null };

const MAX_VALUES = 200;
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** A live answer's facets added to what was known, dated `at`; null when it listed none (nothing to keep). */
export function learnFacets(known: KnownFacets | null, facets: PeopleFacets, at: number): KnownFacets | null {
  if (facets.roles.length + facets.channels.length === 0) return null;
  const add = (field: FacetField) => {
    const out = [...(known?.[field] ?? [])];
    for (const { value } of facets[field]) if (!out.some((k) => same(k, value))) out.push(value);
    return out.slice(0, MAX_VALUES);
  };
  return { roles: add('roles'), channels: add('channels'), at };
}

/** The stored value (the records database's `kv`), or null when there is none or it is not one. */
export function readKnownFacets(value: unknown): KnownFacets | null {
  const v = value as Partial<KnownFacets> | null | undefined;
  if (typeof v?.at !== 'number') return null;
  const texts = (list: unknown) => (Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []);
  return { roles: texts(v.roles), channels: texts(v.channels), at: v.at };
}

/** Per field, the directory's values when it listed some, else the starting suggestion. */
export function offersOf(known: KnownFacets | null): Offers {
  const offer = (field: FacetField): Offer =>
    known && known[field].length > 0 ? { values: known[field], at: known.at } : { values: STARTING_FACETS[field], at: null };
  return { roles: offer('roles'), channels: offer('channels') };
}

/** The query with each value on offer in its offered spelling, and the values that are not on offer. */
export function checkQuery(query: ProspectQuery, offers: Offers): { query: ProspectQuery; doubts: Doubt[] } {
  if (query.list !== 'people') return { query, doubts: [] };
  const doubts: Doubt[] = [];
  const fixed = { ...query };
  for (const field of ['roles', 'channels'] as const) {
    const values = offers[field].values;
    const typed = query[field];
    if (!typed) continue;
    fixed[field] = typed.map((value) => {
      const known = values.find((k) => same(k, value));
      if (known === undefined) doubts.push({ field, value, suggestion: nearest(value, values) });
      return known ?? value;
    });
  }
  return { query: fixed, doubts };
}

/** "Business Development" and "BizDev" → "bd": a name's word initials, lower case. */
const initials = (s: string) =>
  s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .map((w) => w.charAt(0).toLowerCase())
    .join('');

/** The value on offer that `typed` most likely meant: by its initials, a prefix either way, or a near spelling. */
export function nearest(typed: string, values: readonly string[]): string | null {
  const t = typed.trim().toLowerCase();
  const init = initials(typed.trim());
  const near = (k: string) => editDistance(t, k.toLowerCase()) <= (t.length > 4 ? 2 : 1);
  const prefix = (k: string) => t.length >= 3 && k.length >= 3 && (k.toLowerCase().startsWith(t) || t.startsWith(k.toLowerCase()));
  return (
    values.find((k) => init.length > 1 && same(k, init)) ??
    values.find((k) => initials(k).length > 1 && initials(k) === t) ??
    values.find(prefix) ??
    values.find(near) ??
    null
  );
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** The question before sending: "No role “Business Development” seen — did you mean bd?" */
export function doubtText(d: Doubt): string {
  const noun = d.field === 'roles' ? 'role' : 'channel';
  return `No ${noun} “${d.value}” seen${d.suggestion === null ? '.' : ` — did you mean ${d.suggestion}?`}`;
}
