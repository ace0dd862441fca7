import { checkHubSpotBase } from '@/lib/crm/hubspot/base-url';
import type { MessageResponse, SaveKeyOutcome } from '@/lib/messaging/protocol';
import { KEY_NOT_SAVED, keyCheckText, SAVE_NO_ANSWER } from '@/lib/messages/texts';
import { checkBaseUrl, hostOf } from './base-url-check';

/** What a Save (the API key) or Connect (HubSpot) click needs: the browser's host permission, then the background. */
export interface AskThenSend<Input, Outcome> {
  /** `browser.permissions.request({ origins: [origin + '/*'] })`: needs the click's user gesture. */
  requestOrigin: (origin: string) => Promise<boolean>;
  send: (input: Input) => Promise<Outcome>;
}

/** `sendMessage('saveApiKey', …)`: the background checks the key with GET /v1/me (0 credits) before storing it. */
export type SaveApiKeyDeps = AskThenSend<{ apiKey: string; baseUrl: string }, SaveKeyOutcome>;

/** The browser's answer to the permission request; a request that failed is a no. */
export async function originGranted(deps: Pick<AskThenSend<never, unknown>, 'requestOrigin'>, origin: string): Promise<boolean> {
  try {
    return await deps.requestOrigin(origin);
  } catch {
    return false;
  }
}

/** Plain words for a failed save, by kind (the table's key-check words). `baseUrl` is the address the user tried. */
export function saveKeyFailureMessage(
  failure: Pick<Extract<SaveKeyOutcome, { ok: false }>, 'reason' | 'message'>,
  baseUrl: string,
): string {
  return keyCheckText(failure.reason, hostOf(baseUrl)) ?? `${failure.message} ${KEY_NOT_SAVED}`;
}

export type SaveApiKeyResult = { ok: true; outcome: Extract<SaveKeyOutcome, { ok: true }> } | { ok: false; message: string };

/**
 * Save flow of the options page. Call it straight from the Save submit handler: the host permission
 * request is the first thing it does (nothing is awaited before it), so it still runs in the user gesture.
 */
export async function saveApiKey(input: { apiKey: string; baseUrl: string }, deps: SaveApiKeyDeps): Promise<SaveApiKeyResult> {
  const url = checkBaseUrl(input.baseUrl);
  if (!url.ok) return { ok: false, message: `${url.message} ${KEY_NOT_SAVED}` };
  if (url.needsPermission && !(await originGranted(deps, url.origin))) {
    return { ok: false, message: saveKeyFailureMessage({ reason: 'no-permission', message: '' }, url.baseUrl) };
  }
  let outcome: SaveKeyOutcome;
  try {
    outcome = await deps.send({ apiKey: input.apiKey, baseUrl: url.baseUrl });
  } catch {
    return { ok: false, message: SAVE_NO_ANSWER };
  }
  if (!outcome.ok) return { ok: false, message: saveKeyFailureMessage(outcome, url.baseUrl) };
  return { ok: true, outcome };
}

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
