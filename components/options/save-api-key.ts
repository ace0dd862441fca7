import { checkBaseUrl } from '@/components/options/base-url-check';
import { saveKeyFailureMessage } from '@/components/options/save-key-message';
import type { SaveKeyOutcome } from '@/lib/messaging/protocol';
import { KEY_NOT_SAVED, SAVE_NO_ANSWER } from '@/lib/messages/texts';

export interface SaveApiKeyDeps {
  /** `browser.permissions.request({ origins: [origin + '/*'] })`: needs the Save click's user gesture. */
  requestOrigin: (origin: string) => Promise<boolean>;
  /** `sendMessage('saveApiKey', …)`: the background checks the key with GET /v1/me (0 credits) before storing it. */
  send: (input: { apiKey: string; baseUrl: string }) => Promise<SaveKeyOutcome>;
}

export type SaveApiKeyResult = { ok: true; outcome: Extract<SaveKeyOutcome, { ok: true }> } | { ok: false; message: string };

/**
 * Save flow of the options page. Call it straight from the Save submit handler: the host permission
 * request is the first thing it does (nothing is awaited before it), so it still runs in the user gesture.
 */
export async function saveApiKey(input: { apiKey: string; baseUrl: string }, deps: SaveApiKeyDeps): Promise<SaveApiKeyResult> {
  const url = checkBaseUrl(input.baseUrl);
  if (!url.ok) return { ok: false, message: `${url.message} ${KEY_NOT_SAVED}` };
  if (url.needsPermission) {
    let granted = false;
    try {
      granted = await deps.requestOrigin(url.origin);
    } catch {
      granted = false;
    }
    if (!granted) return { ok: false, message: saveKeyFailureMessage({ reason: 'no-permission', message: '' }, url.baseUrl) };
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
