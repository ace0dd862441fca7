import { isLinkedInSiteHost, isXSiteHost } from '@/lib/profile/sites';

// Who sent a message decides what it may ask for. Extension pages can be open in a tab (a popped-out
// panel, the options page), so the sender's URL origin tells them apart, never whether `tab` is set.

export interface SenderLike {
  id?: string;
  url?: string;
  frameId?: number;
  /** `url` is set for pages the extension may see (its content-script sites). */
  tab?: { id?: number; url?: string };
}

export interface ExtensionIdentity {
  id: string;
  /** e.g. `chrome-extension://<id>` or `moz-extension://<uuid>` */
  origin: string;
}

/**
 * `topFrame` is false for a content script's message sent while its document is being replaced
 * (Chromium then attributes it to another frame id): such a message may only say the page left.
 */
export type SenderKind = { kind: 'content-script'; tabId: number; topFrame: boolean } | { kind: 'extension-page' } | { kind: 'foreign' };

export function classifySender(sender: SenderLike, self: ExtensionIdentity): SenderKind {
  if (sender.id !== self.id) return { kind: 'foreign' };
  let url: URL;
  try {
    url = new URL(sender.url ?? '');
  } catch {
    return { kind: 'foreign' };
  }
  // `URL.origin` is "null" for extension schemes in some runtimes; compare scheme and host instead.
  if (`${url.protocol}//${url.host}` === self.origin.replace(/\/$/, '')) return { kind: 'extension-page' };
  // Content scripts: an https X/LinkedIn tab; they run in top frames only.
  if (
    url.protocol === 'https:' &&
    (isXSiteHost(url.hostname) || isLinkedInSiteHost(url.hostname)) &&
    typeof sender.frameId === 'number' &&
    typeof sender.tab?.id === 'number'
  ) {
    return { kind: 'content-script', tabId: sender.tab.id, topFrame: sender.frameId === 0 };
  }
  return { kind: 'foreign' };
}
