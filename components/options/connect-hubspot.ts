import { checkHubSpotBase } from '@/lib/crm/hubspot/base-url';
import type { MessageResponse } from '@/lib/messaging/protocol';

export interface ConnectHubSpotInput {
  token: string;
  markPeople: boolean;
  createProperties: boolean;
  /** Development/test builds only (the "Advanced" field); empty = HubSpot's API. */
  baseUrl: string;
}

export interface ConnectHubSpotDeps {
  /** `browser.permissions.request({ origins: [origin + '/*'] })`: only inside the Connect click's user gesture. */
  requestOrigin: (origin: string) => Promise<boolean>;
  send: (input: {
    token: string;
    markPeople: boolean;
    createProperties: boolean;
    baseUrl: string;
  }) => Promise<MessageResponse<'connectHubSpot'>>;
}

/**
 * The Connect click: the host permission for HubSpot's API is requested first (nothing awaited before
 * it, so the click's user gesture still holds), then the background checks the token with a free read
 * and stores it. Plain http to this computer's emulator (test builds) needs no permission: the build grants it.
 */
export async function connectHubSpot(input: ConnectHubSpotInput, deps: ConnectHubSpotDeps): Promise<MessageResponse<'connectHubSpot'>> {
  const baseUrl = checkHubSpotBase(input.baseUrl.trim());
  if (!baseUrl) return { ok: false, message: 'That HubSpot API base URL is not allowed.' };
  const origin = new URL(baseUrl).origin;
  if (origin.startsWith('https:')) {
    let granted = false;
    try {
      granted = await deps.requestOrigin(origin);
    } catch {
      granted = false;
    }
    if (!granted) return { ok: false, message: `HubSpot was not connected: the browser did not allow access to ${new URL(origin).host}.` };
  }
  try {
    return await deps.send({ token: input.token, markPeople: input.markPeople, createProperties: input.createProperties, baseUrl });
  } catch {
    return { ok: false, message: 'The extension’s background did not answer. HubSpot was not connected.' };
  }
}
