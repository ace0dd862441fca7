import type { SaveKeyOutcome } from '@/lib/messaging/protocol';
import { hostOf } from './base-url-check';
import { KEY_NOT_SAVED, KEY_REJECTED, KEY_REJECTED_FIX } from '@/lib/messages/texts';

export type SaveKeyFailure = Extract<SaveKeyOutcome, { ok: false }>;

export interface FormMessage {
  tone: 'error' | 'success' | 'info';
  text: string;
}

const NOT_SAVED = KEY_NOT_SAVED;

/** Plain words for a failed save, by kind. `baseUrl` is the address the user tried. */
export function saveKeyFailureMessage(failure: Pick<SaveKeyFailure, 'reason' | 'message'>, baseUrl: string): string {
  const host = hostOf(baseUrl);
  switch (failure.reason) {
    case 'unauthorized':
      return `${KEY_REJECTED} ${NOT_SAVED} ${KEY_REJECTED_FIX}`;
    case 'wrong-host':
      return `${host} is the web app, not the API host. ${NOT_SAVED} Enter the API's own address (the baseUrl the web app's API page shows), then save again.`;
    case 'network':
      return `Cannot reach ${host}. ${NOT_SAVED} Check the API base URL and the connection, then save again.`;
    case 'no-permission':
      return `The browser did not allow the extension to reach ${host}. ${NOT_SAVED} Save again and choose Allow when asked.`;
    default:
      return `${failure.message} ${NOT_SAVED}`;
  }
}
