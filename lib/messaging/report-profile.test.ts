import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMessageListener } from './router';
import { extensionAlive, reportProfile } from './report-profile';

type Listener = (message: unknown, sender: { id: string; tab: { id: number } }, respond: (r: unknown) => void) => boolean | void;

/** A minimal chrome.runtime (what a content script sees) that delivers sendMessage to the onMessage listeners, as JSON. */
function installFakeRuntime() {
  const listeners: Listener[] = [];
  const sent: unknown[] = [];
  const runtime = {
    onMessage: { addListener: (l: Listener) => listeners.push(l), removeListener: () => {} },
    sendMessage: (message: unknown) =>
      new Promise((resolve) => {
        const onTheWire = JSON.parse(JSON.stringify(message)) as unknown;
        sent.push(onTheWire);
        for (const l of listeners) if (l(onTheWire, { id: 'ext', tab: { id: 4 } }, resolve) === true) return;
        resolve(undefined);
      }),
  };
  vi.stubGlobal('chrome', { runtime });
  return { listen: (l: Listener) => runtime.onMessage.addListener(l), sent };
}

afterEach(() => vi.unstubAllGlobals());

describe('reportProfile (content-script sender)', () => {
  const report = {
    url: 'https://x.com/AdaQuant',
    profile: { site: 'x' as const, handle: 'AdaQuant', key: 'x:adaquant', url: 'https://x.com/AdaQuant' },
    hints: { name: 'Ada' },
  };

  it("sends the shared envelope, received by the background's own listener", async () => {
    const runtime = installFakeRuntime();
    const dispatch = vi.fn(async () => undefined);
    runtime.listen(createMessageListener(dispatch));
    await reportProfile(report);
    expect(runtime.sent).toEqual([{ type: 'reportProfile', data: report }]);
    expect(dispatch).toHaveBeenCalledWith('reportProfile', report, { id: 'ext', tab: { id: 4 } });
  });

  it('rejects with the refusal’s message and no stack when the background refuses (so the watcher retries)', async () => {
    installFakeRuntime().listen(createMessageListener(() => Promise.reject(new Error('refused'))));
    const error = await reportProfile(report).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('refused');
    expect((error as Error).stack).toBe('');
  });

  it('rejects when nobody answers (worker not listening yet)', async () => {
    installFakeRuntime();
    await expect(reportProfile(report)).rejects.toThrow('No response');
  });
});

describe('extensionAlive', () => {
  it.each([
    ['a live extension', { id: 'kfhgpmkbfhcmpgjnbcgcdlnplbbeaelm' }, true],
    // Chrome, after the extension was reloaded, updated or removed: the old script keeps running without an id.
    ['a script its extension left behind (Chrome)', {}, false],
  ])('%s', (_, runtime, alive) => {
    vi.stubGlobal('chrome', { runtime });
    expect(extensionAlive()).toBe(alive);
  });
});
