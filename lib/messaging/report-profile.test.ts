import { afterEach, describe, expect, it, vi } from 'vitest';
import { defineExtensionMessaging } from '@webext-core/messaging';
import type { ProtocolMap } from './protocol';
import { createMessageListener } from './message-listener';
import { reportProfile } from './report-profile';

type Listener = (message: unknown, sender: unknown, respond: (r: unknown) => void) => boolean | void;

/** A minimal chrome.runtime that delivers sendMessage to the registered onMessage listeners. */
function installFakeRuntime() {
  const listeners: Listener[] = [];
  const runtime = {
    lastError: undefined,
    onMessage: { addListener: (l: Listener) => listeners.push(l), removeListener: () => {} },
    sendMessage: (message: unknown) =>
      new Promise((resolve) => {
        for (const l of listeners) if (l(structuredClone(message), { id: 'ext', tab: { id: 4 } }, resolve) === true) return;
        resolve(undefined);
      }),
  };
  vi.stubGlobal('chrome', { runtime });
}

afterEach(() => vi.unstubAllGlobals());

describe('reportProfile (content-script sender)', () => {
  const report = {
    url: 'https://x.com/AdaQuant',
    profile: { site: 'x' as const, handle: 'AdaQuant', key: 'x:adaquant', url: 'https://x.com/AdaQuant' },
    hints: { name: 'Ada' },
  };

  it("is received by the messaging library's onMessage exactly like its own sendMessage", async () => {
    installFakeRuntime();
    const background = defineExtensionMessaging<ProtocolMap>();
    const received = vi.fn();
    background.onMessage('reportProfile', (message) => received(message.data, message.sender));
    await reportProfile(report);
    expect(received).toHaveBeenCalledWith(report, { id: 'ext', tab: { id: 4 } });
    background.removeAllListeners();
  });

  it("is received by the background's own listener (by own-property type) the same way", async () => {
    installFakeRuntime();
    const dispatch = vi.fn(async () => undefined);
    (
      globalThis as unknown as { chrome: { runtime: { onMessage: { addListener(l: unknown): void } } } }
    ).chrome.runtime.onMessage.addListener(createMessageListener(dispatch));
    await reportProfile(report);
    expect(dispatch).toHaveBeenCalledWith('reportProfile', report, { id: 'ext', tab: { id: 4 } });
  });

  it('rejects when the background handler throws (so the watcher retries)', async () => {
    installFakeRuntime();
    const background = defineExtensionMessaging<ProtocolMap>();
    background.onMessage('reportProfile', () => {
      throw new Error('refused');
    });
    await expect(reportProfile(report)).rejects.toThrow('refused');
    background.removeAllListeners();
  });

  it('rejects when nobody answers (worker not listening yet)', async () => {
    installFakeRuntime();
    await expect(reportProfile(report)).rejects.toThrow('No response');
  });
});
