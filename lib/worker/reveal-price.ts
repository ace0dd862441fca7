// The price of a reveal and whether it can succeed, shared by the worker (which refuses before
// sending) and the panel (which refuses before the dialog). Pure and dependency-free: the panel imports it.

/** Spec prices: a first reveal, and a re-read of a contact this account already unlocked (a data call). */
export const REVEAL_PRICE = { locked: 10, unlocked: 5 } as const;

/** The exact price for this person: `isLocked === false` means this account already unlocked them. */
export function revealPrice(
  person: { isLocked?: boolean | null },
  prices: { reveal: number; data: number } = { reveal: REVEAL_PRICE.locked, data: REVEAL_PRICE.unlocked },
): number {
  return person.isLocked === false ? prices.data : prices.reveal;
}

/**
 * Why a reveal cannot succeed, before anything is sent (null: it can). A paid key short of the price
 * would get a 402; a free key short of it would get a sample back instead of the contact.
 */
export function revealRefusal(balance: number | null, price: number, freeKey: boolean): string | null {
  if (balance === null || balance >= price) return null;
  if (freeKey)
    return `This free key has ${balance} credits, less than the ${price} a reveal costs, so the API would answer with a sample (NOT REAL DATA), not the contact.`;
  return `The reveal needs ${price - balance} more credits (it costs ${price}; the balance is ${balance}).`;
}
