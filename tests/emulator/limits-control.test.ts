// @vitest-environment node
// Limits table, rate-limit headers, the control surface (in-process and HTTP) and the HTTP server.
// (Few test files on purpose: the WXT vitest setup costs seconds per file.)
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { SEEDED_KEYS } from './accounts';
import { ANCHORS } from './anchors';
import { type Answer, harness, T0 } from './harness';
import { type RunningEmulator, startEmulatorServer } from './start-server';

// ---- limits ----
// One test (at least) per row of the spec's Limits table, plus the rate-limit headers.

const ADA = ANCHORS.founder.id;

const rate = (res: Answer): { limit: number; remaining: number; reset: number } => ({
  limit: Number(res.headers.get('x-ratelimit-limit')),
  remaining: Number(res.headers.get('x-ratelimit-remaining')),
  reset: Number(res.headers.get('x-ratelimit-reset')),
});

describe('Limits: request rate', () => {
  it('allows 120 requests per minute per account on free, starter and pro, then 429 with Retry-After and nothing charged', async () => {
    for (const key of ['test_free', 'test_starter', 'test_pro']) {
      const h = harness();
      h.emu.control.setAccount(key, { balance: 10_000 });
      const before = 10_000;
      let last: Answer | undefined;
      for (let i = 0; i < 120; i++) {
        last = await h.get(i % 2 ? '/v1/me' : '/v1/projects?limit=1', key);
        expect(last.status).toBe(200);
      }
      expect(rate(last!)).toEqual({ limit: 120, remaining: 0, reset: 60 });
      h.tick(15_000);
      const over = await h.get('/v1/projects', key);
      expect(over.status).toBe(429);
      expect(over.body).toEqual({ error: expect.any(String) });
      expect(over.headers.get('retry-after')).toBe('45');
      expect(rate(over)).toEqual({ limit: 120, remaining: 0, reset: 45 });
      expect(h.emu.control.account(key).balance).toBe(before - 60 * 5);
      expect(h.emu.control.ledger(key).at(-1)).toMatchObject({ status: 429, creditsCharged: 0 });
      // The window resets.
      h.tick(45_000);
      const again = await h.get('/v1/me', key);
      expect(again.status).toBe(200);
      expect(rate(again)).toEqual({ limit: 120, remaining: 119, reset: 60 });
    }
  });

  it('is per account, not per key: test_pro and test_pro_2 share one allowance', async () => {
    const h = harness();
    for (let i = 0; i < 60; i++) await h.get('/v1/me', 'test_pro');
    for (let i = 0; i < 60; i++) expect((await h.get('/v1/me', 'test_pro_2')).status).toBe(200);
    expect((await h.get('/v1/me', 'test_pro')).status).toBe(429);
    expect((await h.get('/v1/me', 'test_pro_2')).status).toBe(429);
    expect((await h.get('/v1/me', 'test_team')).status).toBe(200);
  });

  it('allows 300 requests per minute on team', async () => {
    const h = harness();
    for (let i = 0; i < 300; i++) expect((await h.get('/v1/me', 'test_team')).status).toBe(200);
    const over = await h.get('/v1/me', 'test_team');
    expect(over.status).toBe(429);
    expect(rate(over).limit).toBe(300);
  });

  it('allows 5 requests per second on enterprise', async () => {
    const h = harness();
    for (let i = 0; i < 5; i++) expect((await h.get('/v1/people?limit=1', 'test_enterprise')).status).toBe(200);
    const over = await h.get('/v1/people?limit=1', 'test_enterprise');
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBe('1');
    expect(rate(over)).toMatchObject({ limit: 5, remaining: 0 });
    h.tick(1_000);
    expect((await h.get('/v1/people?limit=1', 'test_enterprise')).status).toBe(200);
  });

  it('counts every call of the account, errors and /v1/me included', async () => {
    const h = harness();
    expect(rate(await h.get('/v1/me')).remaining).toBe(119);
    expect(rate(await h.get('/v1/search')).remaining).toBe(118);
    expect(rate(await h.get('/v1/nope')).remaining).toBe(117);
  });

  it('configure({ rateLimitPerMinute }) overrides the per-tier allowance (benches)', async () => {
    const h = harness();
    h.emu.control.configure({ rateLimitPerMinute: { pro: 3 } });
    for (let i = 0; i < 3; i++) expect((await h.get('/v1/me')).status).toBe(200);
    expect((await h.get('/v1/me')).status).toBe(429);
    expect((await h.get('/v1/me', 'test_starter')).status).toBe(200);
    h.emu.control.configure({ rateLimitPerMinute: 10_000 });
    expect(rate(await h.get('/v1/me', 'test_enterprise')).limit).toBe(10_000);
  });
});

describe('Limits: rejected authentication', () => {
  it('more than 20 requests per minute with an unresolvable key from one IP -> 429 for that IP', async () => {
    const h = harness();
    for (let i = 0; i < 20; i++) {
      const res = await h.get('/v1/people', i % 2 ? 'wrong' : null, { ip: '203.0.113.7' });
      expect(res.status).toBe(401);
      expect(rate(res)).toMatchObject({ limit: 20, remaining: 19 - i });
    }
    const blocked = await h.get('/v1/people', 'wrong', { ip: '203.0.113.7' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ error: expect.any(String) });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is unaffected; a valid key from the blocked address still works (only failures count).
    expect((await h.get('/v1/people', 'wrong', { ip: '203.0.113.8' })).status).toBe(401);
    expect((await h.get('/v1/me', 'test_pro', { ip: '203.0.113.7' })).status).toBe(200);
    h.tick(60_000);
    expect((await h.get('/v1/people', 'wrong', { ip: '203.0.113.7' })).status).toBe(401);
  });

  it('counts failures only: successful requests from the IP do not use the allowance', async () => {
    const h = harness();
    for (let i = 0; i < 50; i++) await h.get('/v1/me', 'test_team', { ip: '198.51.100.1' });
    for (let i = 0; i < 20; i++) expect((await h.get('/v1/me', 'test_revoked', { ip: '198.51.100.1' })).status).toBe(401);
    expect((await h.get('/v1/me', 'test_revoked', { ip: '198.51.100.1' })).status).toBe(429);
  });
});

describe('Limits: private reveals', () => {
  it('caps first reveals at 600 per hour on a paid plan -> 429; re-reading an unlocked contact does not count', async () => {
    const h = harness();
    h.emu.control.configure({ rateLimitPerMinute: 100_000 });
    const people = h.emu.directory.people.slice(0, 601);
    for (const p of people.slice(0, 600)) expect((await h.get(`/v1/people/${p.id}?include=private`, 'test_team')).status).toBe(200);
    const capped = await h.get(`/v1/people/${people[600]!.id}?include=private`, 'test_team');
    expect(capped.status).toBe(429);
    expect(Number(capped.headers.get('retry-after'))).toBe(3600);
    expect(h.emu.control.ledger('test_team').at(-1)).toMatchObject({ status: 429, creditsCharged: 0 });
    // Unlocked contacts still read (5 credits), with include=private too.
    const reread = await h.get(`/v1/people/${people[0]!.id}?include=private`, 'test_team');
    expect(reread.status).toBe(200);
    expect(reread.body.meta.creditsCharged).toBe(5);
    h.tick(3_600_000);
    expect((await h.get(`/v1/people/${people[600]!.id}?include=private`, 'test_team')).status).toBe(200);
  });

  it('caps first reveals at 60 per hour on free', async () => {
    const h = harness();
    h.emu.control.setAccount('test_free', { balance: 5_000 });
    const people = h.emu.directory.people.slice(100, 161);
    for (const p of people.slice(0, 60)) expect((await h.get(`/v1/people/${p.id}?include=private`, 'test_free')).status).toBe(200);
    h.tick(30 * 60_000);
    const capped = await h.get(`/v1/people/${people[60]!.id}?include=private`, 'test_free');
    expect(capped.status).toBe(429);
    expect(capped.headers.get('retry-after')).toBe('1800');
    for (let i = 0; i < 5; i++) expect((await h.get(`/v1/people/${people[i]!.id}`, 'test_free')).status).toBe(200);
  });
});

describe('Limits: page size and search size', () => {
  it('page size: limit default 30, maximum 100', async () => {
    const h = harness();
    for (const path of ['/v1/people', '/v1/projects', '/v1/investors', '/v1/services']) {
      expect((await h.get(path)).body.data, path).toHaveLength(30);
      expect((await h.get(`${path}?limit=101`)).body.data, path).toHaveLength(100);
    }
  });

  it('search size: up to 12 projects and 12 people, no paging', async () => {
    const h = harness();
    const body = (await h.get('/v1/search?q=e&limit=50')).body;
    expect(body.projects.length).toBeLessThanOrEqual(12);
    expect(body.people.length).toBeLessThanOrEqual(12);
    expect(body).not.toHaveProperty('total');
    expect(body).not.toHaveProperty('page');
  });
});

describe('rate-limit headers', () => {
  it('are on every response: success, /v1/me, sample, 400, 401, 402, 403, 404, 429 (plus Service-API-Version and JSON content type)', async () => {
    const h = harness();
    h.emu.control.configure({ rateLimitPerMinute: { pro: 8 } });
    const responses = [
      await h.get('/v1/people'),
      await h.get('/v1/me'),
      await h.get('/v1/people', 'test_free_empty'),
      await h.get('/v1/search'),
      await h.get('/v1/me', null),
      await h.get('/v1/me', 'test_starter_empty').then(() => h.get('/v1/people', 'test_starter_empty')),
      await h.get(`/v1/people/${ANCHORS.founder.id}?include=private`, 'test_no_contacts'),
      await h.get('/v1/nope'),
      await h.get('/v1/network'),
    ];
    for (let i = 0; i < 4; i++) responses.push(await h.get('/v1/me'));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 400, 401, 402, 403, 404, 404, 200, 200, 200, 429]);
    for (const res of responses) {
      expect(res.headers.get('x-ratelimit-limit')).toMatch(/^\d+$/);
      expect(res.headers.get('x-ratelimit-remaining')).toMatch(/^\d+$/);
      expect(res.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
      expect(res.headers.get('service-api-version')).toBe('1.5.0');
      expect(res.headers.get('content-type')).toBe('application/json');
    }
  });

  it('X-RateLimit-Reset follows the configured unit: delta-seconds (default), epoch-seconds, epoch-ms', async () => {
    const delta = harness();
    delta.tick(500);
    expect((await delta.get('/v1/me')).headers.get('x-ratelimit-reset')).toBe('60');
    delta.tick(20_250);
    expect((await delta.get('/v1/me')).headers.get('x-ratelimit-reset')).toBe('40');

    const epochS = harness({ resetUnit: 'epoch-seconds' });
    expect((await epochS.get('/v1/me')).headers.get('x-ratelimit-reset')).toBe(String(Math.ceil((T0 + 60_000) / 1000)));

    const epochMs = harness({ resetUnit: 'epoch-ms' });
    expect((await epochMs.get('/v1/me')).headers.get('x-ratelimit-reset')).toBe(String(T0 + 60_000));
    epochMs.emu.control.configure({ resetUnit: 'delta-seconds' });
    expect((await epochMs.get('/v1/me')).headers.get('x-ratelimit-reset')).toBe('60');
  });
});

// ---- control ----

describe('control: accounts', () => {
  it('setAccount patches the account named by a key (shared by its keys); account() reads it', () => {
    const h = harness();
    expect(h.emu.control.account('test_pro')).toEqual({
      id: 'acc_pro',
      tier: 'pro',
      balance: 6000,
      scopes: ['read:metadata', 'read:contacts'],
      revoked: false,
    });
    h.emu.control.setAccount('test_pro_2', { balance: 42, tier: 'team' });
    expect(h.emu.control.account('test_pro')).toMatchObject({ id: 'acc_pro', balance: 42, tier: 'team' });
    h.emu.control.setAccount('test_pro_2', { scopes: ['read:metadata'] });
    expect(h.emu.control.account('test_pro_2').scopes).toEqual(['read:metadata']);
    expect(h.emu.control.account('test_pro').scopes).toEqual(['read:metadata', 'read:contacts']);
    expect(() => h.emu.control.account('nope')).toThrow(/Unknown key/);
    expect(() => h.emu.control.setAccount('test_pro', { tier: 'platinum' as never })).toThrow();
  });

  it('tier changes apply at once (free with no credits samples, then pro with no credits 402s)', async () => {
    const h = harness();
    h.emu.control.setAccount('test_pro', { tier: 'free', balance: 0 });
    expect((await h.get('/v1/people')).body.sample).toBe(true);
    h.emu.control.setAccount('test_pro', { tier: 'pro' });
    expect((await h.get('/v1/people')).status).toBe(402);
  });

  it('SEEDED_KEYS lists every seeded key and each resolves', () => {
    const h = harness();
    expect(SEEDED_KEYS).toEqual(
      expect.arrayContaining(['test_free_empty', 'test_pro', 'test_pro_2', 'test_team', 'test_enterprise', 'test_revoked']),
    );
    for (const k of SEEDED_KEYS) expect(h.emu.control.account(k).id).toMatch(/^acc_/);
  });
});

describe('control: reset', () => {
  it('restores balances, unlocks, ledger, rate windows, injections, patches and config', async () => {
    const h = harness();
    await h.get(`/v1/people/${ADA}?include=private`);
    h.emu.control.setAccount('test_free_empty', { balance: 99 });
    h.emu.control.inject({ fail5xx: 5 });
    h.emu.control.patch('company', ANCHORS.founderCompany.slug, { name: 'Patched' });
    h.emu.control.configure({ apiVersion: '1.1.0', rateLimitPerMinute: 1 });
    h.emu.control.reset();
    expect(h.emu.control.ledger()).toEqual([]);
    expect(h.emu.control.account('test_free_empty').balance).toBe(0);
    expect(h.emu.control.account('test_pro').balance).toBe(6000);
    const res = await h.get(`/v1/people/${ADA}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('service-api-version')).toBe('1.5.0');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('119');
    expect(res.body.data.person).toMatchObject({ isLocked: true, email: null });
    expect(res.body.data.person.company.name).toBe('QuantLayer');
  });
});

describe('control: ledger', () => {
  it('filters by key and records method, path and query', async () => {
    const h = harness();
    await h.get('/v1/projects?q=quant&limit=2', 'test_pro');
    await h.get('/v1/me', 'test_team');
    expect(h.emu.control.ledger('test_pro')).toEqual([
      expect.objectContaining({ method: 'GET', path: '/v1/projects', query: 'q=quant&limit=2', creditsCharged: 5 }),
    ]);
    expect(h.emu.control.ledger()).toHaveLength(2);
  });
});

describe('control: inject', () => {
  it('fail5xx: the next N requests answer 500/502/503 JSON { error } and charge nothing', async () => {
    const h = harness();
    h.emu.control.inject({ fail5xx: 2 });
    const a = await h.get('/v1/people');
    const b = await h.get('/v1/people');
    const c = await h.get('/v1/people');
    expect([a.status, b.status, c.status]).toEqual([500, 502, 200]);
    expect(a.body).toEqual({ error: expect.any(String) });
    expect(a.headers.get('service-api-version')).toBe('1.5.0');
    expect(h.emu.control.ledger().map((e) => e.fault ?? null)).toEqual(['fail5xx', 'fail5xx', null]);
    expect(h.emu.control.account('test_pro').balance).toBe(5995);
  });

  it('fail429: 429 with rate headers and Retry-After', async () => {
    const h = harness();
    h.emu.control.inject({ fail429: 1 });
    const res = await h.get('/v1/people');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(res.headers.get('x-ratelimit-limit')).toBe('120');
    expect((await h.get('/v1/people')).status).toBe(200);
  });

  it('drop: in-process fetch rejects with TypeError("fetch failed")', async () => {
    const h = harness();
    h.emu.control.inject({ drop: 1 });
    await expect(h.emu.fetch('http://127.0.0.1:8787/v1/me', { headers: { Authorization: 'Bearer test_pro' } })).rejects.toThrow(
      new TypeError('fetch failed'),
    );
    expect((await h.emu.fetch('http://127.0.0.1:8787/v1/me', { headers: { Authorization: 'Bearer test_pro' } })).status).toBe(200);
  });

  it('malformed: 200 with a truncated JSON body', async () => {
    const h = harness();
    h.emu.control.inject({ malformed: 1 });
    const res = await h.emu.fetch('http://127.0.0.1:8787/v1/people', { headers: { Authorization: 'Bearer test_pro' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json');
    await expect(res.json()).rejects.toThrow(SyntaxError);
    expect(h.emu.control.account('test_pro').balance).toBe(6000);
  });

  it('html: 200 text/html page', async () => {
    const h = harness();
    h.emu.control.inject({ html: 1 });
    const res = await h.emu.fetch('http://127.0.0.1:8787/v1/people', { headers: { Authorization: 'Bearer test_pro' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toMatch(/<html/);
  });

  it('queues faults in the order given and latencyMs delays them (alone: just the next request)', async () => {
    const h = harness();
    h.emu.control.inject({ fail429: 1, fail5xx: 1 });
    expect((await h.get('/v1/me')).status).toBe(429);
    expect((await h.get('/v1/me')).status).toBe(500);
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    h.emu.control.inject({ latencyMs: 60 });
    const answered = { slow: false, next: false };
    const slow = h.get('/v1/me').finally(() => (answered.slow = true));
    await vi.advanceTimersByTimeAsync(59);
    expect(answered.slow).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await slow).status).toBe(200);
    const next = h.get('/v1/me').finally(() => (answered.next = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(answered.next).toBe(true);
    expect((await next).status).toBe(200);
  });

  it('a client timeout during latency aborts the fetch and charges nothing', async () => {
    const h = harness({ latencyMs: 200 });
    await expect(
      h.emu.fetch('http://127.0.0.1:8787/v1/people', { headers: { Authorization: 'Bearer test_pro' }, signal: AbortSignal.timeout(20) }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
    await new Promise((r) => setTimeout(r, 250));
    expect(h.emu.control.account('test_pro').balance).toBe(6000);
    expect(h.emu.control.ledger().at(-1)).toMatchObject({ status: 499, fault: 'aborted', creditsCharged: 0 });
  });
});

describe('control: patch', () => {
  it('plants field values (e.g. a javascript: URL) on companies, visible everywhere the record is shown', async () => {
    const h = harness();
    h.emu.control.patch('company', ANCHORS.founderCompany.slug, { communityLink: 'javascript:alert(1)', logoUrl: 'javascript:alert(2)' });
    expect((await h.get(`/v1/projects/${ANCHORS.founderCompany.id}`)).body.project.communityLink).toBe('javascript:alert(1)');
    expect((await h.get(`/v1/people/${ADA}`)).body.data.person.company.logoUrl).toBe('javascript:alert(2)');
    expect((await h.get('/v1/search?q=quantlayer')).body.projects[0].communityLink).toBe('javascript:alert(1)');
    expect(h.emu.directory.company(ANCHORS.founderCompany.id)?.communityLink).not.toBe('javascript:alert(1)');
  });

  it('patched private channels stay private until the contact is unlocked', async () => {
    const h = harness();
    h.emu.control.patch('person', ADA, { linkedinUrl: 'javascript:alert(3)', firstName: 'Adaline' });
    const locked = (await h.get(`/v1/people/${ADA}`)).body.data.person;
    expect(locked).toMatchObject({ linkedinUrl: null, firstName: 'Adaline' });
    expect((await h.get('/v1/search?q=adaline')).body.people[0].id).toBe(ADA);
    const revealed = (await h.get(`/v1/people/${ADA}?include=private`)).body.data.person;
    expect(revealed.linkedinUrl).toBe('javascript:alert(3)');
  });

  it('overlays fields that are not stored fields as given; unknown ids throw', async () => {
    const h = harness();
    h.emu.control.patch('person', ANCHORS.cofounder.id, { avatarUrl: 'data:text/html,<script>1</script>', unexpectedField: 123 });
    const p = (await h.get(`/v1/people/${ANCHORS.cofounder.id}`)).body.data.person;
    expect(p).toMatchObject({ avatarUrl: 'data:text/html,<script>1</script>', unexpectedField: 123 });
    expect(() => h.emu.control.patch('person', 'per_nobody', {})).toThrow(/Unknown person/);
    expect(() => h.emu.control.patch('company', 'nobody-co', {})).toThrow(/Unknown company/);
  });
});

describe('control: configure', () => {
  it('sets apiVersion, resetUnit, latencyMs and rateLimitPerMinute', async () => {
    const h = harness();
    h.emu.control.configure({ apiVersion: '1.4.0', resetUnit: 'epoch-ms', latencyMs: 0, rateLimitPerMinute: { pro: 2 } });
    const res = await h.get('/v1/me');
    expect(res.headers.get('service-api-version')).toBe('1.4.0');
    expect(res.headers.get('x-ratelimit-reset')).toBe(String(h.now() + 60_000));
    expect(res.headers.get('x-ratelimit-limit')).toBe('2');
    expect(() => h.emu.control.configure({ apiVersion: '2.0.0' as never })).toThrow();
  });
});

describe('fetch routing', () => {
  it('routes by origin: API, app host (HTML 404), anything else rejects like a network failure', async () => {
    const h = harness();
    const api = await h.emu.fetch(new URL('http://127.0.0.1:8787/v1/me'), { headers: { Authorization: 'Bearer test_pro' } });
    expect(api.status).toBe(200);
    expect(api.url).toBe('http://127.0.0.1:8787/v1/me');
    const app = await h.emu.fetch('http://127.0.0.1:8788/v1/me');
    expect(app.status).toBe(404);
    expect(app.headers.get('content-type')).toMatch(/text\/html/);
    await expect(h.emu.fetch('https://api.example.com/v1/me')).rejects.toThrow(new TypeError('fetch failed'));
    const req = new Request('http://127.0.0.1:8787/v1/people?limit=1', { headers: { Authorization: 'Bearer test_pro' } });
    expect((await h.emu.fetch(req)).status).toBe(200);
  });

  it('answers CORS preflight with 204 and permissive headers; responses expose the rate headers', async () => {
    const h = harness();
    const pre = await h.emu.fetch('http://127.0.0.1:8787/v1/people', {
      method: 'OPTIONS',
      headers: { Origin: 'chrome-extension://abc', 'Access-Control-Request-Headers': 'authorization' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    const res = await h.get('/v1/me');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-expose-headers')).toMatch(/X-RateLimit-Remaining/);
    expect(h.emu.control.ledger()).toHaveLength(1);
  });
});

describe('control over HTTP (/__emulator)', () => {
  it('serves reset, accounts, ledger, inject, patch and configure on the API origin without auth', async () => {
    const h = harness();
    expect((await h.post('/__emulator/accounts/test_free', { balance: 25 })).body).toMatchObject({ id: 'acc_free200', balance: 25 });
    expect((await h.get('/__emulator/accounts/test_free', null)).body.balance).toBe(25);
    expect((await h.get('/__emulator/accounts/nope', null)).status).toBe(404);
    expect((await h.post('/__emulator/accounts/test_free', { tier: 'gold' })).status).toBe(400);
    await h.get('/v1/people', 'test_free');
    const ledger = (await h.get('/__emulator/ledger?key=test_free', null)).body;
    expect(ledger).toEqual([expect.objectContaining({ key: 'test_free', creditsCharged: 5, sample: false })]);
    expect((await h.post('/__emulator/inject', { fail5xx: 1 })).status).toBe(200);
    expect((await h.get('/v1/me')).status).toBe(500);
    expect(
      (await h.post('/__emulator/patch', { kind: 'company', id: ANCHORS.auditor.slug, fields: { name: 'Patched Audits' } })).status,
    ).toBe(200);
    expect((await h.get(`/v1/services/${ANCHORS.auditor.slug}`)).body.service.name).toBe('Patched Audits');
    expect((await h.post('/__emulator/patch', { kind: 'company', id: 'nope-x', fields: {} })).status).toBe(404);
    expect((await h.post('/__emulator/configure', { apiVersion: '1.4.0' })).status).toBe(200);
    expect((await h.get('/v1/me')).headers.get('service-api-version')).toBe('1.4.0');
    const keys = (await h.get('/__emulator/keys', null)).body as { key: string }[];
    expect(keys.map((k) => k.key)).toEqual([...SEEDED_KEYS]);
    expect((await h.post('/__emulator/reset', {})).body).toEqual({ ok: true });
    expect((await h.get('/__emulator/accounts/test_free', null)).body.balance).toBe(200);
    expect((await h.get('/__emulator/ledger', null)).body).toEqual([]);
    expect((await h.get('/__emulator/nope', null)).status).toBe(404);
  });
});

// ---- server ----
describe('HTTP server (startEmulatorServer)', () => {
  let server: RunningEmulator;
  const auth = { Authorization: 'Bearer test_pro' };

  beforeAll(async () => {
    server = await startEmulatorServer({ port: 0, appPort: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('binds free ports with port 0 and reports the real bound URL as baseUrl in /v1/me', async () => {
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.baseUrl).not.toBe('http://127.0.0.1:0');
    const res = await fetch(`${server.baseUrl}/v1/me`, { headers: auth });
    expect(res.status).toBe(200);
    expect(res.headers.get('service-api-version')).toBe('1.5.0');
    expect(res.headers.get('x-ratelimit-limit')).toBe('120');
    const me = (await res.json()) as { baseUrl: string; docs: string };
    expect(me.baseUrl).toBe(server.baseUrl);
    expect(me.docs).toBe(`${server.appUrl}/docs`);
  });

  it('serves the app host as HTML 404', async () => {
    const res = await fetch(`${server.appUrl}/v1/me`, { headers: auth });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  });

  it('serves the control surface over HTTP', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${server.baseUrl}${path}`, { method: 'POST', body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });
    expect((await post('/__emulator/accounts/test_free', { balance: 30 })).status).toBe(200);
    const acct = (await (await fetch(`${server.baseUrl}/__emulator/accounts/test_free`)).json()) as { balance: number };
    expect(acct.balance).toBe(30);
    await fetch(`${server.baseUrl}/v1/people/${ANCHORS.founder.id}?include=private`, { headers: auth });
    const ledger = (await (await fetch(`${server.baseUrl}/__emulator/ledger?key=test_pro`)).json()) as { creditsCharged: number }[];
    expect(ledger.at(-1)?.creditsCharged).toBe(10);
    expect((await post('/__emulator/reset', {})).status).toBe(200);
    expect(server.emulator.control.account('test_free_empty').balance).toBe(0);
  });

  it('drops the socket on an injected drop (fetch rejects)', async () => {
    server.emulator.control.inject({ drop: 1 });
    await expect(fetch(`${server.baseUrl}/v1/me`, { headers: auth })).rejects.toThrow(TypeError);
    expect((await fetch(`${server.baseUrl}/v1/me`, { headers: auth })).status).toBe(200);
  });

  it('takes the client IP from the socket for the per-IP rejected-key limit', async () => {
    server.emulator.control.reset();
    for (let i = 0; i < 20; i++)
      expect((await fetch(`${server.baseUrl}/v1/me`, { headers: { Authorization: 'Bearer nope' } })).status).toBe(401);
    expect((await fetch(`${server.baseUrl}/v1/me`, { headers: { Authorization: 'Bearer nope' } })).status).toBe(429);
    expect(server.emulator.control.ledger().at(-1)?.key).toBe('nope');
    server.emulator.control.reset();
  });

  it('answers CORS preflight with 204', async () => {
    const res = await fetch(`${server.baseUrl}/v1/people`, {
      method: 'OPTIONS',
      headers: { Origin: 'chrome-extension://x', 'Access-Control-Request-Method': 'GET' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('HTTP server lifecycle', () => {
  it('starts on port 0, answers one request and closes', async () => {
    const s = await startEmulatorServer({ port: 0, appPort: 0, apiVersion: '1.4.0' });
    const res = await fetch(`${s.baseUrl}/v1/projects?limit=1`, { headers: { Authorization: 'Bearer test_team' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('service-api-version')).toBe('1.4.0');
    await s.close();
    await expect(fetch(`${s.baseUrl}/v1/me`)).rejects.toThrow(TypeError);
  });
});
