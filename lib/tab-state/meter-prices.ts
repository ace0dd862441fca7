/*
 * The prices the pages show. Every label, quote and dialog reads the meter's prices (the account's,
 * from GET /v1/me, written by the worker); this is the pages' one fallback for a meter without them.
 */
import { priceTable, type Endpoint } from '@/lib/credits/price-table';
import type { CreditMeter } from './tab-state';

/** Credits per call, by endpoint. */
export type Prices = Readonly<Record<Endpoint, number>>;

/** The spec's table (lib/credits/price-table.ts holds its numbers once), for a meter that carries none. */
const SPEC: Prices = priceTable().prices;

/**
 * The meter's prices; the spec's when the meter has none (a meter stored by an older version, or none
 * read yet). The only place a page falls back to a price it was not given.
 */
export function pricesOf(meter: Pick<CreditMeter, 'prices'> | null | undefined): Prices {
  return meter?.prices ?? SPEC;
}
