import { describe, expect, it } from 'vitest';
import { connectHubSpot } from './connect-hubspot';

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
