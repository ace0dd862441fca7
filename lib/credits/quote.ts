/*
 * The one quote of a priced action: its price at the account's prices, what it holds of today's budget on the
 * wire (a browser resend included), and whether it fits the budget and the balance. The governor quotes with it
 * (./credit-governor.ts) and the pages with the same function over its meter (lib/tab-state/meter-prices.ts), so
 * a dialog never offers what the worker would refuse after the click.
 */
import { BROWSER_RESEND, type Endpoint } from '@/lib/api/calls';

export type Prices = Readonly<Record<Endpoint, number>>;

/** What a quote is computed from: the governor's state, as the meter carries it to the pages. */
export interface QuoteBasis {
  prices: Prices;
  /** Today's budget left, the calls on the wire (their holds) already taken off. */
  remainingToday: number;
  /** The last balance the API reported (null: none yet). */
  balance: number | null;
  /** A free key or sample mode: short of the price, the API answers with a sample instead of charging. */
  sampleWhenShort: boolean;
}

/** A priced action: `count` calls of one endpoint, sent one after another (a batch: "Look up 3"). */
export interface PricedAction {
  endpoint: Endpoint;
  count?: number;
}

/** Why an action does not fit; null when it does. */
export type QuoteRefusal = 'budget' | 'balance' | 'sample';

/** What one call holds of today's budget while out: its price plus what a browser resend of it would cost. */
export function holdOf(prices: Prices, endpoint: Endpoint): number {
  return prices[endpoint] + (prices[BROWSER_RESEND[endpoint]] ?? 0);
}

/** Every endpoint's hold, for the meter. */
export function holdsOf(prices: Prices): Prices {
  return Object.fromEntries(Object.keys(prices).map((e) => [e, holdOf(prices, e as Endpoint)])) as Prices;
}

/** Whether today's budget can hold `hold` more credits: the one budget check, for a reservation and a quote alike. */
export function fitsToday(hold: number, remainingToday: number): boolean {
  return hold <= remainingToday;
}

/** A free key or an account in sample mode answers a call it cannot pay with a sample (NOT REAL DATA). */
export function sampleWhenShort(account: { tier?: string | null; sampleMode?: boolean | null } | null | undefined): boolean {
  return account?.tier === 'free' || account?.sampleMode === true;
}

/**
 * Which call a reveal is billed as, decided once for the worker (which pays) and the pages (which quote): a first
 * reveal, or a re-read of a contact (`person`, a data call) when a record this account fetched says it is already
 * unlocked. A record fetched under another account, restored from a backup or of unknown origin proves nothing:
 * it is quoted as a first reveal, and nothing is paid to find out.
 */
export function revealEndpoint(
  record: { isLocked?: boolean | null },
  fetchedByThisAccount: boolean,
): Extract<Endpoint, 'reveal' | 'person'> {
  return fetchedByThisAccount && record.isLocked === false ? 'person' : 'reveal';
}

export type Quote = ReturnType<typeof quote>;

export function quote(basis: QuoteBasis, action: PricedAction) {
  const count = Math.max(1, Math.floor(action.count ?? 1));
  const unit = basis.prices[action.endpoint];
  const price = count * unit;
  const hold = (count - 1) * unit + holdOf(basis.prices, action.endpoint);
  const today = fitsToday(hold, basis.remainingToday);
  const short = basis.balance !== null && basis.balance < price;
  const refusal: QuoteRefusal | null = short ? (basis.sampleWhenShort ? 'sample' : 'balance') : today ? null : 'budget';
  return {
    endpoint: action.endpoint,
    count,
    /** What the action costs: `count` × the call's price. */
    price,
    /** What today's budget must hold for it: one call on the wire at a time, the last with a resend's price. */
    hold,
    remainingToday: basis.remainingToday,
    balance: basis.balance,
    /** Today's budget holds it. */
    fitsToday: today,
    refusal,
  };
}
