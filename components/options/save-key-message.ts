import type { SaveKeyOutcome } from '@/lib/messaging/protocol';
import { hostOf } from './base-url-check';
import { KEY_NOT_SAVED, keyCheckText } from '@/lib/messages/texts';

export type SaveKeyFailure = Extract<SaveKeyOutcome, { ok: false }>;

export interface FormMessage {
  tone: 'error' | 'success' | 'info';
  text: string;
}

/** Plain words for a failed save, by kind (the table's key-check words). `baseUrl` is the address the user tried. */
export function saveKeyFailureMessage(failure: Pick<SaveKeyFailure, 'reason' | 'message'>, baseUrl: string): string {
  return keyCheckText(failure.reason, hostOf(baseUrl)) ?? `${failure.message} ${KEY_NOT_SAVED}`;
}
