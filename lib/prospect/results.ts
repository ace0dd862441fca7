/*
 * The prospect page's results, pure: pages merged (each record once), what the rest would cost, and the
 * filter values earlier answers taught (offered in the form; roles and channels: ./vocabulary.ts).
 */
import type { Investor, Person, Project } from '@/lib/api';
import { LIST_LIMIT } from '@/lib/api/calls';

/** `shown` then the rows of `page` not already in it (by id): a record the API moved between pages shows once. */
export function mergeRows<T extends { id: string }>(shown: readonly T[], page: readonly T[]): T[] {
  const seen = new Set(shown.map((r) => r.id));
  const added = page.filter((r) => !seen.has(r.id) && seen.add(r.id));
  return [...shown, ...added];
}

/** What the pages after `page` (the last loaded) cost at `price` each: the API's `totalPages`, else `total` / 100. */
export function restOf(
  answer: { total: number; page: number; totalPages: number | null },
  price: number,
): { pages: number; credits: number } {
  const all = answer.totalPages ?? Math.ceil(Math.max(0, answer.total) / LIST_LIMIT);
  const pages = Math.max(0, all - answer.page);
  return { pages, credits: pages * price };
}

/** Filter values seen in earlier answers' records, each once, in the order first seen. */
export type Vocabulary = Record<'sectors' | 'fundTypes' | 'trustTiers', string[]>;

export const EMPTY_VOCABULARY: Vocabulary = { sectors: [], fundTypes: [], trustTiers: [] };

/** Bound per field: suggestions, not a directory. */
const MAX_VALUES = 100;

const texts = (values: unknown[]): string[] =>
  values.flatMap((v) => (typeof v === 'string' && v.trim() !== '' && v.length <= 100 ? [v.trim()] : []));

function add(known: string[], values: string[]): string[] {
  const fresh = values.filter((v, i) => !known.includes(v) && values.indexOf(v) === i);
  return fresh.length === 0 ? known : [...known, ...fresh].slice(0, MAX_VALUES);
}

/** A live answer's record fields (sectors, fund types, trust tiers) added to what was known. */
export function learnVocabulary(known: Vocabulary, rows: readonly (Person | Project | Investor)[]): Vocabulary {
  const records = rows.map((r) => ('firstName' in r || 'jobTitle' in r ? (r as Person).company : r) as Record<string, unknown> | null);
  const orgs = records.filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object');
  return {
    sectors: add(known.sectors, texts(orgs.flatMap((o) => (Array.isArray(o.sectors) ? (o.sectors as unknown[]) : [])))),
    fundTypes: add(known.fundTypes, texts(orgs.map((o) => o.fundType))),
    trustTiers: add(known.trustTiers, texts(orgs.map((o) => o.trustTier))),
  };
}
