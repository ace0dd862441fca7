import type { ProfileReport } from '@/lib/profile/types';
import type { MessageType } from './protocol';

/**
 * The content scripts' only message. The full messaging library also ships its listener half
 * (~2.5 KB) that a content script never uses, and each script must stay under 12 KB; this sends the
 * same envelope `@webext-core/messaging` reads (`{ id, type, data, timestamp }`, answer `{ res, err }`),
 * so the background's `onMessage('reportProfile', …)` handles it unchanged (see the test).
 */
// The one API used; MV3 Chrome and Firefox both return a promise here (no polyfill in content scripts).
declare const chrome: { runtime: { sendMessage(message: unknown): Promise<unknown> } };

export async function reportProfile(report: ProfileReport): Promise<void> {
  const type: MessageType = 'reportProfile';
  const answer = (await chrome.runtime.sendMessage({ id: (Math.random() * 1e9) | 0, type, data: report, timestamp: Date.now() })) as
    { err?: { message?: string } } | undefined;
  if (!answer || answer.err) throw new Error(answer?.err?.message ?? 'No response');
}
