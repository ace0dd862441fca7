// The API request pipeline, in the order a real gateway would apply it:
// faults -> auth (401 / per-IP 429) -> account rate (429) -> route (404/405) -> scope (403) -> query (400)
// -> balance gate (sample / 402) -> real query (404) -> reveal cap (429) -> debit -> body.
// Every request lands in the ledger, including the ones that charged nothing.

import { DroppedConnection, FIVE_XX, HTML_BODY, MALFORMED_BODY, droppedAnswer } from './faults';
import { CORS_HEADERS, SAMPLE_HEADER, VERSION_HEADER, delay, jsonResponse } from './http';
import { debit, gate, quote } from './metering';
import { BadRequest, includesPrivate } from './queries';
import {
  MINUTE,
  REJECTED_AUTH_LIMIT,
  REVEAL_CAPS,
  TIER_RATE_LIMITS,
  rateHeaders,
  retryAfterSeconds,
  type Limit,
  type WindowState,
} from './rate-limits';
import { NotFound, ROUTES, matchRoute, meBody, type RequestContext } from './routes';
import { sampleBody, sampleNotice } from './sample';
import {
  CHARGED_DROPS,
  unlockedBy,
  type AccountState,
  type ChargedDrop,
  type EmulatorState,
  type Fault,
  type KeyState,
  type LedgerEntry,
} from './state';
import type { Tier } from './types';

interface Outcome {
  status: number;
  body: unknown;
  rate: WindowState;
  headers?: Record<string, string>;
  account?: AccountState;
  key?: KeyState;
  presentedKey?: string | null;
  charged?: number;
  sample?: boolean;
}

export function rateLimitFor(state: EmulatorState, tier: Tier): Limit {
  const override = state.config.rateLimitPerMinute[tier];
  return override !== undefined ? { limit: override, windowMs: MINUTE } : TIER_RATE_LIMITS[tier];
}

type Auth = { ok: true; key: KeyState; account: AccountState } | { ok: false; error: string; presented: string | null };

function authenticate(state: EmulatorState, header: string | null): Auth {
  if (header === null || header.trim() === '')
    return { ok: false, error: 'Missing API key: send Authorization: Bearer <API_KEY>', presented: null };
  const m = /^Bearer ([^\s]+)$/i.exec(header.trim());
  if (!m?.[1]) return { ok: false, error: 'Malformed Authorization header: expected Bearer <API_KEY>', presented: null };
  const token = m[1];
  const key = state.keys.get(token);
  if (!key) return { ok: false, error: 'Unknown API key', presented: token };
  if (key.revoked) return { ok: false, error: 'API key revoked', presented: token };
  const account = state.accounts.get(key.accountId);
  if (!account) return { ok: false, error: 'Unknown API key', presented: token };
  return { ok: true, key, account };
}

const error = (status: number, message: string, rate: WindowState, extra: Partial<Outcome> = {}): Outcome => ({
  status,
  body: { error: message },
  rate,
  ...extra,
});

function process(state: EmulatorState, request: Request, url: URL, ip: string, now: number): Outcome {
  const auth = authenticate(state, request.headers.get('authorization'));
  if (!auth.ok) {
    // Only rejected-auth requests count toward (and are refused by) the per-IP limit.
    const taken = state.rejectedAuth.take(ip, REJECTED_AUTH_LIMIT, now);
    if (!taken.allowed) {
      return error(429, 'Too many requests with a rejected API key from this address', taken.state, {
        headers: { 'Retry-After': retryAfterSeconds(taken.state.resetAt, now) },
        presentedKey: auth.presented,
      });
    }
    return error(401, auth.error, taken.state, { presentedKey: auth.presented });
  }
  const { key, account } = auth;
  const who = { key, account, presentedKey: key.key };

  const rl = state.accountRate.take(account.id, rateLimitFor(state, account.tier), now);
  if (!rl.allowed) {
    return error(429, `Rate limit exceeded: ${rl.state.limit} requests per window for this account`, rl.state, {
      ...who,
      headers: { 'Retry-After': retryAfterSeconds(rl.state.resetAt, now) },
    });
  }
  const rate = rl.state;

  const match = matchRoute(url.pathname);
  if (!match) return error(404, `Unknown route ${url.pathname}`, rate, who);
  if (match.route === 'network') return error(404, 'The network endpoint is planned and not live yet', rate, who);
  if (request.method !== 'GET')
    return error(405, `Method ${request.method} not allowed: the API is read-only (GET)`, rate, { ...who, headers: { Allow: 'GET' } });

  if (match.route === 'me') return { status: 200, body: meBody(state, account, key), rate, ...who, charged: 0 };
  if (!key.scopes.includes('read:metadata')) return error(403, 'This key lacks the read:metadata scope', rate, who);

  const params = url.searchParams;
  const wantsPrivate = match.route === 'people.get' && includesPrivate(params);
  if (wantsPrivate && !key.scopes.includes('read:contacts')) {
    return error(403, 'Revealing private channels needs the read:contacts scope', rate, who);
  }

  const version = state.config.apiVersion;
  const unlocked = unlockedBy(state, account.id);
  const ctx: RequestContext = {
    state,
    params,
    param: match.param ?? '',
    account,
    key,
    view: { version, dir: state.dir, unlocked, overlays: state.overlays },
  };
  let parsed;
  try {
    parsed = ROUTES[match.route](ctx);
  } catch (e) {
    if (e instanceof BadRequest) return error(400, e.message, rate, who);
    throw e;
  }

  const q = quote(state.config.prices, match.route, wantsPrivate, unlocked.has(ctx.param));
  const g = gate(account, q.price);
  if (g === 'payment-required') {
    return error(
      402,
      `Insufficient credits: this call costs ${q.price} credits and the balance is ${account.balance}. Top up at ${state.appUrl}/pricing`,
      rate,
      who,
    );
  }
  if (g === 'sample') {
    const upgradeUrl = `${state.appUrl}/pricing`;
    const notice = sampleNotice(account.balance, q.price, upgradeUrl);
    const body: Record<string, unknown> = { notice, ...sampleBody(q.route, { version, limit: parsed.limit, q: parsed.q }), sample: true };
    if (q.isReveal) Object.assign(body, { creditsCharged: 0, creditsBalance: account.balance });
    body.meta = { creditsCharged: 0, creditsBalance: account.balance, creditsRequired: q.price, sample: true, upgradeUrl };
    return { status: 200, body, rate, ...who, charged: 0, sample: true, headers: { [SAMPLE_HEADER]: 'true' } };
  }

  let render;
  try {
    render = parsed.run();
  } catch (e) {
    if (e instanceof NotFound) return error(404, e.message, rate, who);
    throw e;
  }

  if (q.isReveal) {
    const cap = account.tier === 'free' ? REVEAL_CAPS.free : REVEAL_CAPS.paid;
    const taken = state.reveals.take(account.id, cap, now);
    if (!taken.allowed) {
      return error(429, `Reveal cap reached: ${cap.limit} new contacts per hour for this account`, rate, {
        ...who,
        headers: { 'Retry-After': retryAfterSeconds(taken.state.resetAt, now) },
      });
    }
  }
  debit(state, account, q, ctx.param);
  const body = render();
  if (wantsPrivate) Object.assign(body, { creditsCharged: q.price, creditsBalance: account.balance });
  body.meta = { creditsCharged: q.price, creditsBalance: account.balance };
  return { status: 200, body, rate, ...who, charged: q.price };
}

function apiHeaders(state: EmulatorState, rate: WindowState, now: number): Record<string, string> {
  return { [VERSION_HEADER]: state.config.apiVersion, ...rateHeaders(rate, now, state.config.resetUnit) };
}

/** Current rate window of whoever sent the request, without consuming (for injected faults). */
function peekRate(
  state: EmulatorState,
  request: Request,
  ip: string,
  now: number,
): { rate: WindowState; account?: AccountState; key?: KeyState } {
  const auth = authenticate(state, request.headers.get('authorization'));
  if (!auth.ok) return { rate: state.rejectedAuth.peek(ip, REJECTED_AUTH_LIMIT, now) };
  return {
    rate: state.accountRate.peek(auth.account.id, rateLimitFor(state, auth.account.tier), now),
    account: auth.account,
    key: auth.key,
  };
}

function record(state: EmulatorState, url: URL, method: string, now: number, entry: Partial<LedgerEntry> & { status: number }): void {
  state.ledger.push({
    at: now,
    accountId: null,
    key: null,
    method,
    path: url.pathname,
    query: url.search.replace(/^\?/, ''),
    creditsCharged: 0,
    balanceAfter: null,
    sample: false,
    ...entry,
  });
}

function presentedToken(request: Request): string | null {
  const m = /^Bearer ([^\s]+)$/i.exec((request.headers.get('authorization') ?? '').trim());
  return m?.[1] ?? null;
}

function answerFault(state: EmulatorState, request: Request, url: URL, ip: string, fault: Fault): Response {
  const now = state.now();
  const { rate, account } = peekRate(state, request, ip, now);
  const base = { accountId: account?.id ?? null, key: presentedToken(request), balanceAfter: account?.balance ?? null, fault: fault.kind };
  const headers = apiHeaders(state, rate, now);
  switch (fault.kind) {
    case 'fail5xx': {
      const status = FIVE_XX[state.fail5xxCount++ % FIVE_XX.length] ?? 500;
      record(state, url, request.method, now, { ...base, status });
      return jsonResponse(status, { error: `Injected server failure (${status})` }, headers);
    }
    case 'fail429': {
      record(state, url, request.method, now, { ...base, status: 429 });
      return jsonResponse(
        429,
        { error: 'Rate limit exceeded (injected)' },
        { ...headers, 'X-RateLimit-Remaining': '0', 'Retry-After': '1' },
      );
    }
    case 'drop':
      record(state, url, request.method, now, { ...base, status: 0 });
      throw new DroppedConnection();
    case 'malformed':
      record(state, url, request.method, now, { ...base, status: 200 });
      return new Response(MALFORMED_BODY, { status: 200, headers: { ...CORS_HEADERS, ...headers, 'Content-Type': 'application/json' } });
    case 'html':
      // A proxy / captive portal answering instead of the API: none of the API's headers.
      record(state, url, request.method, now, { ...base, status: 200 });
      return new Response(HTML_BODY, { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
    case 'latency':
    case 'chargeThenDrop':
    case 'chargeThenDropAfterHeaders':
    case 'chargeThenDropMidBody':
      throw new Error(`${fault.kind} faults are handled in handleApi`);
  }
}

export async function handleApi(state: EmulatorState, request: Request, ip: string): Promise<Response> {
  const url = new URL(request.url);
  const fault = state.faults.shift();
  await delay(state.config.latencyMs + (fault?.latencyMs ?? 0));
  if (request.signal.aborted) {
    // The client gave up while we were "slow": the request never reached the API, so nothing is charged.
    record(state, url, request.method, state.now(), { status: 499, key: presentedToken(request), fault: 'aborted' });
    throw request.signal.reason instanceof Error ? request.signal.reason : new DOMException('This operation was aborted', 'AbortError');
  }
  const chargedDrop = fault && (CHARGED_DROPS as readonly string[]).includes(fault.kind) ? (fault.kind as ChargedDrop) : null;
  if (fault && fault.kind !== 'latency' && !chargedDrop) return answerFault(state, request, url, ip, fault);

  const now = state.now();
  const out = process(state, request, url, ip, now);
  record(state, url, request.method, now, {
    status: out.status,
    accountId: out.account?.id ?? null,
    key: out.presentedKey ?? null,
    creditsCharged: out.charged ?? 0,
    balanceAfter: out.account?.balance ?? null,
    sample: out.sample ?? false,
    ...(chargedDrop ? { fault: chargedDrop } : {}),
  });
  const answer = jsonResponse(out.status, out.body, { ...apiHeaders(state, out.rate, now), ...out.headers });
  // Served and charged above; now the answer is lost on its way back.
  if (chargedDrop === 'chargeThenDrop') throw new DroppedConnection();
  if (chargedDrop === 'chargeThenDropAfterHeaders') return droppedAnswer(answer, 'after-headers');
  if (chargedDrop === 'chargeThenDropMidBody') return droppedAnswer(answer, 'mid-body');
  return answer;
}
