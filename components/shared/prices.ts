/*
 * Prices the pages print on buttons. The spec's prices; the account's own table (from /v1/me) is the
 * background's business, and the meter does not carry it yet.
 */
import { SPEC_PRICES } from '@/lib/credits/price-table';

/** One data call: a lookup, coworkers, team, portfolio. */
export const DATA_CALL_CREDITS = SPEC_PRICES.data;
