import type { ProfileReport } from '@/lib/profile/types';
import { assertAnswer, type Envelope, type Reply } from './envelope';

/**
 * The content scripts' only message, in the envelope every context shares (./envelope.ts). Not the
 * pages' `sendMessage` (./protocol.ts): that one goes through `wxt/browser`, and a content script
 * carries no polyfill (each has a size budget; see tests/size).
 */
// The one API used; MV3 Chrome and Firefox both return a promise here.
declare const chrome: { runtime: { id?: string; sendMessage(message: Envelope): Promise<Reply | undefined> } };

export async function reportProfile(report: ProfileReport): Promise<void> {
  assertAnswer(await chrome.runtime.sendMessage({ type: 'reportProfile', data: report } satisfies Envelope<'reportProfile'>));
}

/** False in a script its extension left behind (Chrome keeps a reloaded, updated or removed extension's scripts running). */
export const extensionAlive = (): boolean => chrome.runtime.id !== undefined;
