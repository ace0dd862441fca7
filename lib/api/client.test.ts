import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { investorCall, personCall, projectCall, revealCall, serviceCall, type ApiCall } from './calls';
import { createDirectoryClient, type DirectoryClient, type FetchLike } from './client';
import type { ApiFailure, ApiResult } from './result';
import { BASE, fakeFetch, hangingFetch, jsonResponse, KEY, NOW, type SeenRequest } from '@/tests/support/api-fixtures';
import { accountJson, investorJson, meta, personJson, portfolioRowJson, projectJson } from '@/tests/support/records';

function clientWith(fetch: FetchLike, overrides: { baseUrl?: string; apiKey?: string; timeoutMs?: number } = {}): DirectoryClient {
  return createDirectoryClient({ baseUrl: BASE, apiKey: KEY, fetch, now: () => NOW, ...overrides });
}

function answering(response: () => Response | Promise<Response>) {
  const fake = fakeFetch(() => response());
  return { ...fake, client: clientWith(fake.fetch) };
}

function expectFailure<T>(result: ApiResult<T>): ApiFailure {
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result)}`);
  return result;
}

function expectSuccess<T>(result: ApiResult<T>) {
  if (!result.ok) throw new Error(`expected success, got ${JSON.stringify(result.error)}`);
  return result;
}

/** The key may only ever travel to the base origin. */
function expectKeyOnlyToBase(seen: SeenRequest[]) {
  for (const request of seen) {
    if (request.authorization !== null) expect(new URL(request.url).origin).toBe(new URL(BASE).origin);
  }
}

const html404 = () =>
  new Response('<!doctype html><html><body>Not found</body></html>', { status: 404, headers: { 'Content-Type': 'text/html' } });

/** A /v1/search body with these people rows. */
const searchBody = (people: unknown[], m = meta()) => ({ q: 'ada', projects: [], people, meta: m });
/** A /v1/projects/{key} body whose team rows are these (parsed strictly, unlike search rows). */
const projectBody = (team: unknown[]) => ({ project: projectJson(), team, meta: meta() });

describe('request', () => {
  it('sends GET with the bearer key and JSON accept, no cookies, no cache, no redirects', async () => {
    const { client, seen } = answering(() => jsonResponse(accountJson()));
    await client.me();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe(`${BASE}/v1/me`);
    expect(seen[0]?.authorization).toBe(`Bearer ${KEY}`);
    expect(new Headers(seen[0]?.init.headers).get('Accept')).toBe('application/json');
    expect(seen[0]?.init).toMatchObject({ method: 'GET', redirect: 'manual', cache: 'no-store', credentials: 'omit' });
  });

  it('keeps a base path prefix and trims the key', async () => {
    const fake = fakeFetch(() => jsonResponse(accountJson()));
    await clientWith(fake.fetch, { baseUrl: 'https://api.example.test/dir/', apiKey: `  ${KEY}\n` }).me();
    expect(fake.seen[0]?.url).toBe('https://api.example.test/dir/v1/me');
    expect(fake.seen[0]?.authorization).toBe(`Bearer ${KEY}`);
  });

  it('calls fetch unbound (browsers reject a foreign `this`)', async () => {
    let self: unknown = 'unset';
    const fetch: FetchLike = function (this: unknown) {
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- recording `this` is the test
      self = this;
      return Promise.resolve(jsonResponse(accountJson()));
    };
    await clientWith(fetch).me();
    expect(self).toBeUndefined();
  });

  it.each([
    ['getPerson', (c: DirectoryClient) => c.send(personCall('per 1')), '/v1/people/per%201'],
    ['getPerson reveal', (c: DirectoryClient) => c.send(revealCall(7)), '/v1/people/7?include=private'],
    ['getProject', (c: DirectoryClient) => c.send(projectCall('aurora-chain')), '/v1/projects/aurora-chain'],
    ['getInvestor', (c: DirectoryClient) => c.send(investorCall('polar ventures')), '/v1/investors/polar%20ventures'],
    ['getService', (c: DirectoryClient) => c.send(serviceCall('a/b')), '/v1/services/a%2Fb'],
    ['search', (c: DirectoryClient) => c.search(' Ada  L '), '/v1/search?q=ada%20l'],
  ])('%s → %s', async (_label, run, path) => {
    const { client, seen } = answering(() => jsonResponse({ error: 'x' }, { status: 404 }));
    await run(client);
    expect(seen[0]?.url).toBe(`${BASE}${path}`);
  });
});

describe('success shapes (data = body minus meta)', () => {
  const rateHeaders = { 'X-RateLimit-Limit': '120', 'X-RateLimit-Remaining': '118', 'X-RateLimit-Reset': '30' };

  it('me: identity, 0 credits, version and rate limit', async () => {
    const { client } = answering(() => jsonResponse(accountJson(), { headers: rateHeaders }));
    const result = expectSuccess(await client.me());
    expect(result.data.tier).toBe('pro');
    expect('meta' in result.data).toBe(false);
    expect(result.meta).toEqual({ creditsCharged: 0, creditsBalance: 6000 });
    expect(result.apiVersion).toBe('1.5.0');
    expect(result.rateLimit).toEqual({ limit: 120, remaining: 118, resetAt: NOW + 30_000 });
    expect(result.sample).toBeNull();
  });

  it('me: version from the body when the header is missing; meta optional', async () => {
    const body = { ...accountJson({ apiVersion: '1.4.0' }) };
    delete body.meta;
    const { client } = answering(() => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } }));
    const result = expectSuccess(await client.me());
    expect(result.apiVersion).toBe('1.4.0');
    expect(result.meta).toEqual({ creditsCharged: 0, creditsBalance: 6000 });
    expect(result.rateLimit).toEqual({ limit: null, remaining: null, resetAt: null });
  });

  it('getPerson: data is the body data; meta from meta', async () => {
    const { client } = answering(() =>
      jsonResponse({ data: { person: personJson(), coworkers: [personJson({ id: 'per_2' })] }, meta: meta(5, 90) }),
    );
    const result = expectSuccess(await client.send(personCall('per_ada')));
    expect(result.data.person.id).toBe('per_ada');
    expect(result.data.coworkers).toHaveLength(1);
    expect(result.meta).toEqual({ creditsCharged: 5, creditsBalance: 90 });
  });

  it('getPerson reveal: top-level credits win over meta', async () => {
    const { client } = answering(() =>
      jsonResponse({
        data: { person: personJson({ email: 'ada@quantlayer.xyz', isLocked: false }), coworkers: [] },
        meta: meta(5, 95),
        creditsCharged: 10,
        creditsBalance: 90,
      }),
    );
    const result = expectSuccess(await client.send(revealCall('per_ada')));
    expect(result.data.person.email).toBe('ada@quantlayer.xyz');
    expect(result.meta).toEqual({ creditsCharged: 10, creditsBalance: 90 });
  });

  it.each([
    ['getProject', (c: DirectoryClient) => c.send(projectCall('p')), { project: projectJson(), team: [personJson()] }, 'project'],
    [
      'getInvestor',
      (c: DirectoryClient) => c.send(investorCall('i')),
      { investor: investorJson(), team: [], portfolio: [portfolioRowJson()] },
      'investor',
    ],
    [
      'getService',
      (c: DirectoryClient) => c.send(serviceCall('s')),
      { service: projectJson({ companyType: 'service' }), team: [] },
      'service',
    ],
    ['search', (c: DirectoryClient) => c.search('a'), { q: 'a', projects: [projectJson()], people: [personJson()] }, 'q'],
  ])('%s returns its body minus meta', async (_label, run, body, key) => {
    const { client } = answering(() => jsonResponse({ ...body, meta: meta(5, 100) }));
    const result = expectSuccess((await run(client)) as ApiResult<object>);
    expect(Object.keys(result.data)).toContain(key);
    expect(Object.keys(result.data)).not.toContain('meta');
    expect(result.meta).toEqual({ creditsCharged: 5, creditsBalance: 100 });
  });

  it('parses 1.1.0 records (no 1.2/1.5 fields) and an unknown companyType', async () => {
    const old = projectJson({ companyType: 'dao' });
    for (const key of ['slug', 'ticker', 'chains', 'discordUrl', 'linkedinUrl']) delete old[key];
    const { client } = answering(() =>
      jsonResponse({ project: old, team: [], meta: meta() }, { headers: { 'Service-API-Version': '1.1.0' } }),
    );
    const result = expectSuccess(await client.send(projectCall('p')));
    expect(result.data.project.ticker).toBeUndefined();
    expect(result.data.project.companyType).toBeUndefined();
    expect(result.apiVersion).toBe('1.1.0');
  });
});

describe('errors by status and body', () => {
  const json =
    (status: number, body: unknown = { error: `boom ${status}` }, headers: Record<string, string> = {}) =>
    () =>
      jsonResponse(body, { status, headers });
  const text = (status: number, body: string, type: string | null) => () =>
    new Response(body, { status, headers: type ? { 'Content-Type': type } : {} });

  it.each([
    ['401 JSON', json(401), 'unauthorized', 401, 'boom 401'],
    ['402 JSON', json(402), 'payment-required', 402, 'boom 402'],
    ['403 JSON', json(403), 'forbidden-scope', 403, 'boom 403'],
    ['404 JSON', json(404), 'not-found', 404, 'boom 404'],
    ['400 JSON', json(400), 'bad-request', 400, 'boom 400'],
    ['429 JSON', json(429), 'rate-limited', 429, 'boom 429'],
    ['500 JSON', json(500), 'server', 500, 'boom 500'],
    ['503 JSON', json(503), 'server', 503, 'boom 503'],
    ['404 HTML (app host)', html404, 'wrong-host', 404, undefined],
    ['200 HTML (SPA fallback)', text(200, '<!DOCTYPE html><html></html>', 'text/html'), 'wrong-host', 200, undefined],
    ['200 HTML under a JSON content-type', text(200, '\uFEFF  <html>', 'application/json'), 'wrong-host', 200, undefined],
    ['200 plain text', text(200, 'hello', 'text/plain'), 'wrong-host', 200, undefined],
    ['404 plain text', text(404, 'Not Found', 'text/plain'), 'wrong-host', 404, undefined],
    ['401 HTML login page', text(401, '<html>login</html>', 'text/html'), 'wrong-host', 401, undefined],
    ['502 HTML from a proxy', text(502, '<html>Bad gateway</html>', 'text/html'), 'server', 502, undefined],
    ['429 HTML from a proxy', text(429, '<html>slow down</html>', 'text/html'), 'rate-limited', 429, undefined],
    ['404 empty body', text(404, '', null), 'not-found', 404, undefined],
    ['500 empty body', text(500, '', null), 'server', 500, undefined],
    ['401 JSON without error text', json(401, {}), 'unauthorized', 401, undefined],
    ['401 truncated JSON', text(401, '{"error": "Inv', 'application/json'), 'unauthorized', 401, undefined],
    ['418 JSON', json(418), 'bad-request', 418, 'boom 418'],
  ])('%s → %s', async (_label, respond, kind, status, serverError) => {
    const { client } = answering(respond);
    const { error } = expectFailure(await client.search('ada'));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.serverError).toBe(serverError);
  });

  it('wrong-host tells the user to use the baseUrl from /v1/me', async () => {
    const { client } = answering(html404);
    const { error } = expectFailure(await client.me());
    expect(error.message).toMatch(/web app/);
    expect(error.message).toContain('/v1/me');
  });

  it.each([
    ['truncated JSON', () => new Response('{"data": [', { headers: { 'Content-Type': 'application/json' } }), ''],
    ['empty body', () => new Response('', { headers: { 'Content-Type': 'application/json' } }), ''],
    ['204 no content', () => new Response(null, { status: 204 }), ''],
    ['a JSON array', () => jsonResponse([1, 2]), ''],
    ['JSON null', () => jsonResponse('null'), ''],
    ['a bad row', () => jsonResponse(projectBody([personJson(), personJson({ id: null })])), 'team.1.id'],
    ['meta missing', () => jsonResponse({ project: projectJson(), team: [] }), 'meta'],
    ['a wrong stated type', () => jsonResponse(projectBody([personJson({ hasEmail: 'yes' })])), 'team.0.hasEmail'],
  ])('2xx with %s → invalid-response at %j', async (_label, respond, path) => {
    const { client } = answering(respond);
    const { error } = expectFailure(await client.send(projectCall('p')));
    expect(error).toMatchObject({ kind: 'invalid-response', path });
  });

  it('accepts valid JSON under a wrong content-type', async () => {
    const { client } = answering(() => new Response(JSON.stringify(accountJson()), { headers: { 'Content-Type': 'text/plain' } }));
    expect((await client.me()).ok).toBe(true);
  });

  it('getPerson without any credits numbers → invalid-response at meta', async () => {
    const { client } = answering(() => jsonResponse({ data: { person: personJson(), coworkers: [] } }));
    expect(expectFailure(await client.send(revealCall('per_ada'))).error).toMatchObject({
      kind: 'invalid-response',
      path: 'meta',
    });
  });

  it('403 on a reveal names read:contacts', async () => {
    const { client } = answering(json(403, { error: 'Missing scope read:contacts' }));
    const { error } = expectFailure(await client.send(revealCall('per_ada')));
    expect(error.kind).toBe('forbidden-scope');
    expect(error.message).toContain('read:contacts');
  });

  it('a failure with a response still reports version and rate limit', async () => {
    const { client } = answering(json(402, { error: 'Insufficient credits' }, { 'X-RateLimit-Remaining': '5' }));
    const failure = expectFailure(await client.search('ada'));
    expect(failure.apiVersion).toBe('1.5.0');
    expect(failure.rateLimit?.remaining).toBe(5);
  });
});

describe('429 retryAt', () => {
  const at = (headers: Record<string, string>) => async () => {
    const { client } = answering(() => jsonResponse({ error: 'Too many requests' }, { status: 429, headers }));
    const { error } = expectFailure(await client.search('ada'));
    return error.kind === 'rate-limited' ? error.retryAt : null;
  };

  it.each([
    ['Retry-After seconds', { 'Retry-After': '12' }, NOW + 12_000],
    ['Retry-After HTTP date', { 'Retry-After': new Date(NOW + 45_000).toUTCString() }, NOW + 45_000],
    ['reset as delta seconds', { 'X-RateLimit-Reset': '20' }, NOW + 20_000],
    ['reset as epoch seconds', { 'X-RateLimit-Reset': String(NOW / 1000 + 25) }, NOW + 25_000],
    ['reset as epoch ms', { 'X-RateLimit-Reset': String(NOW + 35_000) }, NOW + 35_000],
    ['nothing: a minute', {}, NOW + 60_000],
  ])('%s', async (_label, headers, expected) => {
    expect(await at(headers)()).toBe(expected);
  });
});

describe('network failures', () => {
  it('fetch rejecting → network', async () => {
    const client = clientWith(() => Promise.reject(new TypeError('fetch failed')));
    expect(expectFailure(await client.me())).toMatchObject({ error: { kind: 'network', status: null }, rateLimit: null });
  });

  it('fetch throwing synchronously → network', async () => {
    const client = clientWith(() => {
      throw new TypeError('boom');
    });
    expect(expectFailure(await client.me()).error.kind).toBe('network');
  });

  it.each([
    ['a fetch that honours the signal', true],
    ['a fetch that ignores the signal', false],
  ])('times out with %s, at its timeout', async (_label, honour) => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const { fetch, seen } = hangingFetch(honour);
    let answered = false;
    const answer = clientWith(fetch, { timeoutMs: 30 })
      .me()
      .finally(() => (answered = true));
    await vi.advanceTimersByTimeAsync(29);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(answered).toBe(true);
    const { error } = expectFailure(await answer);
    expect(error).toMatchObject({ kind: 'network', timeout: true });
    expect(seen[0]?.init.signal?.aborted).toBe(true);
  });

  it('times out while the body is still arriving', async () => {
    const stalled = new Response(new ReadableStream({ start: () => undefined }), { headers: { 'Content-Type': 'application/json' } });
    const client = clientWith(() => Promise.resolve(stalled), { timeoutMs: 30 });
    expect(expectFailure(await client.me()).error).toMatchObject({ kind: 'network', timeout: true });
  });

  it('a body that errors mid-stream → network', async () => {
    const broken = new Response(
      new ReadableStream({
        pull: (controller) => controller.error(new Error('reset')),
      }),
      { headers: { 'Content-Type': 'application/json' } },
    );
    const { error } = expectFailure(await clientWith(() => Promise.resolve(broken)).me());
    expect(error.kind).toBe('network');
    expect('timeout' in error && error.timeout).toBeFalsy();
  });

  it('a caller abort in flight → network, not a timeout', async () => {
    const { fetch } = hangingFetch();
    const controller = new AbortController();
    const pending = clientWith(fetch).me({ signal: controller.signal });
    controller.abort();
    const { error } = expectFailure(await pending);
    expect(error.kind).toBe('network');
    expect('timeout' in error && error.timeout).toBeFalsy();
    expect(error.message).toMatch(/cancelled/);
  });

  it('an already-aborted signal sends nothing', async () => {
    const { fetch, seen } = fakeFetch(() => jsonResponse(accountJson()));
    const controller = new AbortController();
    controller.abort();
    expect(expectFailure(await clientWith(fetch).me({ signal: controller.signal })).error.kind).toBe('network');
    expect(seen).toHaveLength(0);
  });

  it('something that is not a Response → invalid-response', async () => {
    const client = clientWith(() => Promise.resolve({ status: 200 } as unknown as Response));
    expect(expectFailure(await client.me()).error.kind).toBe('invalid-response');
  });
});

describe('the key never leaves the base origin', () => {
  it.each([
    ['../../evil'],
    ['..%2F..%2Fevil'],
    ['//evil.test/x'],
    ['https://evil.test/steal'],
    ['@evil.test'],
    ['\\\\evil.test'],
    ['a?next=https://evil.test'],
    ['#@evil.test'],
  ])('id %j stays one encoded segment on the base', async (id) => {
    const { client, seen } = answering(() => jsonResponse({ error: 'not found' }, { status: 404 }));
    await client.send(personCall(id));
    await client.send(projectCall(id));
    await client.send(investorCall(id));
    await client.send(serviceCall(id));
    expect(seen).toHaveLength(4);
    expectKeyOnlyToBase(seen);
    for (const request of seen) expect(new URL(request.url).pathname.split('/')).toHaveLength(4);
  });

  it.each([['..'], ['.'], [''], ['  ']])('id %j is refused without a request', async (id) => {
    const { client, seen } = answering(() => jsonResponse({}));
    expect(expectFailure(await client.send(revealCall(id))).error).toMatchObject({ kind: 'bad-request', status: null });
    expect(seen).toHaveLength(0);
  });

  it('a redirect is refused, not followed', async () => {
    const { client, seen } = answering(() => new Response(null, { status: 302, headers: { Location: 'https://evil.test/v1/me' } }));
    const { error } = expectFailure(await client.me());
    expect(error).toMatchObject({ kind: 'wrong-host', status: 302 });
    expect(seen).toHaveLength(1);
    expectKeyOnlyToBase(seen);
  });

  it('an opaque redirect (browser, redirect: manual) is wrong-host', async () => {
    const opaque = { type: 'opaqueredirect', status: 0, headers: new Headers(), body: null, text: async () => '' } as unknown as Response;
    const client = clientWith(() => Promise.resolve(opaque));
    expect(expectFailure(await client.me()).error).toMatchObject({ kind: 'wrong-host', status: null });
  });

  it.each([
    ['plain http to a public host', 'http://api.example.test'],
    ['not a URL', 'api.example.test'],
    ['credentials in the URL', 'https://api.example.test@evil.test'],
    ['another scheme', 'file:///etc/passwd'],
  ])('base URL with %s → wrong-host, nothing sent', async (_label, baseUrl) => {
    const fake = fakeFetch(() => jsonResponse(accountJson()));
    const { error } = expectFailure(await clientWith(fake.fetch, { baseUrl }).me());
    expect(error).toMatchObject({ kind: 'wrong-host', status: null });
    expect(fake.seen).toHaveLength(0);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['with a line break inside', 'sk_live\r\nX-Evil: 1'],
    ['non-ASCII', 'sk_live_ключ'],
  ])('a key that is %s → unauthorized, nothing sent', async (_label, apiKey) => {
    const fake = fakeFetch(() => jsonResponse(accountJson()));
    const { error } = expectFailure(await clientWith(fake.fetch, { apiKey }).me());
    expect(error).toMatchObject({ kind: 'unauthorized', status: null });
    expect(fake.seen).toHaveLength(0);
  });

  it('no result or message ever contains the key', async () => {
    const responders: (() => Response | Promise<Response>)[] = [
      () => jsonResponse({ error: `bad key ${'x'}` }, { status: 401 }),
      html404,
      () => Promise.reject(new TypeError(`failed for Bearer ${KEY}`)),
      () => jsonResponse(accountJson()),
    ];
    for (const respond of responders) {
      const { client } = answering(respond);
      expect(JSON.stringify(await client.me())).not.toContain(KEY);
    }
  });
});

describe('local refusals', () => {
  it.each([[''], ['   ']])('search(%j) → bad-request, nothing sent', async (q) => {
    const { client, seen } = answering(() => jsonResponse({}));
    expect(expectFailure(await client.search(q)).error).toMatchObject({ kind: 'bad-request', status: null });
    expect(seen).toHaveLength(0);
  });
});

describe('samples', () => {
  const sampleMeta = {
    creditsCharged: 0,
    creditsBalance: 2,
    creditsRequired: 5,
    sample: true,
    upgradeUrl: 'https://app.example.test/pricing',
  };

  it.each([
    ['header only', { 'Service-Sample': 'true' }, {}],
    ['top-level sample only', {}, { sample: true }],
    ['meta.sample only', {}, { meta: { ...meta(0, 2), sample: true } }],
    ['notice only', {}, { notice: 'NOT REAL DATA: balance 2 < price 5' }],
  ])('%s marks the answer as a sample', async (_label, headers, extra) => {
    const { client } = answering(() => jsonResponse({ ...searchBody([personJson()], meta(0, 2)), ...extra }, { headers }));
    const result = expectSuccess(await client.search('ada'));
    expect(result.sample).not.toBeNull();
    expect(result.sample?.notice).toMatch(/^NOT REAL DATA/);
  });

  it('live data has sample null', async () => {
    const { client } = answering(() => jsonResponse(searchBody([personJson()])));
    expect(expectSuccess(await client.search('ada')).sample).toBeNull();
  });

  it('parses the spec sample shape leniently into the live type', async () => {
    const body = {
      notice: 'NOT REAL DATA: balance 2 is below the price 5',
      people: [personJson({ id: 'sample_1' }), { junk: true }, personJson({ id: 'sample_2', hasEmail: 'maybe' })],
      projects: [],
      sample: true,
      meta: sampleMeta,
    };
    const { client } = answering(() => jsonResponse(body, { headers: { 'Service-Sample': 'true' } }));
    const result = expectSuccess(await client.search('ada'));
    expect(result.data.people.map((p) => p.id)).toEqual(['sample_1']);
    expect(result.data.q).toBe('ada');
    expect(result.meta).toEqual({ creditsCharged: 0, creditsBalance: 2 });
    expect(result.sample).toEqual({
      notice: 'NOT REAL DATA: balance 2 is below the price 5',
      creditsRequired: 5,
      creditsBalance: 2,
      topUpNeeded: 3,
      upgradeUrl: 'https://app.example.test/pricing',
    });
  });

  it('a sample detail with junk coworkers still parses', async () => {
    const body = {
      data: { person: personJson(), coworkers: [{}, personJson({ id: 'c2' })] },
      sample: true,
      meta: { creditsBalance: 0, sample: true },
    };
    const { client } = answering(() => jsonResponse(body));
    const result = expectSuccess(await client.send(personCall('per_ada')));
    expect(result.data.coworkers.map((p) => p.id)).toEqual(['c2']);
    expect(result.meta.creditsCharged).toBe(0);
  });

  it('a sample search without q gets the asked q', async () => {
    const { client } = answering(() => jsonResponse({ projects: [], people: [], sample: true, meta: sampleMeta }));
    expect(expectSuccess(await client.search('ada')).data.q).toBe('ada');
  });

  it('a sample without a balance is still invalid (credits are reported exactly)', async () => {
    const { client } = answering(() => jsonResponse({ people: [], projects: [], sample: true, meta: { sample: true } }));
    expect(expectFailure(await client.search('ada')).error).toMatchObject({ kind: 'invalid-response', path: 'meta.creditsBalance' });
  });
});

describe('never throws', () => {
  const weird: [string, FetchLike][] = [
    ['resolves undefined', () => Promise.resolve(undefined as unknown as Response)],
    ['resolves null', () => Promise.resolve(null as unknown as Response)],
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a fetch that rejects with a non-Error is the case
    ['rejects with a non-error', () => Promise.reject('nope')],
    [
      'headers.get throws',
      () =>
        Promise.resolve({
          status: 200,
          headers: {
            get: () => {
              throw new Error('x');
            },
          },
          text: async () => '{}',
        } as unknown as Response),
    ],
    [
      'text() throws',
      () =>
        Promise.resolve({
          status: 200,
          headers: new Headers(),
          text: () => {
            throw new Error('x');
          },
        } as unknown as Response),
    ],
    [
      'the type getter throws',
      () =>
        Promise.resolve({
          status: 200,
          headers: new Headers(),
          text: async () => '{}',
          get type(): string {
            throw new Error('x');
          },
        } as unknown as Response),
    ],
  ];

  it.each(weird)('fetch that %s', async (_label, fetch) => {
    const result = await clientWith(fetch).me();
    expect(result.ok).toBe(false);
  });

  it.each([
    ['a missing key', { apiKey: undefined }, 'unauthorized'],
    ['a missing base URL', { baseUrl: undefined }, 'wrong-host'],
    ['a zero timeout (falls back to the default)', { timeoutMs: 0 }, null],
  ])('a client built with %s', async (_label, overrides, kind) => {
    const fake = fakeFetch(() => jsonResponse(accountJson()));
    const result = await createDirectoryClient({ baseUrl: BASE, apiKey: KEY, fetch: fake.fetch, ...(overrides as object) }).me();
    expect(result.ok ? null : result.error.kind).toBe(kind);
  });

  it('untyped callers passing odd arguments', async () => {
    const { client, seen } = answering(() => jsonResponse({ error: 'x' }, { status: 404 }));
    const loose = client as unknown as Record<string, (...args: unknown[]) => Promise<ApiResult<unknown>>>;
    const odd = (describe: (id: never) => ApiCall<unknown>, id: unknown) => client.send(describe(id as never));
    const results = await Promise.all([
      odd(personCall, 'per_ada'),
      odd(personCall, undefined),
      odd(investorCall, null),
      odd(serviceCall, { roles: 5 }),
      loose.search!(undefined),
      odd(projectCall, {}),
    ]);
    for (const result of results) expect(result.ok).toBe(false);
    // Only the typed-enough call went out; undefined and {} ids were refused locally.
    expect(seen.map((r) => new URL(r.url).pathname)).toEqual(['/v1/people/per_ada']);
  });
});
