import { describe, expect, it } from 'vitest';
import { checkBaseUrl } from '@/components/options/base-url-check';
import { parseStoredApiKey } from '@/lib/settings/api-key';
import { cleanBaseUrl, FALLBACK_API_BASE_URL } from '@/lib/settings/settings';
import { AccountSession } from '@/lib/worker/account-session';
import { checkApiBase, grantedHostPermissions, judgeReportedBase, LOOPBACK_HOST_PERMISSIONS } from './api-origin-policy';
import { createDirectoryClient } from './client';
import { memoryKvStore } from '@/tests/support/memory-kv-store';

describe('checkApiBase (an address the user typed)', () => {
  it.each([
    [
      'https://api.directory.example',
      { ok: true, origin: 'https://api.directory.example', prefix: '', baseUrl: 'https://api.directory.example', loopback: false },
    ],
    [
      '  https://proxy.example/dir/?x=1#y ',
      { ok: true, origin: 'https://proxy.example', prefix: '/dir', baseUrl: 'https://proxy.example/dir', loopback: false },
    ],
    ['http://127.0.0.1:8787', { ok: true, origin: 'http://127.0.0.1:8787', prefix: '', baseUrl: 'http://127.0.0.1:8787', loopback: true }],
    ['http://localhost:9000/', { ok: true, origin: 'http://localhost:9000', prefix: '', baseUrl: 'http://localhost:9000', loopback: true }],
    // Wider than the manifest grants, or not this computer: plain http refused.
    ['http://api-mirror.localhost:8787', { ok: false, problem: 'insecure' }],
    ['http://127.0.0.2:8787', { ok: false, problem: 'insecure' }],
    ['http://127.1.2.3', { ok: false, problem: 'insecure' }],
    ['http://[::1]:8787', { ok: false, problem: 'insecure' }],
    ['http://api.directory.example', { ok: false, problem: 'insecure' }],
    ['http://127.0.0.1.evil.example', { ok: false, problem: 'insecure' }],
    ['https://user:pw@api.example', { ok: false, problem: 'invalid' }],
    ['ftp://api.example', { ok: false, problem: 'invalid' }],
    ['javascript:alert(1)', { ok: false, problem: 'invalid' }],
    ['api.example', { ok: false, problem: 'invalid' }],
    ['', { ok: false, problem: 'invalid' }],
    [42, { ok: false, problem: 'invalid' }],
  ])('%j', (input, expected) => {
    expect(checkApiBase(input)).toEqual(expected);
  });

  it('refuses the emulator in a release build (no loopback host permission there)', () => {
    expect(checkApiBase('http://127.0.0.1:8787', { allowLoopback: false })).toEqual({ ok: false, problem: 'insecure' });
    expect(checkApiBase('https://api.directory.example', { allowLoopback: false })).toMatchObject({ ok: true });
  });

  it('names exactly the loopback hosts it allows as host permissions', () => {
    expect(LOOPBACK_HOST_PERMISSIONS).toEqual(['http://127.0.0.1/*', 'http://localhost/*']);
  });
});

describe("judgeReportedBase (GET /v1/me's baseUrl)", () => {
  const typed = 'http://127.0.0.1:8787';
  it.each([
    ['absent', undefined, typed, { kind: 'same' }],
    ['the emulator naming itself', 'http://127.0.0.1:8787/', typed, { kind: 'same' }],
    ['the https host in use', 'https://api.directory.example', 'https://api.directory.example/', { kind: 'same' }],
    [
      'another https host',
      'https://api2.directory.example',
      typed,
      { kind: 'propose', baseUrl: 'https://api2.directory.example', origin: 'https://api2.directory.example' },
    ],
    [
      'a proxy path on the same https host',
      'https://api.directory.example/v2',
      'https://api.directory.example',
      { kind: 'propose', baseUrl: 'https://api.directory.example/v2', origin: 'https://api.directory.example' },
    ],
    // The reported attack: the key over plain http to a *.localhost name.
    [
      'a *.localhost host over http',
      'http://api-mirror.localhost:8787',
      typed,
      { kind: 'refuse', baseUrl: 'http://api-mirror.localhost:8787', problem: 'insecure' },
    ],
    [
      'the emulator host on another port',
      'http://127.0.0.1:9999',
      typed,
      { kind: 'refuse', baseUrl: 'http://127.0.0.1:9999', problem: 'insecure' },
    ],
    [
      'localhost instead of the typed 127.0.0.1',
      'http://localhost:8787',
      typed,
      { kind: 'refuse', baseUrl: 'http://localhost:8787', problem: 'insecure' },
    ],
    [
      'a remote host over http',
      'http://api.directory.example',
      'https://api.directory.example',
      { kind: 'refuse', baseUrl: 'http://api.directory.example', problem: 'insecure' },
    ],
    ['not an address', 'javascript:alert(1)', typed, { kind: 'refuse', baseUrl: 'javascript:alert(1)', problem: 'invalid' }],
  ] as const)('%s', (_label, reported, current, expected) => {
    expect(judgeReportedBase(reported, current)).toEqual(expected);
  });
});

/*
 * Every consumer asks the policy above; this table runs the same addresses through each of them, so
 * a consumer that grows its own rule (or a second loopback list) fails here, not in a user's browser.
 */
describe('every consumer of the origin policy answers the same', () => {
  const cases: [string, string | null][] = [
    ['http://127.0.0.1:8787', 'http://127.0.0.1:8787'],
    ['http://localhost:8787/', 'http://localhost:8787'],
    ['https://api.directory.example', 'https://api.directory.example'],
    ['https://proxy.example/dir/?x=1', 'https://proxy.example/dir'],
    ['http://127.0.0.2:8787', null],
    ['http://[::1]:8787', null],
    ['http://api-mirror.localhost:8787', null],
    ['http://127.0.0.1.evil.example:8787', null],
    ['http://localhost.evil.example', null],
    ['http://api.directory.example', null],
    ['https://user:pw@api.directory.example', null],
    ['ftp://api.directory.example', null],
  ];

  it.each(cases)('%s', async (input, allowed) => {
    const policy = checkApiBase(input);
    expect(policy.ok ? policy.baseUrl : null).toBe(allowed);

    expect(policy.ok ? `${policy.origin}${policy.prefix}` : null).toBe(allowed);
    // The client: a refused base never reaches fetch.
    const fetched: string[] = [];
    const client = createDirectoryClient({
      baseUrl: input,
      apiKey: 'sk_test',
      now: () => 0,
      fetch: async (url) => {
        fetched.push(String(url));
        throw new TypeError('offline');
      },
    });
    const me = await client.me();
    expect(me.ok).toBe(false);
    expect(fetched.map((u) => new URL(u).origin)).toEqual(allowed ? [new URL(allowed).origin] : []);

    // lib/settings: a stored address the policy refuses reads as none (a key bound to it reads as no key).
    expect(cleanBaseUrl(input)).toBe(allowed);
    expect(parseStoredApiKey(JSON.stringify({ key: 'sk_test', baseUrl: input }))?.baseUrl ?? null).toBe(allowed);

    // The options form.
    const form = checkBaseUrl(input);
    expect(form.ok ? form.baseUrl : null).toBe(allowed);

    // The account session (the worker's save): refused before any call, or probed at that address.
    const session = new AccountSession({
      fetch: async () => {
        throw new TypeError('offline');
      },
      now: () => 0,
      apiKey: { get: async () => null, set: async () => undefined, remove: async () => undefined },
      store: memoryKvStore(),
      canReach: async () => true,
    });
    const saved = await session.save('sk_test', input);
    expect(saved.ok === false && saved.reason === 'invalid-base-url').toBe(allowed === null);

    // wxt.config.ts: plain http works only where the manifest grants the host up front.
    const url = new URL(input.replace('//user:pw@', '//'));
    if (url.protocol === 'http:') {
      const granted = grantedHostPermissions(FALLBACK_API_BASE_URL, false).includes(`http://${url.hostname}/*`);
      expect(granted).toBe(allowed !== null);
    }
  });
});

describe('grantedHostPermissions (the manifest, wxt.config.ts)', () => {
  it.each([
    ['http://127.0.0.1:8787', false, ['http://127.0.0.1/*', 'http://localhost/*']],
    ['http://127.0.0.1:8787', true, []],
    ['https://api.directory.example', true, ['https://api.directory.example/*']],
    ['https://api.directory.example/dir', false, ['http://127.0.0.1/*', 'http://localhost/*', 'https://api.directory.example/*']],
    ['http://api.directory.example', true, []],
    ['https://user:pw@api.directory.example', true, []],
  ] as const)('%s (release %s)', (base, release, expected) => {
    expect(grantedHostPermissions(base, release)).toEqual(expected);
  });
});
