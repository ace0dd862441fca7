import { checkHubSpotBase } from '@/lib/crm/hubspot/base-url';
import type { MessageResponse } from '@/lib/messaging/protocol';
import { originGranted, type AskThenSend } from './save-api-key';

export interface ConnectHubSpotInput {
  token: string;
  markPeople: boolean;
  createProperties: boolean;
  /** Development/test builds only (the "Advanced" field); empty = HubSpot's API. */
  baseUrl: string;
}

type Outcome = MessageResponse<'connectHubSpot'>;

/**
 * The Connect click: the host permission for HubSpot's API is requested first (nothing awaited before
 * it, so the click's user gesture still holds), then the background checks the token with a free read
 * and stores it. Plain http to this computer's emulator (test builds) needs no permission: the build grants it.
 */
export async function connectHubSpot(input: ConnectHubSpotInput, deps: AskThenSend<ConnectHubSpotInput, Outcome>): Promise<Outcome> {
  const baseUrl = checkHubSpotBase(input.baseUrl.trim());
  if (!baseUrl) return { ok: false, message: 'That HubSpot API base URL is not allowed.' };
  const origin = new URL(baseUrl).origin;
  if (origin.startsWith('https:') && !(await originGranted(deps, origin))) {
    return { ok: false, message: `HubSpot was not connected: the browser did not allow access to ${new URL(origin).host}.` };
  }
  try {
    return await deps.send({ token: input.token, markPeople: input.markPeople, createProperties: input.createProperties, baseUrl });
  } catch {
    return { ok: false, message: 'The extension’s background did not answer. HubSpot was not connected.' };
  }
}
