/*
 * The user-facing sentences that several surfaces share, keyed by error kind and refusal reason. One
 * wording each: a rep who reads "wrong or revoked" in the panel must read the same words in the popup,
 * the options page and the badge. Pure strings (no imports), so content scripts could import it too.
 */

/** A 401: the key the API refused. Every surface starts with this sentence. */
export const KEY_REJECTED = 'The API key is wrong or revoked.';
/** What to do about a 401, where the rep can act on it. */
export const KEY_REJECTED_FIX = 'Copy a working key from the web app (Settings → API) and save it again.';
/** A failed save says so, so the rep does not believe the old key was replaced. */
export const KEY_NOT_SAVED = 'The key was not saved.';
/** The short label (status names, alert names, the meter): tests and screen readers find it by this. */
export const KEY_REFUSED_LABEL = 'API key refused';
/** A saved key the API refused since: what stops, then what to do. */
export const SAVED_KEY_REFUSED = `${KEY_REJECTED} Lookups, searches and reveals are stopped until a working key is saved. ${KEY_REJECTED_FIX}`;

/** The API base URL is plain http somewhere other than the emulator this build allows. */
export function insecureUrlText(loopbackAllowed: boolean): string {
  return loopbackAllowed
    ? 'Plain http:// is refused: the API key would travel unencrypted. Use an https:// address (plain http only works for the local emulator at 127.0.0.1 or localhost).'
    : 'Plain http:// is refused: the API key would travel unencrypted. Use an https:// address.';
}
/** The API base URL is not an http(s) address (or carries a user name/password). */
export const INVALID_URL = 'That is not a usable web address. Enter it as https://api.example.com (no user name or password in it).';

/** A call the credit governor refused before sending (lib/credits RefusalReason). */
export function budgetRefusalText(remainingToday: number): string {
  return `Today's credit budget is used up (${remainingToday} left).`;
}
/** The account's balance cannot pay for calls (a 402, or the worker halted on one). */
export const OUT_OF_CREDITS = 'Out of credits: top up the account.';
/** A call not sent because the worker halted on a 402 (RefusalReason 'halted-402'). */
export const HALTED_402 = `${OUT_OF_CREDITS} Nothing was charged.`;

/** Why a call was not sent (placeholder; replaced by the one table of texts). */
export function refusalText(
  reason: 'budget' | 'halted-402' | 'needs-confirmation' | 'prices-changed',
  ctx: { remainingToday: number; price: number; hold?: number },
): string {
  if (reason === 'halted-402') return HALTED_402;
  if (reason === 'needs-confirmation') return 'A reveal needs your confirmation in the panel: nothing was sent.';
  if (reason === 'prices-changed')
    return "The API charged more than the account's price list said: nothing more is paid until the prices are read again. Nothing was sent.";
  return budgetRefusalText(ctx.remainingToday);
}
