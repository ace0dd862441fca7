import { describe, expect, it, vi } from 'vitest';
import { sendMessage, type SaveKeyOutcome } from '@/lib/messaging/protocol';
import { anAccount } from '@/tests/support/records';
import { permissionThenSendLog } from '@/tests/support/permission-log';
import { saveApiKey, saveKeyFailureMessage } from './use-account';

vi.mock('@/lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
const ok: SaveKeyOutcome = { ok: true, account: anAccount(), baseUrl: 'https://api.directory.example' };
const { calls, request } = permissionThenSendLog(send, ok);

describe('saveApiKey (options Save flow)', () => {
  it('asks for an https host synchronously, before anything is awaited, then sends saveApiKey', async () => {
    const pending = saveApiKey({ apiKey: 'k', baseUrl: 'https://api.directory.example/' });
    // Still inside the click: the permission request has already been made.
    expect(request).toHaveBeenCalledWith({ origins: ['https://api.directory.example/*'] });
    expect(send).not.toHaveBeenCalled();
    expect(await pending).toEqual(ok);
    expect(calls).toEqual(['request https://api.directory.example/*', 'send https://api.directory.example']);
  });

  it('needs no permission for the loopback emulator', async () => {
    await saveApiKey({ apiKey: 'test_pro', baseUrl: 'http://127.0.0.1:8787' });
    expect(request).not.toHaveBeenCalled();
    expect(send).toHaveBeenCalledWith('saveApiKey', { apiKey: 'test_pro', baseUrl: 'http://127.0.0.1:8787' });
  });

  it('sends nothing when the permission is refused', async () => {
    request.mockResolvedValueOnce(false);
    const result = await saveApiKey({ apiKey: 'k', baseUrl: 'https://api.directory.example' });
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/did not allow/) });
    expect(send).not.toHaveBeenCalled();
  });

  it.each([
    [
      'throws at once',
      () => {
        throw new Error('permissions.request is not available');
      },
    ],
    ['rejects', () => Promise.reject(new Error('Permission request failed'))],
  ])('a permission request that %s is a refusal: plain words, nothing sent, the form not left busy', async (_how, fail) => {
    request.mockImplementationOnce(fail as never);
    const result = await saveApiKey({ apiKey: 'k', baseUrl: 'https://api.directory.example' });
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/did not allow/) });
    expect(send).not.toHaveBeenCalled();
  });

  it('refuses plain http to a remote host without asking or sending', async () => {
    const result = await saveApiKey({ apiKey: 'k', baseUrl: 'http://api.directory.example' });
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/Plain http/) });
    expect(request).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('turns a failed outcome into plain words', async () => {
    send.mockResolvedValueOnce({ ok: false, reason: 'unauthorized', message: 'x' });
    const result = await saveApiKey({ apiKey: 'test_revoked', baseUrl: 'http://127.0.0.1:8787' });
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/wrong or revoked.*not saved/) });
  });

  it('reports a background that does not answer', async () => {
    send.mockRejectedValueOnce(new Error('Could not establish connection'));
    const result = await saveApiKey({ apiKey: 'k', baseUrl: 'http://127.0.0.1:8787' });
    expect(result).toMatchObject({ ok: false, message: expect.stringMatching(/did not answer/) });
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
