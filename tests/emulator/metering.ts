// Credits: what a call costs, whether the balance lets it run live, sample it (free) or refuse it (paid, 402),
// and the debit itself. Prices come only from the price table at the current prices (state.config.prices).

import { priceOf, type Prices, type RouteId } from './pricing';
import type { RouteName } from './routes';
import type { AccountState, EmulatorState } from './state';

export interface Quote {
  /** The price-table row that bills this call. */
  route: RouteId;
  price: number;
  /** A first reveal: unlocks the contact and counts against the hourly reveal cap. */
  isReveal: boolean;
}

/** `include=private` on a contact the account already unlocked is a plain data-call read, not a reveal. */
export function quote(prices: Prices, route: Exclude<RouteName, 'network'>, wantsPrivate: boolean, alreadyUnlocked: boolean): Quote {
  if (route === 'people.get' && wantsPrivate && !alreadyUnlocked)
    return { route: 'people.reveal', price: priceOf(prices, 'people.reveal'), isReveal: true };
  return { route, price: priceOf(prices, route), isReveal: false };
}

export type Gate = 'live' | 'sample' | 'payment-required';

/** Balance is the gate, not the plan: free + short -> sample; paid + short -> 402; enterprise has no ceiling. */
export function gate(account: AccountState, price: number): Gate {
  if (price === 0 || account.tier === 'enterprise' || account.balance >= price) return 'live';
  return account.tier === 'free' ? 'sample' : 'payment-required';
}

export function debit(state: EmulatorState, account: AccountState, q: Quote, personId?: string): void {
  account.balance -= q.price;
  if (q.isReveal && personId !== undefined) {
    let set = state.unlocks.get(account.id);
    if (!set) {
      set = new Set();
      state.unlocks.set(account.id, set);
    }
    set.add(personId); // permanent for the account (every key of it)
  }
}
