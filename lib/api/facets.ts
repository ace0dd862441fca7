/*
 * `facets` on `/v1/people` (`{ roles, channels }`, inner shape not shown). Per facet: strings, `{ value | name
 * | label, count? }` objects, or a value → count map (the emulator's). Anything else is ignored: facets only
 * suggest filter values, so an odd shape must never fail the paid answer around it.
 */
import { isRecord } from './sample';

/** `value`: as the API wrote it (trimmed), sent back unchanged as a filter; `count`: null when the API did not say. */
type FacetValue = { value: string; count: number | null };
export type PeopleFacets = { roles: FacetValue[]; channels: FacetValue[] };

/** A facet value longer than this is no filter value anyone would type. */
const MAX_VALUE_LENGTH = 100;
/** More values than this in one facet is not a vocabulary: the rest are dropped. */
const MAX_VALUES = 200;

export const NO_FACETS: PeopleFacets = { roles: [], channels: [] };

const countOf = (n: unknown): number | null => (typeof n === 'number' && Number.isFinite(n) && n >= 0 ? n : null);

function valueOf(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  const text = v.trim();
  return text === '' || text.length > MAX_VALUE_LENGTH ? null : text;
}

function entry(item: unknown): FacetValue | null {
  if (typeof item === 'string') {
    const value = valueOf(item);
    return value === null ? null : { value, count: null };
  }
  if (!isRecord(item)) return null;
  const value = valueOf(item.value) ?? valueOf(item.name) ?? valueOf(item.label);
  return value === null ? null : { value, count: countOf(item.count) };
}

/** One facet: its values once each (the first spelling kept), in the order the API gave them. */
export function readFacet(raw: unknown): FacetValue[] {
  let entries: (FacetValue | null)[];
  if (Array.isArray(raw)) entries = raw.map(entry);
  else if (isRecord(raw))
    entries = Object.entries(raw).map(([key, count]) => {
      const value = valueOf(key);
      // A map's values must be counts: `{ bd: { nested: … } }` is a shape nobody described.
      return value === null || countOf(count) === null ? null : { value, count: countOf(count) };
    });
  else return [];
  const seen = new Set<string>();
  return entries.filter((e) => e !== null && !seen.has(e.value) && seen.add(e.value)).slice(0, MAX_VALUES) as FacetValue[];
}

/** `facets` of a people list answer (absent, null or unreadable: no facets). */
export function readPeopleFacets(raw: unknown): PeopleFacets {
  if (!isRecord(raw)) return NO_FACETS;
  return { roles: readFacet(raw.roles), channels: readFacet(raw.channels) };
}
