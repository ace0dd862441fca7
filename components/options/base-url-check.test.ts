import { describe, expect, it } from 'vitest';
import { checkBaseUrl } from './base-url-check';

describe('checkBaseUrl', () => {
  it('loopback http needs no permission (the manifest grants it)', () => {
    expect(checkBaseUrl('http://127.0.0.1:8787')).toEqual({
      ok: true,
      baseUrl: 'http://127.0.0.1:8787',
      origin: 'http://127.0.0.1:8787',
      needsPermission: false,
    });
    expect(checkBaseUrl(' http://localhost:9000/ ')).toMatchObject({ ok: true, baseUrl: 'http://localhost:9000', needsPermission: false });
  });

  it('a release build refuses the emulator too, and does not mention it', () => {
    const refused = checkBaseUrl('http://127.0.0.1:8787', { allowLoopback: false });
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/Plain http/) });
    expect(refused.ok === false && refused.message).not.toMatch(/127\.0\.0\.1/);
  });

  it('https is asked for as an optional host permission; a path prefix is kept', () => {
    expect(checkBaseUrl('https://proxy.example/directory/?x=1')).toEqual({
      ok: true,
      baseUrl: 'https://proxy.example/directory',
      origin: 'https://proxy.example',
      needsPermission: true,
    });
  });

  it('refuses plain http elsewhere, credentials and non-URLs', () => {
    expect(checkBaseUrl('http://api.directory.example')).toMatchObject({ ok: false, message: expect.stringMatching(/Plain http/) });
    expect(checkBaseUrl('http://127.0.0.2:8787')).toMatchObject({ ok: false, message: expect.stringMatching(/Plain http/) });
    expect(checkBaseUrl('http://api-mirror.localhost:8787')).toMatchObject({ ok: false, message: expect.stringMatching(/Plain http/) });
    expect(checkBaseUrl('http://[::1]:8787')).toMatchObject({ ok: false, message: expect.stringMatching(/Plain http/) });
    expect(checkBaseUrl('https://user:pw@api.example')).toMatchObject({ ok: false });
    expect(checkBaseUrl('ftp://api.example')).toMatchObject({ ok: false });
    expect(checkBaseUrl('api.example')).toMatchObject({ ok: false });
    expect(checkBaseUrl('')).toMatchObject({ ok: false });
  });
});
