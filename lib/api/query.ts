/*
 * Query strings, by hand rather than URLSearchParams: spaces as %20 (the API's examples), comma lists keep a
 * literal comma (`roles=founder,bd`), repeatable keys repeat (`sector=DeFi&sector=NFT`). ./calls.ts writes
 * the lists' canonical parameters in one fixed order.
 */

export type Pair = readonly [name: string, encodedValue: string];

const enc = encodeURIComponent;

export function single(name: string, value: string | number | undefined): Pair[] {
  if (value === undefined) return [];
  const text = String(value).trim();
  return text === '' ? [] : [[name, enc(text)]];
}

/** One value, the items comma-separated (each encoded, so a comma inside an item stays part of it). */
export function commaList(name: string, values: readonly string[]): Pair[] {
  return values.length === 0 ? [] : [[name, values.map(enc).join(',')]];
}

/** The key once per value. */
export function repeated(name: string, values: readonly string[]): Pair[] {
  return values.map((v): Pair => [name, enc(v)]);
}

/** '' or '?a=b&…'. */
export function toQueryString(pairs: readonly Pair[]): string {
  return pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${enc(name)}=${value}`).join('&')}`;
}

export function searchQuery(q: string): string {
  return toQueryString(single('q', q));
}

/** `?include=private` only when the caller explicitly asked for a paid reveal. */
export function personQuery(reveal: boolean): string {
  return reveal ? toQueryString([['include', 'private']]) : '';
}
