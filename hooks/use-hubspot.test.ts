import { describe, expect, it, vi } from 'vitest';
import { sendMessage } from '@/lib/messaging/protocol';
import { permissionThenSendLog } from '@/tests/support/permission-log';
import { connectHubSpot } from './use-hubspot';

vi.mock('@/lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);
const { calls, request } = permissionThenSendLog(send, { ok: true, portalId: '1', missingProperties: [] });

const input = { token: 'pat-test', markPeople: true, createProperties: true, baseUrl: '' };

describe('Connect HubSpot', () => {
  it('asks for the host permission first, in the click, then sends the token to the background', async () => {
    const out = await connectHubSpot(input);
    expect(out.ok).toBe(true);
    expect(calls).toEqual(['request https://api.hubapi.com/*', 'send https://api.hubapi.com']);
  });

  it.each([
    ['refused permission: nothing is sent', '', false, /did not allow access to api\.hubapi\.com/],
    ['an address that is not allowed: nothing is asked or sent', 'http://evil.example', true, /not allowed/],
  ])('%s', async (_, baseUrl, grant, words) => {
    request.mockResolvedValueOnce(grant);
    const out = await connectHubSpot({ ...input, baseUrl });
    expect(out).toEqual({ ok: false, message: expect.stringMatching(words) });
    expect(send).not.toHaveBeenCalled();
  });

  it('the emulator on this computer (test builds) needs no permission', async () => {
    const out = await connectHubSpot({ ...input, baseUrl: 'http://127.0.0.1:4010' });
    expect(out.ok).toBe(true);
    expect(request).not.toHaveBeenCalled();
  });
});
