// Test-only helpers: record fixtures shaped like the spec (API 1.5.0), a recording fake fetch, and responses.
import type { FetchLike } from '../../lib/api/client';

export const BASE = 'https://api.example.test';
export const KEY = 'sk_live_test_1234567890';
export const NOW = 1_750_000_000_000;

export function projectFixture(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'prj_1',
    name: 'Aurora Chain',
    slug: 'aurora-chain',
    companyType: 'project',
    ticker: 'AUR',
    domain: 'aurora.example',
    sectors: ['L1', 'Infrastructure'],
    chains: ['ethereum'],
    size: '11-50',
    logoUrl: 'https://cdn.example/aurora.png',
    twitterHandle: 'aurora',
    communityLink: 'https://t.me/aurora',
    discordUrl: 'https://discord.gg/aurora',
    linkedinUrl: 'https://linkedin.com/company/aurora',
    tokenLaunched: true,
    tokenLink: 'https://coingecko.example/aurora',
    aiSummary: 'An L1.',
    followers: 12000,
    handleHistory: ['aurora_old'],
    twitterRisk: 'low',
    lifecycle: null,
    createdAt: '2024-01-02T03:04:05.000Z',
    ...overrides,
  };
}

export function personFixture(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'per_1',
    slug: 'ada-lovelace',
    firstName: 'Ada',
    lastName: 'Lovelace',
    jobTitle: 'Head of BD',
    twitterHandle: 'ada',
    avatarUrl: null,
    isCreator: false,
    creatorFollowerCount: 0,
    companyId: 'prj_1',
    company: projectFixture(),
    createdAt: '2024-02-03T04:05:06.000Z',
    isLocked: true,
    hasEmail: true,
    hasPhone: false,
    hasTelegram: true,
    hasLinkedin: true,
    email: null,
    phone: null,
    telegram: null,
    linkedinUrl: null,
    ...overrides,
  };
}

export function investorFixture(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'inv_1',
    name: 'Polar Ventures',
    slug: 'polar-ventures',
    companyType: 'investor',
    logoUrl: null,
    domain: 'polar.example',
    linkedinUrl: null,
    discordUrl: null,
    twitterHandle: 'polarvc',
    communityLink: null,
    fundType: 'VC',
    entityKind: 'organization',
    fundAllTimeRoiPct: 142.5,
    trustTier: 'A',
    trustTierRank: 3,
    aiSummary: 'A fund.',
    followers: 5000,
    handleHistory: [],
    twitterRisk: null,
    altRoles: ['service'],
    portfolioCount: 42,
    lifecycle: null,
    createdAt: '2023-05-06T07:08:09.000Z',
    ...overrides,
  };
}

export function portfolioRowFixture(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    investmentId: 'invst_1',
    company: { id: 'prj_1', name: 'Aurora Chain' },
    roundType: 'Seed',
    roundEventName: 'Aurora Seed',
    amountUsd: 3_000_000,
    announceDate: '2023-06-01',
    isLead: true,
    ...overrides,
  };
}

export function meta(creditsCharged = 5, creditsBalance = 195): { creditsCharged: number; creditsBalance: number } {
  return { creditsCharged, creditsBalance };
}

export function accountFixture(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    apiVersion: '1.5.0',
    baseUrl: BASE,
    docs: 'https://app.example.test/docs',
    endpoints: [
      { method: 'GET', path: '/v1/me', summary: 'Identity', credits: 0 },
      { method: 'GET', path: '/v1/people', summary: 'People', credits: 5 },
    ],
    id: 'acc_1',
    name: 'Rep',
    email: 'rep@example.test',
    tier: 'pro',
    sampleMode: false,
    organization: 'Acme',
    creditsBalance: 6000,
    apiKey: { label: 'ext', prefix: 'sk_live_te', scopes: ['read:metadata', 'read:contacts'], environment: 'live' },
    pricing: { currency: 'credits', basicCallCredits: 5, privateCallCredits: 10, note: 'first reveal 10' },
    meta: meta(0, 6000),
    ...overrides,
  };
}

export function listBody(data: unknown[], overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { data, total: data.length, page: 1, totalPages: 1, meta: meta(), ...overrides };
}

export function jsonResponse(
  body: unknown,
  init: { status?: number; headers?: Record<string, string> } = {},
): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Service-API-Version': '1.5.0', ...init.headers },
  });
}

export interface SeenRequest {
  url: string;
  authorization: string | null;
  init: RequestInit;
}

/** A fetch that records every request (URL and Authorization) and answers with `handler`. */
export function fakeFetch(handler: (url: URL, init: RequestInit) => Response | Promise<Response>): {
  fetch: FetchLike;
  seen: SeenRequest[];
} {
  const seen: SeenRequest[] = [];
  const fetch: FetchLike = async (input, init) => {
    seen.push({ url: input, authorization: new Headers(init.headers).get('Authorization'), init });
    return handler(new URL(input), init);
  };
  return { fetch, seen };
}

/** A fetch that never answers but honours the abort signal, like a real one. */
export function hangingFetch(honourSignal = true): { fetch: FetchLike; seen: SeenRequest[] } {
  return fakeFetch(
    (_url, init) =>
      new Promise<Response>((_resolve, reject) => {
        if (honourSignal) init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
}
