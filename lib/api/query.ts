/*
 * Query strings for the endpoints the product calls (search, and the reveal flag on a person read). Built
 * by hand rather than with URLSearchParams so spaces encode as %20, as the API's examples show.
 */

type Pair = readonly [name: string, encodedValue: string];

const enc = encodeURIComponent;

function single(name: string, value: string | number | undefined): Pair[] {
  if (value === undefined) return [];
  const text = String(value).trim();
  return text === '' ? [] : [[name, enc(text)]];
}

/** '' or '?a=b&…'. */
function toQueryString(pairs: readonly Pair[]): string {
  return pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${enc(name)}=${value}`).join('&')}`;
}

export function searchQuery(q: string): string {
  return toQueryString(single('q', q));
}

/** `?include=private` only when the caller explicitly asked for a paid reveal. */
export function personQuery(reveal: boolean): string {
  return reveal ? toQueryString([['include', 'private']]) : '';
}
