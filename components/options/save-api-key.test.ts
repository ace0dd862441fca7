import { describe, expect, it, vi } from 'vitest';
import type { SaveKeyOutcome } from '@/lib/messaging/protocol';
import { anAccount } from '@/tests/support/records';
import { connectHubSpot, saveApiKey, saveKeyFailureMessage, type SaveApiKeyDeps } from './save-api-key';

const ok: SaveKeyOutcome = { ok: true, account: anAccount(), baseUrl: 'https://api.directory.example' };

function deps(over: Partial<SaveApiKeyDeps> = {}) {
  const calls: string[] = [];
  const d: SaveApiKeyDeps = {
    requestOrigin: vi.fn(async (origin: string) => {
      calls.push(`request ${origin}`);
      return true;
    }),
    send: vi.fn(async (input) => {
      calls.push(`send ${input.baseUrl}`);
      return ok;
    }),
    ...over,
  };
  return { d, calls };
}

describe('saveApiKey (options Save flow)', () => {
  it('asks for an https host synchronously, before anything is awaited, then sends saveApiKey', async () => {
    const { d, calls } = deps();
    const pending = saveApiKey({ apiKey: 'k', baseUrl: 'https://api.directory.example/' }, d);
    // Still inside the click: the permission request has already been made.
    expect(d.requestOrigin).toHaveBeenCalledWith('https://api.directory.example');
    expect(d.send).not.toHaveBeenCalled();
    expect(await pending).toEqual({ ok: true, outcome: ok });
    expect(calls).toEqual(['request https://api.directory.example', 'send https://api.directory.example']);
  });

  it('needs no permission for the loopback emulator', async () => {
    const { d } = deps();
    await saveApiKey({ apiKey: 'test_pro', baseUrl: 'http://127.0.0.1:8787' }, d);
    expect(d.requestOrigin).not.toHaveBeenCalled();
    expect(d.send).toHaveBeenCalledWith({ apiKey: 'test_pro', baseUrl: 'http://127.0.0.1:8787' });
  });

  it('sends nothing when the permission is refused', async () => {
    const { d } = deps({ requestOrigin: vi.fn(async () => false) });
    const result = await saveApiKey({ apiKey: 'k', baseUrl: 'https://api.directory.example' }, d);
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/did not allow/) });
    expect(d.send).not.toHaveBeenCalled();
  });

  it('refuses plain http to a remote host without asking or sending', async () => {
    const { d } = deps();
    const result = await saveApiKey({ apiKey: 'k', baseUrl: 'http://api.directory.example' }, d);
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/Plain http/) });
    expect(d.requestOrigin).not.toHaveBeenCalled();
    expect(d.send).not.toHaveBeenCalled();
  });

  it('turns a failed outcome into plain words', async () => {
    const { d } = deps({ send: vi.fn(async () => ({ ok: false as const, reason: 'unauthorized' as const, message: 'x' })) });
    const result = await saveApiKey({ apiKey: 'test_revoked', baseUrl: 'http://127.0.0.1:8787' }, d);
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/wrong or revoked.*not saved/) });
  });

  it('reports a background that does not answer', async () => {
    const { d } = deps({ send: vi.fn(async () => Promise.reject(new Error('Could not establish connection'))) });
    const result = await saveApiKey({ apiKey: 'k', baseUrl: 'http://127.0.0.1:8787' }, d);
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/did not answer/) });
  });
});

const input = { token: 'pat-test', markPeople: true, createProperties: true, baseUrl: '' };

describe('Connect HubSpot', () => {
  it('asks for the host permission first, in the click, then sends the token to the background', async () => {
    const order: string[] = [];
    const out = await connectHubSpot(input, {
      requestOrigin: async (origin) => {
        order.push(`permission ${origin}`);
        return true;
      },
      send: async (sent) => {
        order.push(`send ${sent.baseUrl}`);
        return { ok: true, portalId: '1', missingProperties: [] };
      },
    });
    expect(out.ok).toBe(true);
    expect(order).toEqual(['permission https://api.hubapi.com', 'send https://api.hubapi.com']);
  });

  it.each([
    ['refused permission: nothing is sent', '', false, /did not allow access to api\.hubapi\.com/],
    ['an address that is not allowed: nothing is asked or sent', 'http://evil.example', true, /not allowed/],
  ])('%s', async (_, baseUrl, grant, words) => {
    const sent: unknown[] = [];
    const out = await connectHubSpot(
      { ...input, baseUrl },
      { requestOrigin: async () => grant, send: async (s) => (sent.push(s), { ok: true, portalId: '1', missingProperties: [] }) },
    );
    expect(out).toEqual({ ok: false, message: expect.stringMatching(words) });
    expect(sent).toEqual([]);
  });

  it('the emulator on this computer (test builds) needs no permission', async () => {
    let asked = false;
    const out = await connectHubSpot(
      { ...input, baseUrl: 'http://127.0.0.1:4010' },
      { requestOrigin: async () => (asked = true), send: async () => ({ ok: true, portalId: '1', missingProperties: [] }) },
    );
    expect(out.ok && !asked).toBe(true);
  });
});

const base = 'https://api.directory.example';

describe('saveKeyFailureMessage', () => {
  it('unauthorized: the key is wrong or revoked, and not stored', () => {
    const text = saveKeyFailureMessage({ reason: 'unauthorized', message: 'x' }, base);
    expect(text).toMatch(/wrong or revoked/);
    expect(text).toMatch(/was not saved/);
  });

  it('wrong-host: a web page answered, probably the web app', () => {
    expect(saveKeyFailureMessage({ reason: 'wrong-host', message: 'x' }, 'http://127.0.0.1:8788')).toMatch(
      /^127\.0\.0\.1:8788 answered with a web page, not the API: it is probably the web app’s address\. The key was not saved\./,
    );
  });

  it('network: the host could not be reached', () => {
    expect(saveKeyFailureMessage({ reason: 'network', message: 'x' }, base)).toMatch(
      /^api\.directory\.example could not be reached\. The key was not saved\./,
    );
  });

  it('no-permission: the browser did not allow the host', () => {
    expect(saveKeyFailureMessage({ reason: 'no-permission', message: '' }, base)).toMatch(/did not allow .* api\.directory\.example/);
  });

  it('anything else: the outcome’s own message', () => {
    expect(saveKeyFailureMessage({ reason: 'server', message: 'The directory service had a problem (HTTP 503).' }, base)).toBe(
      'The directory service had a problem (HTTP 503). The key was not saved.',
    );
  });
});
