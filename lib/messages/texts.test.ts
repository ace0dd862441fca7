import { describe, expect, it } from 'vitest';
import { saveKeyFailureMessage } from '@/hooks/use-account';
import { checkBaseUrl } from '@/components/options/base-url-check';
import { apiError, errorForStatus, networkError, type ApiError } from '@/lib/api/errors';
import { badgeFor } from '@/lib/tab-state/badge';
import { messageFor, stateForError } from '@/lib/worker/error-state';
import {
  crmHeldText,
  hubspotConnectedText,
  droppedText,
  failureText,
  INVALID_URL,
  insecureUrlText,
  KEY_REJECTED,
  KEY_REJECTED_FIX,
  keyCheckText,
  MISSING_CONTACT_SCOPE,
  NOTHING_CHARGED,
  NOTHING_SENT,
  OUT_OF_CREDITS,
  OUT_OF_CREDITS_LABEL,
  outOfCreditsText,
  refusalText,
  SAVED_KEY_REFUSED,
  type Booked,
  type FailureLike,
  type RefusalReasonLike,
} from './texts';

const unauthorized = apiError({ kind: 'unauthorized', status: 401 });

describe('a refused key (401) reads the same on every surface', () => {
  it.each([
    ['the API error', unauthorized.message],
    ["the tab's bad-key state", (stateForError(unauthorized, 0) as { message: string }).message],
    ['an inline error (details, search)', messageFor(unauthorized, 0)],
    ['the options form after a failed save', saveKeyFailureMessage({ reason: 'unauthorized', message: 'x' }, 'https://api.example')],
    ['the popup / options alert', SAVED_KEY_REFUSED],
    ['the toolbar badge', badgeFor('bad-key').title],
  ])('%s', (_surface, text) => {
    expect(text.startsWith(KEY_REJECTED)).toBe(true);
  });
});

describe('an unusable API base URL reads the same in the form and the client', () => {
  it.each([
    ['http://api.example', insecureUrlText(true)],
    ['http://127.0.0.2:8787', insecureUrlText(true)],
    ['https://user:pw@api.example', INVALID_URL],
    ['ftp://api.example', INVALID_URL],
  ])('%s', (input, text) => {
    expect(checkBaseUrl(input, { allowLoopback: true })).toEqual({ ok: false, message: text });
  });

  it('a release build does not mention the emulator', () => {
    expect(insecureUrlText(false)).not.toMatch(/127\.0\.0\.1|localhost/);
    expect(insecureUrlText(true)).toMatch(/127\.0\.0\.1/);
  });
});

type Case = [label: string, error: FailureLike];

/** Answers that never arrived: the paid path books them "may have been charged". */
const LOST: Case[] = [
  ['network failed', { kind: 'network', status: null, cause: 'failed' }],
  ['network with no cause', { kind: 'network', status: null }],
  ['network timeout', { kind: 'network', status: null, cause: 'timeout', timeout: true }],
  ['network aborted', { kind: 'network', status: null, cause: 'aborted' }],
  ['network body (dropped mid-answer)', { kind: 'network', status: null, cause: 'body' }],
  ['network not resent after two losses', { kind: 'network', status: null, cause: 'not-resent' }],
  ['network interrupted by an extension restart', { kind: 'network', status: null, cause: 'interrupted' }],
  ['a reveal whose answer was lost', { kind: 'network', status: null, cause: 'failed', reveal: true }],
  ['invalid-response, unreadable JSON', { kind: 'invalid-response', status: 200, path: '' }],
  ['invalid-response, schema problem', { kind: 'invalid-response', status: 200, path: 'data.3.id' }],
  ['invalid-response, too large', { kind: 'invalid-response', status: 200, path: '', cause: 'too-large' }],
];
const SERVER: Case[] = [500, 502, 503, 504].map((status) => [`server ${status}`, { kind: 'server', status }]);
const OFFLINE: FailureLike = { kind: 'network', status: null, cause: 'offline' };
/** Answered by the server (it charges nothing for these), or refused before anything was sent. */
const ANSWERED: Case[] = [
  ['rate-limited', { kind: 'rate-limited', status: 429, retryAt: 30_000 }],
  ['rate-limited reveal', { kind: 'rate-limited', status: 429, retryAt: 30_000, reveal: true }],
  ['unauthorized', { kind: 'unauthorized', status: 401 }],
  ['payment-required', { kind: 'payment-required', status: 402 }],
  ['forbidden-scope on a reveal', { kind: 'forbidden-scope', status: 403, reveal: true }],
  ['forbidden-scope on another call', { kind: 'forbidden-scope', status: 403, reveal: false }],
  ['not-found', { kind: 'not-found', status: 404 }],
  ['wrong-host: a web page', { kind: 'wrong-host', status: 404, cause: 'html' }],
  ['wrong-host: a redirect', { kind: 'wrong-host', status: 302, cause: 'redirect' }],
  ['bad-request 400', { kind: 'bad-request', status: 400 }],
  ['bad-request 422', { kind: 'bad-request', status: 422 }],
];
const LOCAL: Case[] = [
  ['no key', { kind: 'unauthorized', status: null, cause: 'no-key' }],
  ['malformed key', { kind: 'unauthorized', status: null, cause: 'malformed-key' }],
  ['wrong-host: outside the base URL', { kind: 'wrong-host', status: null, cause: 'origin' }],
  ['wrong-host: plain http', { kind: 'wrong-host', status: null, cause: 'insecure', loopbackAllowed: false }],
  ['wrong-host: not a URL', { kind: 'wrong-host', status: null, cause: 'invalid-url' }],
  ['bad id', { kind: 'bad-request', status: null, cause: 'bad-id' }],
  ['blank search', { kind: 'bad-request', status: null, cause: 'blank-search' }],
  ['bad options', { kind: 'bad-request', status: null, cause: 'bad-options' }],
  ['not journaled', { kind: 'bad-request', status: null, cause: 'not-journaled' }],
];
const ALL: Case[] = [...LOST, ...SERVER, ['network offline', OFFLINE], ...ANSWERED, ...LOCAL];
const BOOKED: (Booked | undefined)[] = [undefined, 'none', 'charged', 'unknown'];
const cross = (cases: Case[], booked: (Booked | undefined)[]) =>
  cases.flatMap(([label, error]) => booked.map((b) => [label, String(b), error, b] as const));

const NOTHING = /nothing (was )?charged/i;

describe('failureText: the charge words follow the ledger', () => {
  it.each(cross(LOST, [undefined, 'unknown']))('%s, booked %s: "may have been charged"', (_l, _b, error, booked) => {
    expect(failureText(error, booked)).toContain('may have been charged');
    expect(failureText(error, booked)).not.toMatch(NOTHING);
  });

  it.each(cross(LOST, ['none']))('%s, booked %s (the balance showed it was not): "Nothing was charged"', (_l, _b, error, booked) => {
    expect(failureText(error, booked)).toContain(NOTHING_CHARGED);
    expect(failureText(error, booked)).not.toContain('may have been charged');
  });

  it.each(cross(SERVER, [undefined, 'unknown']))('%s, booked %s: never "Nothing was charged"', (_l, _b, error, booked) => {
    expect(failureText(error, booked)).not.toMatch(NOTHING);
  });

  it.each(cross(SERVER, ['unknown']))('%s, booked %s: "may have been charged"', (_l, _b, error, booked) => {
    expect(failureText(error, booked)).toContain('may have been charged');
  });

  it.each(cross(SERVER, ['none']))('%s, booked %s: "Nothing was charged"', (_l, _b, error, booked) => {
    expect(failureText(error, booked)).toContain(NOTHING_CHARGED);
  });

  it.each(cross([...SERVER, ...ANSWERED], [undefined]))('%s, booked %s: claims nothing about charges', (_l, _b, error, booked) => {
    expect(failureText(error, booked)).not.toMatch(/charged/i);
  });

  it.each(cross(ALL, ['unknown']))('%s, booked %s: never says nothing was charged', (_l, _b, error, booked) => {
    expect(failureText(error, booked)).not.toMatch(NOTHING);
  });

  it.each(cross(ALL, ['none']))('%s, booked %s: never says it may have been charged', (_l, _b, error, booked) => {
    expect(failureText(error, booked)).not.toContain('may have been charged');
  });

  it.each(cross(ALL, ['charged']))('%s, booked %s: says it was charged', (_l, _b, error, booked) => {
    expect(failureText(error, booked)).toContain('The call was charged.');
  });

  it.each([undefined, 'none'] as const)('offline, booked %s: never left the machine', (booked) => {
    expect(failureText(OFFLINE, booked)).toBe('This computer is offline: nothing was sent, nothing charged.');
  });

  it('offline but booked "may have been charged" (the ledger wins): no "nothing charged"', () => {
    expect(failureText(OFFLINE, 'unknown')).toBe('This computer went offline during the call. The call may have been charged.');
  });

  it.each(ALL)('%s: one plain sentence (or two), no doubled spaces, no key', (_l, error) => {
    for (const booked of BOOKED) {
      const text = failureText(error, booked, 0);
      expect(text).toMatch(/^[A-Z].*[.)]$/);
      expect(text).not.toMatch(/ {2}|undefined|null|NaN/);
    }
  });
});

describe('failureText: the table, kind/cause → words', () => {
  it.each([
    [
      'network failed',
      { kind: 'network', cause: 'failed' },
      undefined,
      'The API could not be reached, or the connection closed before its answer. The call may have been charged. Check the connection and the API base URL.',
    ],
    [
      'network timeout',
      { kind: 'network', cause: 'timeout', timeout: true },
      undefined,
      'The API did not answer in time. The call may have been charged.',
    ],
    [
      'network aborted',
      { kind: 'network', cause: 'aborted' },
      undefined,
      'The request was cancelled before its answer arrived. The call may have been charged.',
    ],
    [
      'network body',
      { kind: 'network', cause: 'body' },
      undefined,
      'The connection dropped while the answer was arriving. The call may have been charged.',
    ],
    [
      'invalid-response at a path',
      { kind: 'invalid-response', path: 'data.3.id' },
      undefined,
      'The API sent an answer this extension cannot read (problem at data.3.id). The call may have been charged.',
    ],
    [
      'invalid-response, too large',
      { kind: 'invalid-response', path: '', cause: 'too-large' },
      'unknown',
      'The API sent an answer far larger than any real one; it was not read. The call may have been charged.',
    ],
    [
      'server 503, answered free',
      { kind: 'server', status: 503 },
      'none',
      'The API had a server error (HTTP 503). Nothing was charged. Try again shortly.',
    ],
    [
      'server 503, nothing booked yet',
      { kind: 'server', status: 503 },
      undefined,
      'The API had a server error (HTTP 503). Try again shortly.',
    ],
    [
      'server 504, booked unknown',
      { kind: 'server', status: 504 },
      'unknown',
      'The API’s gateway timed out (HTTP 504): the API may have done the work. The call may have been charged. Try again shortly.',
    ],
    ['rate-limited', { kind: 'rate-limited', retryAt: 30_000 }, 'none', 'The account is over its API request rate. Nothing was charged.'],
    ['unauthorized', { kind: 'unauthorized', status: 401 }, undefined, `${KEY_REJECTED} ${KEY_REJECTED_FIX}`],
    ['payment-required', { kind: 'payment-required', status: 402 }, 'none', `${OUT_OF_CREDITS} Nothing was charged.`],
    ['not-found', { kind: 'not-found', status: 404 }, undefined, 'Not in the directory.'],
    ['forbidden-scope, reveal', { kind: 'forbidden-scope', status: 403, reveal: true }, undefined, MISSING_CONTACT_SCOPE],
    ['wrong-host, insecure (release)', { kind: 'wrong-host', cause: 'insecure' }, undefined, insecureUrlText(false)],
    [
      'wrong-host, insecure (emulator build)',
      { kind: 'wrong-host', cause: 'insecure', loopbackAllowed: true },
      undefined,
      insecureUrlText(true),
    ],
    ['wrong-host, invalid URL', { kind: 'wrong-host', cause: 'invalid-url' }, undefined, INVALID_URL],
    ['bad-request 400', { kind: 'bad-request', status: 400 }, undefined, 'The API rejected the request as invalid.'],
    ['bad-request 418', { kind: 'bad-request', status: 418 }, undefined, 'The API rejected the request (HTTP 418).'],
  ] as [string, FailureLike, Booked | undefined, string][])('%s', (_label, error, booked, text) => {
    expect(failureText(error, booked)).toBe(text);
  });

  it('a 429 says how long to wait when `now` is given, and not otherwise', () => {
    const error = { kind: 'rate-limited', status: 429, retryAt: 31_000 };
    expect(failureText(error, undefined, 1_500)).toBe('The account is over its API request rate. Try again in 30 s.');
    expect(failureText(error, undefined, 40_000)).toMatch(/Try again in 0 s\.$/);
    expect(failureText(error)).not.toMatch(/ s\.$/);
  });

  it('a 429 on a reveal may be the hourly reveal cap', () => {
    expect(failureText({ kind: 'rate-limited', retryAt: 0, reveal: true })).toMatch(/^The reveal limit is reached/);
  });

  it('a 403 on another call is not about reveals', () => {
    expect(failureText({ kind: 'forbidden-scope', status: 403 })).not.toMatch(/read:contacts/);
  });

  it.each([
    ['a web page', 'html', /web page.*web app.*\/v1\/me/],
    ['a redirect', 'redirect', /redirect; the key was not sent on.*\/v1\/me/],
    ['a path outside the base URL', 'origin', /outside the API base URL/],
  ])('wrong host: %s', (_label, cause, words) => {
    expect(failureText({ kind: 'wrong-host', cause })).toMatch(words);
  });

  it('a reveal whose answer was lost is never resent: check the balance', () => {
    expect(failureText({ kind: 'network', cause: 'interrupted', reveal: true })).toBe(
      'An extension restart interrupted the call. The call may have been charged. A reveal is never resent by itself: check the balance before trying again.',
    );
    expect(failureText({ kind: 'network', cause: 'body', reveal: true }, 'none')).toBe(
      'The connection dropped while the answer was arriving. Nothing was charged.',
    );
  });

  it('an error of an unknown kind still reads as a failure', () => {
    expect(failureText({ kind: 'something-new' })).toBe('The call failed.');
    expect(failureText({ kind: 'something-new' }, 'unknown')).toBe('The call failed. The call may have been charged.');
  });
});

describe('the client, the tab and inline errors say the table’s words', () => {
  const NOW = 1_000;
  const ctx = { reveal: false, retryAt: NOW + 30_000, now: NOW };
  const errors: [string, ApiError][] = [
    ...(['failed', 'timeout', 'aborted', 'body', 'offline', 'not-resent', 'interrupted'] as const).map((c): [string, ApiError] => [
      `network ${c}`,
      networkError(c),
    ]),
    ['unreadable JSON', apiError({ kind: 'invalid-response', status: 200, path: '' })],
    ['schema problem', apiError({ kind: 'invalid-response', status: 200, path: 'data.0.id' })],
    ['too large', apiError({ kind: 'invalid-response', status: 200, path: '', cause: 'too-large' })],
    ...[400, 401, 402, 403, 404, 418, 429, 500, 503, 504].map((s): [string, ApiError] => [`HTTP ${s}`, errorForStatus(s, ctx)]),
    ['403 on a reveal', errorForStatus(403, { ...ctx, reveal: true })],
    ['wrong host, web page', apiError({ kind: 'wrong-host', status: 404, cause: 'html' })],
    ['wrong host, redirect', apiError({ kind: 'wrong-host', status: 302, cause: 'redirect' })],
    ['no key', apiError({ kind: 'unauthorized', cause: 'no-key' })],
  ];

  it.each(errors)('%s: ApiError.message is failureText(error)', (_label, error) => {
    expect(error.message).toBe(failureText(error, undefined, error.kind === 'rate-limited' ? NOW : undefined));
  });

  it.each(errors)('%s: the tab state and the inline message carry the booked words', (_label, error) => {
    for (const booked of BOOKED) {
      const body = stateForError(error, NOW, booked);
      expect('message' in body && body.message).toBe(failureText(error, booked, error.kind === 'rate-limited' ? undefined : NOW));
      expect(messageFor(error, NOW, booked)).toBe(failureText(error, booked, NOW));
    }
  });

  it('the issue: an answer lost after the charge no longer reads "Cannot reach the API host"', () => {
    const body = stateForError(networkError('failed'), NOW, 'unknown');
    expect(body).toMatchObject({ status: 'error', message: expect.stringContaining('may have been charged') });
    expect(messageFor(networkError('failed'), NOW)).toContain('may have been charged');
  });

  it('the issue: a 504 booked as unknown is not shown as "Nothing was charged"', () => {
    expect(messageFor(errorForStatus(504, ctx), NOW, 'unknown')).not.toMatch(NOTHING);
    expect(messageFor(errorForStatus(503, ctx), NOW, 'none')).toContain(NOTHING_CHARGED);
  });
});

describe('refusalText: why a call was not sent', () => {
  const REASONS: RefusalReasonLike[] = ['budget', 'halted-402', 'needs-confirmation', 'prices-changed'];
  const ctx = { remainingToday: 3, price: 5 };

  it.each(REASONS)('%s: nothing was sent, nothing charged', (reason) => {
    expect(refusalText(reason, ctx)).toContain(NOTHING_SENT);
  });

  it('each reason has its own words', () => {
    const texts = REASONS.map((r) => refusalText(r, ctx));
    expect(new Set(texts).size).toBe(REASONS.length);
  });

  it.each([
    { remainingToday: 3, price: 10 },
    { remainingToday: 0, price: 10, hold: 20 },
  ])('needs-confirmation names the panel and never the budget (%j)', (c) => {
    const text = refusalText('needs-confirmation', c);
    expect(text).toMatch(/confirmation in the side panel/);
    expect(text).not.toMatch(/budget|used up|left/i);
  });

  it.each([
    [
      { remainingToday: 3, price: 5 },
      'Today’s credit budget has 3 credits left; this call costs 5 credits. Nothing was sent, nothing charged.',
    ],
    [
      { remainingToday: 3, price: 5, hold: 5 },
      'Today’s credit budget has 3 credits left; this call costs 5 credits. Nothing was sent, nothing charged.',
    ],
    [{ remainingToday: 0, price: 5 }, 'Today’s credit budget is used up; this call costs 5 credits. Nothing was sent, nothing charged.'],
    [{ remainingToday: -4, price: 1 }, 'Today’s credit budget is used up; this call costs 1 credit. Nothing was sent, nothing charged.'],
    [
      { remainingToday: 7, price: 5, hold: 10 },
      'Today’s credit budget has 7 credits left; this call needs 10 credits set aside: it costs 5 credits, and an answer lost on the way can be charged twice. Nothing was sent, nothing charged.',
    ],
    [
      { remainingToday: 1_200, price: 1_500 },
      'Today’s credit budget has 1,200 credits left; this call costs 1,500 credits. Nothing was sent, nothing charged.',
    ],
  ] as [{ remainingToday: number; price: number; hold?: number }, string][])('budget %j', (c, text) => {
    expect(refusalText('budget', c)).toBe(text);
  });

  it('halted-402 is the out-of-credits words, and says automatic calls wait', () => {
    expect(refusalText('halted-402', ctx)).toMatch(/^Out of credits: .*Automatic calls stay paused.* Nothing was sent, nothing charged\.$/);
  });

  it('prices-changed: the API charged more than the price list; reading the prices again is free', () => {
    expect(refusalText('prices-changed', ctx)).toMatch(/charged more than this account’s price list.*read again \(a free call\)/);
    expect(refusalText('prices-changed', ctx)).not.toMatch(/budget/i);
  });
});

describe('droppedText: a queued call the tab left behind', () => {
  it.each(['lookup', 'search', 'reveal', 'details'] as const)('%s', (call) => {
    expect(droppedText(call)).toMatch(/^The .* was cancelled before it was sent\. Nothing was sent, nothing charged\.$/);
  });
});

describe('one wording family for out of credits', () => {
  it.each([
    ['OUT_OF_CREDITS', OUT_OF_CREDITS],
    ['halted on a 402', refusalText('halted-402', { remainingToday: 0, price: 0 })],
    ['a 402', failureText({ kind: 'payment-required', status: 402 })],
    ['a 402, booked 0', failureText({ kind: 'payment-required', status: 402 }, 'none')],
    ['the client’s 402', errorForStatus(402, { reveal: false, retryAt: 0, now: 0 }).message],
    ['the tab state', (stateForError(errorForStatus(402, { reveal: false, retryAt: 0, now: 0 }), 0) as { message: string }).message],
    ['the reveal dialog / options (balance and price)', outOfCreditsText({ balance: 3, price: 10 })],
  ])('%s', (_label, text) => {
    expect(text.startsWith(`${OUT_OF_CREDITS_LABEL}: `)).toBe(true);
    expect(text).toContain('Top up in the Directory web app: sign in, then add credits or change the plan.');
  });

  it('names the balance and the price when known', () => {
    expect(outOfCreditsText({ balance: 1, price: 10 })).toBe(
      'Out of credits: the balance (1 credit) is below the call’s price (10 credits). Top up in the Directory web app: sign in, then add credits or change the plan.',
    );
  });
});

describe('the key check (free GET /v1/me) in the options form', () => {
  it.each([
    ['unauthorized', /^The API key is wrong or revoked\. The key was not saved\./],
    ['wrong-host', /^api\.example answered with a web page, not the API.*The key was not saved\..*\/v1\/me/],
    ['network', /^api\.example could not be reached\. The key was not saved\./],
    ['rate-limited', /^Too many attempts from this address\. The key was not saved\./],
    ['no-permission', /did not allow the extension to reach api\.example\. The key was not saved\./],
  ])('%s', (kind, words) => {
    expect(keyCheckText(kind, 'api.example')).toMatch(words);
    expect(keyCheckText(kind, 'api.example')).not.toMatch(/charged/);
  });

  it('other kinds have no words of their own (the call’s message is used)', () => {
    expect(keyCheckText('server')).toBeNull();
  });
});

describe('HubSpot connect and held-lead words', () => {
  it.each([
    [[], 'HubSpot connected (portal 4242).'],
    [['Telegram'], 'HubSpot connected (portal 4242). Not created: Telegram — those values are not sent.'],
    [
      ['LinkedIn URL', 'Crypto Directory ID'],
      'HubSpot connected (portal 4242). Not created: LinkedIn URL, Crypto Directory ID — those values are not sent, and a contact with no email, LinkedIn URL or X handle can be created twice if an answer is lost.',
    ],
  ])('missing %j', (missing, text) => {
    expect(hubspotConnectedText('4242', missing)).toBe(text);
  });

  it.each([
    ['choose', /Several HubSpot contacts/],
    ['conflict', /teammate/],
  ] as const)('held for %s', (why, words) => {
    expect(crmHeldText(why)).toMatch(words);
  });
});
