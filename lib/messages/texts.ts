/*
 * What users read, above all about failed (failureText) and refused (refusalText) calls: one thing reads as one
 * sentence on every surface. What a sentence says about credits follows the ledger (`Booked`): nothing claims
 * "nothing was charged" for an answer booked as "may have been charged". No imports: content scripts may use it.
 */

// ── Charges: what the paid path booked, in words ─────────────────────────────────────────────────

/** What the paid path booked for a failed attempt: 0 (answered free, or never sent), its price, or "may have been charged". */
export type Booked = 'none' | 'charged' | 'unknown';

export const NOTHING_CHARGED = 'Nothing was charged.';
/** The answer never arrived: booked at its price as "may have been charged". */
export const MAY_HAVE_BEEN_CHARGED = 'The call may have been charged.';
/** A call that never left this computer. */
export const NOTHING_SENT = 'Nothing was sent, nothing charged.';

const CHARGE_WORDS: Record<Booked, string> = {
  none: NOTHING_CHARGED,
  charged: 'The call was charged.',
  unknown: MAY_HAVE_BEEN_CHARGED,
};

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const twoDigits = new Intl.NumberFormat('en-US', { maximumSignificantDigits: 2 });
/** "1,200"; a fraction (a share of a page many people paid for) to two significant digits: "0.05", "2.5". */
function creditsNumber(n: number): string {
  return Number.isInteger(n) || Math.abs(n) >= 100 ? integer.format(n) : twoDigits.format(n);
}
/** "5 credits", "1 credit", "0.05 credits": every amount of credits a rep reads. */
export function creditsLabel(n: number): string {
  const number = creditsNumber(n);
  return `${number} ${number === '1' ? 'credit' : 'credits'}`;
}
const credits = creditsLabel;

// ── The API key ──────────────────────────────────────────────────────────────────────────────────

/** A 401. Every surface starts with this sentence. */
export const KEY_REJECTED = 'The API key is wrong or revoked.';
export const KEY_REJECTED_FIX = 'Copy a working key from the web app (Settings → API) and save it again.';
/** A failed save says so, so the rep does not believe the old key was replaced. */
export const KEY_NOT_SAVED = 'The key was not saved.';
/** The short label (status, alert names, the meter): tests and screen readers find it by this. */
export const KEY_REFUSED_LABEL = 'API key refused';
export const SAVED_KEY_REFUSED = `${KEY_REJECTED} Lookups, searches and reveals are stopped until a working key is saved. ${KEY_REJECTED_FIX}`;
const NO_KEY = 'No API key is set. Paste a key from the web app (Settings → API).';
const MALFORMED_KEY = 'The API key contains characters a key cannot have. Copy it again from the web app.';
/** Not sent: the API refused this key earlier (the refusal is kept across restarts). */
const REFUSED_KEY_NOT_SENT = `${KEY_REJECTED} Nothing was sent with it: save a working key, or retry.`;

// ── The API base URL (wrong host) ────────────────────────────────────────────────────────────────

/** The API base URL is plain http somewhere other than the emulator this build allows. */
export function insecureUrlText(loopbackAllowed: boolean): string {
  return loopbackAllowed
    ? 'Plain http:// is refused: the API key would travel unencrypted. Use an https:// address (plain http only works for the local emulator at 127.0.0.1 or localhost).'
    : 'Plain http:// is refused: the API key would travel unencrypted. Use an https:// address.';
}
export const INVALID_URL = 'That is not a usable web address. Enter it as https://api.example.com (no user name or password in it).';

export const WRONG_HOST_LABEL = 'Wrong API host';
const WRONG_HOST_FIX = 'Set the API base URL to the API’s own address: the baseUrl that /v1/me reports (the web app’s API page shows it).';
/** The web app's address (or any web site) where the API's should be. */
const WEB_PAGE = 'answered with a web page, not the API: it is probably the web app’s address.';

// ── Out of credits (one wording family) ──────────────────────────────────────────────────────────

export const OUT_OF_CREDITS_LABEL = 'Out of credits';
const TOP_UP = 'Top up in the Directory web app: sign in, then add credits or change the plan.';

/** "Out of credits: the balance (3 credits) is below the call's price (5 credits). Top up …" — every out-of-credits sentence. */
export function outOfCreditsText(detail: { balance?: number | null; price?: number } = {}): string {
  const balance = detail.balance === undefined || detail.balance === null ? 'the balance' : `the balance (${credits(detail.balance)})`;
  const price = detail.price === undefined ? 'this call’s price' : `the call’s price (${credits(detail.price)})`;
  return `${OUT_OF_CREDITS_LABEL}: ${balance} is below ${price}. ${TOP_UP}`;
}
/** A 402. */
export const OUT_OF_CREDITS = outOfCreditsText();

// ── Failed calls ─────────────────────────────────────────────────────────────────────────────────

/** Structural: lib/api ApiError satisfies it. */
export interface FailureLike {
  kind: string;
  status?: number | null;
  cause?: string;
  timeout?: boolean;
  path?: string;
  retryAt?: number;
  serverError?: string;
  reveal?: boolean;
  /** A `wrong-host` with cause 'insecure': this build lets plain http reach the local emulator. */
  loopbackAllowed?: boolean;
}

/** A key without read:contacts asked for a reveal (a 403), or the panel knows it cannot reveal. */
export const MISSING_CONTACT_SCOPE =
  'This API key lacks the read:contacts scope, so it cannot reveal contacts; lookups still work. Create a key with contact access in the web app (Settings → API) and save it in the options.';

/** `lost`: the answer never arrived ("may have been charged" even unbooked). `local`: it never left this computer. */
interface Entry {
  what: string;
  lost?: boolean;
  local?: boolean;
  fix?: string;
}

/** Entries by `kind:cause`, else by kind (a cause not listed falls back to its kind's entry). */
const ENTRIES: Record<string, Entry | ((error: FailureLike, booked: Booked | undefined, now: number | undefined) => Entry)> = {
  network: {
    what: 'The API could not be reached, or the connection closed before its answer.',
    lost: true,
    fix: 'Check the connection and the API base URL.',
  },
  'network:timeout': { what: 'The API did not answer in time.', lost: true },
  'network:aborted': { what: 'The request was cancelled before its answer arrived.', lost: true },
  'network:body': { what: 'The connection dropped while the answer was arriving.', lost: true },
  'network:not-resent': { what: 'The API did not answer two tries in a row, so it is not asked again automatically.', lost: true },
  'network:interrupted': { what: 'An extension restart interrupted the call.', lost: true },
  'network:offline': (_, booked) =>
    booked === undefined || booked === 'none'
      ? { what: 'This computer is offline: nothing was sent, nothing charged.', local: true }
      : { what: 'This computer went offline during the call.' },
  'invalid-response': ({ path }) => ({
    what: `The API sent an answer this extension cannot read (${path ? `problem at ${path}` : 'unreadable JSON'}).`,
    lost: true,
  }),
  'invalid-response:too-large': { what: 'The API sent an answer far larger than any real one; it was not read.', lost: true },
  'bad-request': ({ status }) =>
    typeof status === 'number' && status !== 400
      ? { what: `The API rejected the request (HTTP ${status}).` }
      : { what: 'The API rejected the request as invalid.' },
  'bad-request:bad-id': { what: 'That id or slug is empty or not valid.', local: true },
  'bad-request:blank-search': { what: 'Type something to search for.', local: true },
  'bad-request:bad-options': { what: 'The request options are not valid.', local: true },
  'bad-request:not-journaled': {
    what: 'Nothing was sent: the extension could not record the call before sending it (is the disk full?).',
    local: true,
  },
  unauthorized: { what: `${KEY_REJECTED} ${KEY_REJECTED_FIX}` },
  'unauthorized:no-key': { what: NO_KEY, local: true },
  'unauthorized:malformed-key': { what: MALFORMED_KEY, local: true },
  'unauthorized:refused-key': { what: REFUSED_KEY_NOT_SENT, local: true },
  'wrong-host': { what: `The API base URL ${WEB_PAGE} ${WRONG_HOST_FIX}` },
  'wrong-host:insecure': ({ loopbackAllowed }) => ({ what: insecureUrlText(loopbackAllowed === true), local: true }),
  'wrong-host:invalid-url': { what: INVALID_URL, local: true },
  'wrong-host:redirect': { what: `The API base URL answered with a redirect; the key was not sent on. ${WRONG_HOST_FIX}` },
  'wrong-host:origin': { what: 'Refused to send the API key outside the API base URL. Nothing was sent.', local: true },
  server: ({ status }) =>
    status === 504
      ? { what: 'The API’s gateway timed out (HTTP 504): the API may have done the work.', fix: 'Try again shortly.' }
      : { what: `The API had a server error${typeof status === 'number' ? ` (HTTP ${status})` : ''}.`, fix: 'Try again shortly.' },
  'rate-limited': ({ reveal, retryAt = NaN }, _, now = NaN) => ({
    what: reveal
      ? 'The reveal limit is reached for now (or the account is over its API request rate).'
      : 'The account is over its API request rate.',
    ...(Number.isFinite(retryAt - now) ? { fix: `Try again in ${Math.max(0, Math.ceil((retryAt - now) / 1000))} s.` } : {}),
  }),
  'payment-required': { what: OUT_OF_CREDITS },
  'forbidden-scope': ({ reveal }) =>
    reveal
      ? { what: MISSING_CONTACT_SCOPE }
      : { what: 'This API key is not allowed to make this call (a scope is missing). Check the key’s scopes in the web app.' },
  'not-found': { what: 'Not in the directory.' },
};

function entryFor(error: FailureLike, booked: Booked | undefined, now: number | undefined): Entry {
  // A network failure without a cause is read from its `timeout` flag (older errors carry only that).
  const cause = error.kind === 'network' ? (error.cause ?? (error.timeout ? 'timeout' : 'failed')) : error.cause;
  // Own keys only, so no kind or cause names an Object method.
  const key = [`${error.kind}:${cause}`, error.kind].find((k) => Object.hasOwn(ENTRIES, k));
  const rule = key === undefined ? { what: 'The call failed.' } : ENTRIES[key]!;
  // A copy: failureText adds a reveal's fix to it.
  return typeof rule === 'function' ? rule(error, booked, now) : { ...rule };
}

/**
 * The sentence for a failed call. `booked` absent: it claims nothing about charges but that a lost answer
 * "may have been charged"; a 5xx says "Nothing was charged" ONLY when booked 'none'. `now`: a 429's seconds left.
 */
export function failureText(error: FailureLike, booked?: Booked, now?: number): string {
  const entry = entryFor(error, booked, now);
  // A reveal is never resent (it could be paid twice): the balance tells whether it went through.
  if (entry.lost && error.reveal && booked !== 'none')
    entry.fix = 'A reveal is never resent by itself: check the balance before trying again.';
  let charge = '';
  if (booked === undefined) charge = entry.lost ? MAY_HAVE_BEEN_CHARGED : '';
  // A call that never left the machine says "nothing was sent" (or needs no words) when booked 0.
  else if (!(entry.local && booked === 'none')) charge = CHARGE_WORDS[booked];
  return [entry.what, charge, entry.fix ?? ''].filter((part) => part !== '').join(' ');
}

/** The rate-limited panel while the worker waits (a 429 is answered free). */
export const RATE_LIMIT_SHARED =
  'The Directory API asked for a pause. The limit is shared by the whole account — every key, browser and teammate on it — so calls made elsewhere count too.';
export const RATE_LIMIT_QUEUED = 'The lookup is queued and resumes by itself: nothing to click, nothing charged for the wait.';

/** The tab moved on (or the popup closed) while the call still waited in the queue: it was dropped unsent. */
export function droppedText(call: 'lookup' | 'search' | 'reveal' | 'details'): string {
  return `The ${call === 'details' ? 'details call' : call} was cancelled before it was sent. ${NOTHING_SENT}`;
}

// ── Paid results the worker could not use, and actions it refused ─────────────────────────────────

/** A paid call answered with a sample: what was not done with it. */
export function sampleAnswerText(use: 'details' | 'refresh' | 'reveal' | 'row'): string {
  const notReal = 'The API answered with NOT REAL DATA (sample mode)';
  return {
    details: `${notReal}: details not shown.`,
    refresh: `${notReal}: the lead was not changed.`,
    reveal: `${notReal}: nothing was revealed and nothing charged.`,
    row: 'Sample answer: not a directory record.',
  }[use];
}
/** An answer too large for storage.session: the view says so instead of going blank. */
export const ANSWER_TOO_LARGE = 'The answer could not be shown: it is too large to keep. Nothing more was charged.';
/** Why a save found nothing to keep (a lead is only ever made from a live record this account paid for). */
export const NOT_SAVABLE =
  'That person is no longer on a card this account paid for (or the answer was NOT REAL DATA): nothing was saved. Open their card again and save from there.';
/** "Load team" on a row the worker holds no live copy of (a sample's, or one from before a restart and past the cache's lifetime). */
export const TEAM_NOT_LOADABLE =
  'That organisation is not on results this account paid for (or they were NOT REAL DATA): nothing was sent. Search again, then load its team.';
export const REVEAL_TARGET_GONE = 'That contact is no longer the one shown here: nothing was revealed or charged.';
export const PEOPLE_NEED_KEY = 'Add an API key in Settings to look people up.';
export const NO_PEOPLE_ON_PAGE = 'No people found on this page.';
export const NOT_AN_API_KEY = 'That does not look like an API key.';
/** The browser has not granted the host the API base URL names. */
export function hostNotAllowedText(origin: string): string {
  return `The extension is not allowed to contact ${origin}.`;
}
export const HUBSPOT_TOKEN_MISSING = 'Paste a HubSpot access token (a private app or service key token).';
export const HUBSPOT_BASE_NOT_ALLOWED = 'That HubSpot API base URL is not allowed.';

/** A lead marked "Do not contact": nothing that reaches them is done for it. */
export function doNotContactText(action: 'reveal' | 'export' | 'crm', leads = 1): string {
  if (action === 'reveal') return 'This lead is marked “Do not contact”: its contact was not revealed, and nothing was charged.';
  const them = leads === 1 ? '1 lead is' : `${leads} leads are`;
  return `${them} marked “Do not contact”: left out of the ${action === 'export' ? 'export' : 'CRM send'}.`;
}

/** The outcome of a paid call is not known here. */
export const BACKGROUND_NO_ANSWER = 'The extension’s background did not answer.';
export const SEARCH_NO_ANSWER = `${BACKGROUND_NO_ANSWER} If the search was sent, it may have been charged: today’s calls in the options show it. Close the popup and try again.`;

// ── Key check (the free GET /v1/me before a key is stored) ───────────────────────────────────────

/** A failed key check, by kind (null: say the call's message and KEY_NOT_SAVED). The check is free: no word about credits. */
export function keyCheckText(kind: string, host?: string): string | null {
  const where = host ?? 'That address';
  const texts: Record<string, string> = {
    unauthorized: `${KEY_REJECTED} ${KEY_NOT_SAVED} ${KEY_REJECTED_FIX}`,
    'wrong-host': `${where} ${WEB_PAGE} ${KEY_NOT_SAVED} ${WRONG_HOST_FIX}`,
    network: `${where} could not be reached. ${KEY_NOT_SAVED} Check the API base URL and the connection, then save again.`,
    'rate-limited': `Too many attempts from this address. ${KEY_NOT_SAVED} Wait a minute and try again.`,
    'no-permission': `The browser did not allow the extension to reach ${where}. ${KEY_NOT_SAVED} Save again and choose Allow when asked.`,
  };
  return Object.hasOwn(texts, kind) ? texts[kind]! : null;
}
/** The worker's reason follows (e.g. a database another page keeps open). */
export const DELETE_ALL_FAILED = 'Nothing more was deleted: some data may be left.';
/** Any message the worker gets once "Delete all data" has begun. */
export const ALL_DATA_BEING_DELETED = 'All data is being deleted: the extension restarts in a moment.';
export const SAVE_NO_ANSWER = `${BACKGROUND_NO_ANSWER} ${KEY_NOT_SAVED} Reload the extension and try again.`;

// ── Refusals: calls not sent ─────────────────────────────────────────────────────────────────────

export type RefusalReasonLike = 'budget' | 'halted-402' | 'needs-confirmation' | 'prices-changed';

export const BUDGET_PAUSED_LABEL = 'Paused: over today’s budget';

function budgetText(remainingToday: number, price: number, hold?: number, count = 1): string {
  const left = Math.max(0, remainingToday);
  const budget = left === 0 ? 'Today’s credit budget is used up' : `Today’s credit budget has ${credits(left)} left`;
  const what = count > 1 ? `these ${count} calls` : 'this call';
  const cost = count > 1 ? 'they cost' : 'it costs';
  const need =
    hold !== undefined && hold > price
      ? `${what} need${count > 1 ? '' : 's'} ${credits(hold)} set aside: ${cost} ${credits(price)}, and an answer lost on the way can be charged twice`
      : `${what} cost${count > 1 ? '' : 's'} ${credits(price)}`;
  return `${budget}; ${need}. ${NOTHING_SENT}`;
}

/** Structural: lib/credits/quote.ts `Quote` satisfies it. */
export interface QuoteLike {
  count: number;
  price: number;
  hold: number;
  remainingToday: number;
  balance: number | null;
  refusal: 'budget' | 'balance' | 'sample' | null;
}

/** Why a quoted action is not offered (or, in the worker, not sent); empty when it fits. */
export function quoteRefusalText(q: QuoteLike): string {
  const balance = q.balance ?? 0;
  if (q.refusal === null) return '';
  if (q.refusal === 'budget') return budgetText(q.remainingToday, q.price, q.hold, q.count);
  if (q.refusal === 'sample')
    return `This free key has ${credits(balance)}, less than the ${credits(q.price)} this costs, so the API would answer with a sample (NOT REAL DATA), not the record.`;
  const short = q.price - balance;
  return `${OUT_OF_CREDITS_LABEL}: the balance (${credits(balance)}) is below the price (${credits(q.price)}); it needs ${short} more ${short === 1 ? 'credit' : 'credits'}. ${TOP_UP}`;
}

/** The page's quote is below the price now (the account's prices changed since it was shown). */
export function priceChangedText(quoted: number, now: number): string {
  return `The price changed since it was shown: this now costs ${credits(now)}, not ${credits(quoted)}. ${NOTHING_SENT} Check the new price and try again.`;
}

/** A batch ("Look up 3") whose price rose stops and asks again. `to`: null while the new price is read. */
export function batchPriceRoseText(left: number, from: number, to: number | null): string {
  const rose = to === null ? `changed from ${credits(from)}` : `rose from ${credits(from)} to ${credits(to)}`;
  return `The price of a lookup ${rose}: ${left === 1 ? 'this one was' : `these ${left} were`} not sent. Select ${left === 1 ? 'it' : 'them'} again to look up at the new price.`;
}

/** A row a worker stop cut off, as the journal booked it at the next start: `booked` credits "may have been charged", or null (never sent). */
export function interruptedRowText(booked: number | null, then = ' Select it to look it up again.'): string {
  const what = booked === null ? `before it was sent. ${NOTHING_SENT}` : `on the wire. ${MAY_HAVE_BEEN_CHARGED} ${credits(booked)} booked.`;
  return `An extension restart stopped this lookup ${what}${then}`;
}

/** "Enrich a list" (issue 43): why a row was not sent, and why a list was not started. */
export const LIST_CANCELLED = 'Cancelled: not sent.';
export const LIST_BEYOND_FIT = 'Not sent: beyond the lookups that fit today.';
export const LIST_BUSY = 'A list is being enriched already: let it finish or cancel it first.';
export const LIST_NOT_INTERRUPTED = 'There is no interrupted list to resume.';
export const LIST_NO_SUCH_CANDIDATE = 'That person is not one of this row’s candidates.';
/** A list's lookup price rose during its run: the rows left are not sent. */
export function listPriceRoseText(from: number, to: number | null): string {
  return `Not sent: the price of a lookup ${to === null ? `changed from ${credits(from)}` : `rose from ${credits(from)} to ${credits(to)}`}. Enrich the list again at the new price.`;
}

/** A list row whose handle now belongs to another X account than the one its record was confirmed on (issue 42). */
export const reusedHandleRowText = (listedAs: string): string =>
  `Now a different X account than the one you know; the directory still lists ${listedAs} under this handle.`;

/**
 * Why a call was not sent (nothing charged). `remainingToday`: the budget left, calls on the wire taken off;
 * `hold`: what must be free to send it (the price plus a possible browser resend).
 */
export function refusalText(reason: RefusalReasonLike, ctx: { remainingToday: number; price: number; hold?: number }): string {
  if (reason === 'budget') return budgetText(ctx.remainingToday, ctx.price, ctx.hold);
  // The worker halted on a 402.
  if (reason === 'halted-402') return `${OUT_OF_CREDITS} Automatic calls stay paused until the balance shows credits. ${NOTHING_SENT}`;
  if (reason === 'needs-confirmation')
    return `This call (${credits(ctx.price)}) needs your confirmation in the side panel first, as every reveal does. ${NOTHING_SENT}`;
  return `The API charged more than this account’s price list says, so nothing more is paid until the prices are read again (a free call). ${NOTHING_SENT}`;
}

// ── HubSpot (issue 27): the CRM send and the "In HubSpot" marks ─────────────────────────────────

/** A HubSpot call's failure, by its ApiErrorKind or 'no-token'. The token is never in it. */
export function hubspotFailureText(kind: string, retryAt?: number): string {
  if (kind === 'rate-limited')
    return `HubSpot’s rate limit was reached${retryAt ? `; it resumes at ${new Date(retryAt).toLocaleTimeString()}` : ''}.`;
  return Object.hasOwn(HUBSPOT_FAILURES, kind) ? HUBSPOT_FAILURES[kind]! : 'HubSpot refused the request.';
}
const NOT_HUBSPOT =
  'The HubSpot address answered with something that is not HubSpot’s API (a web page, or garbage). Check the HubSpot API base URL.';
const HUBSPOT_FAILURES: Record<string, string> = {
  'no-token': 'HubSpot is not connected: connect it in the options.',
  unauthorized: 'HubSpot refused the access token: it was revoked or has expired. Connect HubSpot again with a new token.',
  'forbidden-scope':
    'The HubSpot token lacks a scope this needs (crm.objects.contacts.read/write, crm.objects.companies.read/write): add it to the private app or service key.',
  server: 'HubSpot had a server error. Try again in a minute.',
  network: 'HubSpot could not be reached (offline, or the request timed out).',
  'wrong-host': NOT_HUBSPOT,
  'invalid-response': NOT_HUBSPOT,
  'not-found': 'HubSpot does not have that record any more.',
};

/** Connect's answer, with the extension's properties the portal lacks (created only with consent and the schema scope). */
export function hubspotConnectedText(portalId: string, missing: readonly string[]): string {
  if (missing.length === 0) return `HubSpot connected (portal ${portalId}).`;
  return `HubSpot connected (portal ${portalId}). Not created: ${missing.join(', ')} — those values are not sent${
    missing.includes('Crypto Directory ID')
      ? ', and a contact with no email, LinkedIn URL or X handle can be created twice if an answer is lost'
      : ''
  }.`;
}

/** Why a lead waits as "Needs your choice" (lib/crm/hubspot/hubspot-crm.ts): nothing of it is written until the rep decides. */
export function crmHeldText(why: 'choose' | 'conflict'): string {
  return why === 'choose'
    ? 'Several HubSpot contacts have this name at this company: pick one in the preview.'
    : 'HubSpot holds a teammate’s contact or values for this person: decide in the preview.';
}

/** Consent: what the checkboxes tell before anything is sent. */
export const HUBSPOT_MARKS_CONSENT =
  'The emails (when revealed), LinkedIn URLs and X handles of the people shown are sent to your own HubSpot to check whether they are already there.';
export const HUBSPOT_PROPERTIES_CONSENT =
  'Create the extension’s properties in HubSpot if they are missing: LinkedIn URL, Telegram, Crypto Directory ID (so a contact is never created twice), tags and next follow-up on contacts, and a key on notes and tasks.';

// ── The Leads page's costs ───────────────────────────────────────────────────────────────────────

/** A lead's share of a charge split among the people one answer returned: "0.05 credits — from a 5-credit list page of 100". */
export function sharedCostText(share: number, of: { credits: number; people: number; from: 'search' | 'list' }): string {
  const whole = `${creditsNumber(of.credits)}-credit`;
  const source =
    of.from === 'list'
      ? `a ${whole} list page of ${integer.format(of.people)}`
      : `a ${whole} search that found ${integer.format(of.people)}`;
  return `${creditsLabel(share)} — from ${source}`;
}
