import type { ProfileReport } from '@/lib/profile/types';
import { assertAnswer, type Envelope, type Reply } from './envelope';

/**
 * The content scripts' only message, in the envelope every context shares (./envelope.ts). Not the
 * pages' `sendMessage` (./protocol.ts): that one goes through `wxt/browser`, and a content script
 * carries no polyfill (each must stay under 12 KB; see tests/size).
 */
// The one API used; MV3 Chrome and Firefox both return a promise here.
declare const chrome: { runtime: { sendMessage(message: Envelope): Promise<Reply | undefined> } };

export async function reportProfile(report: ProfileReport): Promise<void> {
  assertAnswer(await chrome.runtime.sendMessage({ type: 'reportProfile', data: report } satisfies Envelope<'reportProfile'>));
}
