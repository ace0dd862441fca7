// The prices the pages show: the meter's (the account's, from GET /v1/me); this is the one fallback for a meter without them.
import { priceTable } from '@/lib/credits/price-table';
import { quote, sampleWhenShort, type PricedAction, type Prices, type Quote } from '@/lib/credits/quote';
import type { CreditMeter } from './tab-state';

export type { Prices };

/** The spec's table (lib/credits/price-table.ts holds its numbers once), for a meter that carries none. */
const SPEC: Prices = priceTable().prices;

/** The meter's prices; the spec's when it has none (none read yet): the only place a page falls back to a price it was not given. */
export function pricesOf(meter: Pick<CreditMeter, 'prices'> | null | undefined): Prices {
  return meter?.prices ?? SPEC;
}

/**
 * The governor's quote (lib/credits/quote.ts) over the meter: every priced button and dialog reads it, so no page offers
 * what the worker would refuse after the click. No meter yet: the spec's prices, nothing known to refuse.
 */
export function meterQuote(meter: CreditMeter | null | undefined, action: PricedAction): Quote {
  return quote(
    {
      prices: pricesOf(meter),
      // A meter stored by an older version has no remainder with the holds taken off: its budget less its spend.
      remainingToday: meter ? Math.max(0, meter.remainingToday ?? meter.dailyBudget - meter.spentToday) : Number.POSITIVE_INFINITY,
      balance: meter?.balance ?? null,
      sampleWhenShort: sampleWhenShort(meter),
    },
    action,
  );
}
