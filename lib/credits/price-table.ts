import { ENDPOINTS, type Endpoint } from '@/lib/api/calls';

/** The calls the extension makes, by what they cost (declared with the calls: lib/api/calls.ts). */
export type { Endpoint };

export interface CostEstimate {
  endpoint: Endpoint;
  credits: number;
}

/** Spec constants, used until (and wherever) `/v1/me` does not say otherwise. */
export const SPEC_PRICES = { data: 5, reveal: 10, me: 0 } as const;

/** The parts of `/v1/me` that carry prices. */
export interface MePricing {
  endpoints?: readonly { method?: string | null; path?: string | null; summary?: string | null; credits?: unknown }[] | null;
  pricing?: { basicCallCredits?: unknown; privateCallCredits?: unknown } | null;
}

export interface PriceTable {
  readonly prices: Readonly<Record<Endpoint, number>>;
  estimate(call: { endpoint: Endpoint }): CostEstimate;
}

const LIST: readonly string[] = ['people', 'projects', 'investors', 'services', 'search', 'me'] satisfies Endpoint[];
const DETAIL: Record<string, Endpoint> = { people: 'person', projects: 'project', investors: 'investor', services: 'service' };

/**
 * Which of our endpoints an `/v1/me` row prices. Path text is not fixed by the spec, so match on
 * shape: `/v1/<collection>` is the list, `/v1/<collection>/<anything>` the detail, and a people
 * detail row that mentions `include=private`, "private" or "reveal" is the reveal.
 */
export function endpointForRow(row: { path?: string | null; summary?: string | null }): Endpoint | null {
  if (typeof row.path !== 'string') return null;
  const [pathPart = '', query = ''] = row.path
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\/[^/]+/, '')
    .split('?');
  const segs = pathPart.split('/').filter(Boolean);
  if (segs[0] !== 'v1' || !segs[1]) return null;
  if (segs.length === 2) return LIST.includes(segs[1]) ? (segs[1] as Endpoint) : null;
  if (segs.length !== 3) return null;
  const detail = DETAIL[segs[1]];
  if (detail === 'person' && (/include=private/.test(query) || /reveal|private/i.test(row.summary ?? ''))) return 'reveal';
  return detail ?? null;
}

/** A credit amount as the API or storage gave it: a finite number ≥ 0, or null. */
export function nonNegative(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
}

export function priceTable(me?: MePricing | null): PriceTable {
  const basic = nonNegative(me?.pricing?.basicCallCredits) ?? SPEC_PRICES.data;
  const privateCall = nonNegative(me?.pricing?.privateCallCredits) ?? SPEC_PRICES.reveal;
  // Every call is a basic one but the free `/v1/me` and the reveal (a private call).
  const prices = { ...Object.fromEntries(ENDPOINTS.map((e) => [e, basic])), me: SPEC_PRICES.me, reveal: privateCall } as Record<
    Endpoint,
    number
  >;
  for (const row of me?.endpoints ?? []) {
    if (row.method && row.method.toUpperCase() !== 'GET') continue;
    const endpoint = endpointForRow(row);
    const price = nonNegative(row.credits);
    if (endpoint && price !== null) prices[endpoint] = price;
  }
  // Never estimate a reveal below the stated private-call price: an underestimate could cross the budget.
  prices.reveal = Math.max(prices.reveal, privateCall);
  return {
    prices,
    estimate: ({ endpoint }) => ({ endpoint, credits: prices[endpoint] ?? Math.max(basic, privateCall) }),
  };
}
