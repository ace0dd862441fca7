import { defineExtensionMessaging } from '@webext-core/messaging';
import type { ProfileReport } from '../profile/types';

/**
 * The one message protocol shared by every context. Types only here: content scripts
 * import this file and must not pull zod in. The background validates every message
 * with the zod schemas in `./schemas.ts` and checks its sender before acting.
 */
export interface ProtocolMap {
  /** Content script → background: the profile on this tab (or none). The only message a page may send. */
  reportProfile(report: ProfileReport): void;
}

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();
