import { describe, expect, it } from 'vitest';
import { checkApiBase, judgeReportedBase, LOOPBACK_HOST_PERMISSIONS } from './api-origin-policy';

describe('checkApiBase (an address the user typed)', () => {
  it.each([
    ['https://api.directory.example', { ok: true, origin: 'https://api.directory.example', prefix: '', baseUrl: 'https://api.directory.example', loopback: false }],
    ['  https://proxy.example/dir/?x=1#y ', { ok: true, origin: 'https://proxy.example', prefix: '/dir', baseUrl: 'https://proxy.example/dir', loopback: false }],
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
    ['another https host', 'https://api2.directory.example', typed, { kind: 'propose', baseUrl: 'https://api2.directory.example', origin: 'https://api2.directory.example' }],
    ['a proxy path on the same https host', 'https://api.directory.example/v2', 'https://api.directory.example', { kind: 'propose', baseUrl: 'https://api.directory.example/v2', origin: 'https://api.directory.example' }],
    // The reported attack: the key over plain http to a *.localhost name.
    ['a *.localhost host over http', 'http://api-mirror.localhost:8787', typed, { kind: 'refuse', baseUrl: 'http://api-mirror.localhost:8787', problem: 'insecure' }],
    ['the emulator host on another port', 'http://127.0.0.1:9999', typed, { kind: 'refuse', baseUrl: 'http://127.0.0.1:9999', problem: 'insecure' }],
    ['localhost instead of the typed 127.0.0.1', 'http://localhost:8787', typed, { kind: 'refuse', baseUrl: 'http://localhost:8787', problem: 'insecure' }],
    ['a remote host over http', 'http://api.directory.example', 'https://api.directory.example', { kind: 'refuse', baseUrl: 'http://api.directory.example', problem: 'insecure' }],
    ['not an address', 'javascript:alert(1)', typed, { kind: 'refuse', baseUrl: 'javascript:alert(1)', problem: 'invalid' }],
  ] as const)('%s', (_label, reported, current, expected) => {
    expect(judgeReportedBase(reported, current)).toEqual(expected);
  });
});
