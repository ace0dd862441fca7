// The price of a reveal and whether it can succeed, shared by the worker (which refuses before
// sending) and the panel (which refuses before the dialog). Pure and dependency-free: the panel imports it.

/**
 * The exact price for this person, from the account's prices (the meter's, from /v1/me): a first reveal,
 * or — `isLocked === false`, this account already unlocked them — a re-read of the contact (a person read).
 */
export function revealPrice(person: { isLocked?: boolean | null }, prices: { readonly reveal: number; readonly person: number }): number {
  return person.isLocked === false ? prices.person : prices.reveal;
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
