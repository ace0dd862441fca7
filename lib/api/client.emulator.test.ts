// The client against the Directory API emulator (tests/emulator): every endpoint, every error kind,
// samples, versions and reset units, with the emulator's ledger as the record of what was charged.
import { beforeEach, describe, expect, it } from 'vitest';
import { ANCHORS, createEmulator } from '@/tests/emulator';
import { createDirectoryClient, type DirectoryClient, type FetchLike } from './client';
import type { ApiFailure, ApiResult, ApiSuccess } from './result';
import {
  investorCall,
  investorsListCall,
  peopleListCall,
  personCall,
  projectCall,
  projectsListCall,
  revealCall,
  serviceCall,
  servicesListCall,
} from './calls';
import { directoryOf } from './record-helpers';
import { supportsCompanyType } from './version';

const BASE_URL = 'http://127.0.0.1:8787';
const APP_URL = 'http://127.0.0.1:8788';
const T0 = Date.UTC(2026, 0, 5, 12, 0, 0); // a whole second, so every reset unit reads back exactly

type EmulatorOptions = NonNullable<Parameters<typeof createEmulator>[0]>;

function setup(options: Omit<EmulatorOptions, 'now'> = {}) {
  let t = T0;
  const now = () => t;
  const emu = createEmulator({ now, baseUrl: BASE_URL, appUrl: APP_URL, ...options });
  const requests: { url: string; authorization: string | null }[] = [];
  // Record every request the client makes, to prove where the key went.
  const fetch: FetchLike = (input, init) => {
    requests.push({ url: input, authorization: new Headers(init.headers).get('Authorization') });
    return emu.fetch(input, init);
  };
  const client = (apiKey = 'test_pro', extra: { baseUrl?: string; timeoutMs?: number } = {}): DirectoryClient =>
    createDirectoryClient({ baseUrl: BASE_URL, apiKey, fetch, now, ...extra });
  return { emu, client, requests, now, tick: (ms: number) => (t += ms) };
}

function ok<T>(result: ApiResult<T>): ApiSuccess<T> {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result;
}

function failed<T>(result: ApiResult<T>): ApiFailure {
  if (result.ok) throw new Error(`expected failure, got status ${result.status}`);
  return result;
}

describe('live endpoints (test_pro, API 1.5.0)', () => {
  let env: ReturnType<typeof setup>;
  let api: DirectoryClient;
  beforeEach(() => {
    env = setup();
    api = env.client();
  });

  it('me: identity, free, and the baseUrl to use', async () => {
    const result = ok(await api.me());
    expect(result.data).toMatchObject({ tier: 'pro', baseUrl: BASE_URL, sampleMode: false, apiVersion: '1.5.0' });
    expect(result.data.apiKey.scopes).toContain('read:contacts');
    expect(result.meta.creditsCharged).toBe(0);
    expect(result.apiVersion).toBe('1.5.0');
    expect(result.rateLimit.limit).toBe(120);
    expect(result.sample).toBeNull();
  });

  it('every endpoint parses, and the reported charges match the ledger exactly', async () => {
    const start = ok(await api.me()).data.creditsBalance;
    const results: ApiResult<unknown>[] = [];
    const run = async <T>(call: Promise<ApiResult<T>>): Promise<ApiSuccess<T>> => {
      const result = await call;
      results.push(result);
      return ok(result);
    };

    const ada = await run(api.send(personCall(ANCHORS.founder.id)));
    expect(ada.data.person.firstName).toBe('Ada');
    expect(ada.data.person.email).toBeNull();
    expect(ada.data.person.company?.name).toBe(ANCHORS.founderCompany.name);
    expect(ada.data.coworkers.map((c) => c.id)).toContain(ANCHORS.cofounder.id);

    const reveal = await run(api.send(revealCall(ANCHORS.founder.id)));
    expect(reveal.data.person.email).toEqual(expect.any(String));
    expect(reveal.meta.creditsCharged).toBe(10);
    const again = await run(api.send(revealCall(ANCHORS.founder.id)));
    expect(again.meta.creditsCharged).toBe(5); // already unlocked

    const project = await run(api.send(projectCall(ANCHORS.founderCompany.slug)));
    expect(project.data.project).toMatchObject({ name: 'QuantLayer', ticker: 'QLR', companyType: 'project' });
    expect(project.data.team.map((p) => p.id)).toContain(ANCHORS.founder.id);

    const unknownToken = await run(api.send(projectCall(ANCHORS.tokenUnknownProject.id)));
    expect(unknownToken.data.project.tokenLaunched).toBeNull();
    const defunct = await run(api.send(projectCall(ANCHORS.defunctProject.slug)));
    expect(defunct.data.project.lifecycle).toBe('defunct');

    const fund = await run(api.send(investorCall(ANCHORS.fund.slug)));
    expect(fund.data.investor).toMatchObject({ name: ANCHORS.fund.name, entityKind: 'organization' });
    expect(fund.data.portfolio.length).toBeGreaterThan(0);
    const byId = await run(api.send(investorCall(ANCHORS.fund.id))); // 1.5.0 accepts an id
    expect(byId.data.investor.slug).toBe(ANCHORS.fund.slug);

    const auditor = await run(api.send(serviceCall(ANCHORS.auditor.slug)));
    expect(auditor.data.service.companyType).toBe('service');
    expect(directoryOf(auditor.data.service.companyType)).toBe('services');

    const search = await run(api.search(ANCHORS.founderCompany.name));
    // The query goes out in its one normal form (lib/api/calls.ts normalizeQuery): the API echoes what it got.
    expect(search.data.q).toBe(ANCHORS.founderCompany.name.toLowerCase());
    expect(search.data.projects.map((p) => p.id)).toContain(ANCHORS.founderCompany.id);

    // What the client reported is exactly what the emulator billed.
    const reported = results.reduce((sum, r) => sum + (r.ok ? r.meta.creditsCharged : 0), 0);
    const billed = env.emu.control.ledger('test_pro').reduce((sum, e) => sum + e.creditsCharged, 0);
    expect(reported).toBe(billed);
    const last = results.at(-1) as ApiSuccess<unknown>;
    expect(last.meta.creditsBalance).toBe(start - billed);
  });

  it('a company of any kind resolves on /v1/projects/{id} from 1.5.0', async () => {
    const exchange = ok(await api.send(projectCall(ANCHORS.exchange.id)));
    expect(exchange.data.project.companyType).toBe('platform');
    expect(directoryOf(exchange.data.project.companyType)).toBe('services');
  });

  it('the key only ever went to the API origin', async () => {
    await api.me();
    await api.send(personCall('../../__emulator/reset'));
    await api.send(projectCall('//127.0.0.1:8788/x'));
    for (const r of env.requests) expect(new URL(r.url).origin).toBe(BASE_URL);
    expect(env.requests.every((r) => new URL(r.url).pathname.startsWith('/v1/'))).toBe(true);
  });
});

describe('every error kind', () => {
  it('unauthorized: revoked and unknown keys', async () => {
    const env = setup();
    for (const key of ['test_revoked', 'test_no_such_key']) {
      const { error } = failed(await env.client(key).me());
      expect(error).toMatchObject({ kind: 'unauthorized', status: 401 });
      expect(error.serverError).toEqual(expect.any(String));
    }
  });

  it('payment-required: a paid key below the price, nothing charged', async () => {
    const env = setup();
    env.emu.control.setAccount('test_pro', { balance: 3 });
    expect(failed(await env.client().search('ada')).error).toMatchObject({ kind: 'payment-required', status: 402 });
    expect(env.emu.control.ledger('test_pro').every((e) => e.creditsCharged === 0)).toBe(true);
    // /v1/me never returns 402.
    expect(ok(await env.client().me()).data.creditsBalance).toBe(3);
  });

  it('forbidden-scope: reveal without read:contacts', async () => {
    const env = setup();
    env.emu.control.setAccount('test_pro', { scopes: ['read:metadata'] });
    const { error } = failed(await env.client().send(revealCall(ANCHORS.founder.id)));
    expect(error).toMatchObject({ kind: 'forbidden-scope', status: 403 });
    expect(error.message).toContain('read:contacts');
    // The same contact without a reveal is fine.
    expect((await env.client().send(personCall(ANCHORS.founder.id))).ok).toBe(true);
  });

  it('not-found: unknown record, and a non-fund on /v1/investors (1.5.0)', async () => {
    const api = setup().client();
    expect(failed(await api.send(personCall(ANCHORS.notFound.personId))).error).toMatchObject({
      kind: 'not-found',
      status: 404,
    });
    expect(failed(await api.send(projectCall(ANCHORS.notFound.slug))).error.kind).toBe('not-found');
    expect(failed(await api.send(investorCall(ANCHORS.exchange.slug))).error.kind).toBe('not-found');
  });

  it('wrong-host: the app host answers an HTML 404', async () => {
    const env = setup();
    const { error } = failed(await env.client('test_pro', { baseUrl: APP_URL }).me());
    expect(error).toMatchObject({ kind: 'wrong-host', status: 404 });
    expect(error.message).toContain('/v1/me');
  });

  it('wrong-host: an injected HTML answer', async () => {
    const env = setup();
    env.emu.control.inject({ html: 1 });
    expect(failed(await env.client().search('ada')).error.kind).toBe('wrong-host');
  });

  it('rate-limited: injected 429 with Retry-After', async () => {
    const env = setup();
    env.emu.control.inject({ fail429: 1 });
    const { error } = failed(await env.client().search('ada'));
    expect(error).toMatchObject({ kind: 'rate-limited', status: 429, retryAt: T0 + 1_000 });
  });

  it('rate-limited: the account window runs out', async () => {
    const env = setup();
    env.emu.control.configure({ rateLimitPerMinute: 2 });
    const api = env.client();
    ok(await api.me());
    env.tick(10_000);
    const second = ok(await api.me());
    expect(second.rateLimit).toEqual({ limit: 2, remaining: 0, resetAt: T0 + 60_000 });
    const { error } = failed(await api.me());
    expect(error).toMatchObject({ kind: 'rate-limited', retryAt: T0 + 60_000 });
  });

  it('server: injected 5xx', async () => {
    const env = setup();
    env.emu.control.inject({ fail5xx: 3 });
    const api = env.client();
    for (let i = 0; i < 3; i++) expect(failed(await api.search('ada')).error.kind).toBe('server');
    expect(ok(await api.search('ada')).status).toBe(200);
  });

  it('network: a dropped connection', async () => {
    const env = setup();
    env.emu.control.inject({ drop: 1 });
    expect(failed(await env.client().search('ada'))).toMatchObject({ error: { kind: 'network', status: null }, rateLimit: null });
  });

  it('network: a timeout, and the emulator saw the abort', async () => {
    const env = setup({ latencyMs: 200 });
    const { error } = failed(await env.client('test_pro', { timeoutMs: 30 }).search('ada'));
    expect(error).toMatchObject({ kind: 'network', timeout: true });
    await new Promise((resolve) => setTimeout(resolve, 250)); // let the slow emulator notice the abort
    expect(env.emu.control.ledger('test_pro').map((e) => [e.status, e.creditsCharged])).toEqual([[499, 0]]);
  });

  it('invalid-response: injected truncated JSON', async () => {
    const env = setup();
    env.emu.control.inject({ malformed: 1 });
    expect(failed(await env.client().search('ada')).error).toMatchObject({ kind: 'invalid-response', status: 200, path: '' });
  });
});

describe('sample mode', () => {
  it('a free key at 0 gets marked samples on every data endpoint, charged 0; credits turn it live', async () => {
    const env = setup();
    env.emu.control.setAccount('test_free_empty', { tier: 'free', balance: 0 });
    const api = env.client('test_free_empty');
    expect(ok(await api.me()).data.sampleMode).toBe(true);

    const calls: Promise<ApiResult<unknown>>[] = [
      api.send(personCall(ANCHORS.founder.id)),
      api.send(revealCall(ANCHORS.founder.id)),
      api.send(projectCall(ANCHORS.founderCompany.slug)),
      api.send(investorCall(ANCHORS.fund.slug)),
      api.send(serviceCall(ANCHORS.auditor.slug)),
      api.search('ada'),
    ];
    for (const result of await Promise.all(calls)) {
      const success = ok(result);
      expect(success.sample).not.toBeNull();
      expect(success.sample?.notice).toMatch(/^NOT REAL DATA/);
      expect(success.sample?.topUpNeeded).toBe((success.sample?.creditsRequired ?? 0) - 0);
      expect(success.sample?.upgradeUrl).toEqual(expect.any(String));
      expect(success.meta).toEqual({ creditsCharged: 0, creditsBalance: 0 });
    }
    const found = ok(await api.search('ada'));
    expect(found.sample).toMatchObject({ creditsRequired: 5, creditsBalance: 0, topUpNeeded: 5 });
    expect(found.data.people.length).toBeGreaterThan(0);

    env.emu.control.setAccount('test_free_empty', { balance: 200 });
    const live = ok(await api.search('ada'));
    expect(live.sample).toBeNull();
    expect(live.meta).toEqual({ creditsCharged: 5, creditsBalance: 195 });
  });

  it('topUpNeeded with a partial balance', async () => {
    const env = setup();
    env.emu.control.setAccount('test_free_empty', { tier: 'free', balance: 3 });
    expect(ok(await env.client('test_free_empty').search('ada')).sample).toMatchObject({
      creditsRequired: 5,
      creditsBalance: 3,
      topUpNeeded: 2,
    });
  });

  it('a paid key never gets a sample: 402 instead', async () => {
    const env = setup();
    env.emu.control.setAccount('test_pro', { balance: 0 });
    expect(failed(await env.client().search('ada')).error.kind).toBe('payment-required');
  });
});

describe('API versions', () => {
  it.each([
    ['1.1.0', false, false],
    ['1.4.0', true, false],
    ['1.5.0', true, true],
  ] as const)('%s: records parse; extended fields %s; companyType %s', async (apiVersion, extended, companyType) => {
    const env = setup({ apiVersion });
    const api = env.client();
    const me = ok(await api.me());
    expect(me.apiVersion).toBe(apiVersion);
    expect(me.data.apiVersion).toBe(apiVersion);
    expect(supportsCompanyType(me.apiVersion)).toBe(companyType);

    const project = ok(await api.send(projectCall(ANCHORS.founderCompany.slug))).data.project;
    expect(project.ticker === undefined).toBe(!extended);
    expect(project.slug === undefined).toBe(!extended);
    expect(project.companyType === undefined).toBe(!companyType);

    const people = ok(await api.search('ada')).data.people;
    expect(people.length).toBeGreaterThan(0);
    expect(people.every((p) => p.company === null || (p.company.companyType === undefined) === !companyType)).toBe(true);

    ok(await api.send(serviceCall(ANCHORS.auditor.slug)));
    ok(await api.send(investorCall(ANCHORS.fund.slug)));
    ok(await api.send(revealCall(ANCHORS.founder.id)));

    // Investors by id only from 1.5.0.
    expect((await api.send(investorCall(ANCHORS.fund.id))).ok).toBe(companyType);
  });
});

describe('X-RateLimit-Reset units', () => {
  it.each(['delta-seconds', 'epoch-seconds', 'epoch-ms'] as const)('%s reads back as epoch ms', async (resetUnit) => {
    const env = setup({ resetUnit });
    const result = ok(await env.client().me());
    expect(result.rateLimit).toEqual({ limit: 120, remaining: 119, resetAt: T0 + 60_000 });
    env.tick(15_000);
    expect(ok(await env.client().me()).rateLimit.resetAt).toBe(T0 + 60_000);
  });
});

describe('lists (prospect search), sent as descriptors', () => {
  it('each list answers a page of 100 with total and page, charged 5; people carry facets', async () => {
    const env = setup();
    const api = env.client();
    const people = ok(await api.send(peopleListCall({ roles: ['bd', 'founder'], channels: ['telegram'] })));
    expect(people.meta.creditsCharged).toBe(5);
    expect(people.data.page).toBe(1);
    expect(people.data.rows.length).toBeLessThanOrEqual(100);
    expect(people.data.total).toBeGreaterThanOrEqual(people.data.rows.length);
    for (const p of people.data.rows) expect([p.hasTelegram, p.email]).toEqual([true, null]);
    expect(people.data.facets.roles.map((f) => f.value)).toContain('bd');
    expect(people.data.facets.channels.find((f) => f.value === 'telegram')?.count).toBe(people.data.total);

    const all = ok(await api.send(peopleListCall({})));
    expect(all.data.rows).toHaveLength(100);
    const second = ok(await api.send(peopleListCall({ page: 2 })));
    expect(second.data.page).toBe(2);
    expect(second.data.rows.map((p) => p.id)).not.toContain(all.data.rows[0]?.id);

    const launched = ok(await api.send(projectsListCall({ token: 'launched', sort: 'name' })));
    for (const p of launched.data.rows) expect(p.tokenLaunched).toBe(true);
    const funds = ok(await api.send(investorsListCall({ sort: 'roi' })));
    expect(funds.data.rows.every((f) => f.companyType === 'investor')).toBe(true);
    const services = ok(await api.send(servicesListCall({})));
    expect(services.data.rows.length).toBeGreaterThan(0);

    const sent = env.requests.map((r) => new URL(r.url).search);
    expect(sent.every((q) => q.includes('limit=100') && q.includes('page=') && q.includes('sort='))).toBe(true);
    expect(env.emu.control.ledger('test_pro').reduce((sum, e) => sum + e.creditsCharged, 0)).toBe(30);
  });

  it('a sample list parses into the live shape (the page asked for filled in), charged 0', async () => {
    const env = setup();
    env.emu.control.setAccount('test_free_empty', { tier: 'free', balance: 0 });
    const list = ok(await env.client('test_free_empty').send(peopleListCall({ page: 3 })));
    expect(list.sample?.notice).toMatch(/^NOT REAL DATA/);
    expect(list.data.page).toBe(3);
    expect(list.data.rows.length).toBeGreaterThan(0);
    expect(list.meta.creditsCharged).toBe(0);
  });
});
