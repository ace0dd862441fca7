import { describe, expect, it, vi } from 'vitest';
import type { sendMessage } from '../../lib/messaging/protocol';
import { fakeWorker } from './fake-worker';

const send = vi.fn() as unknown as Parameters<typeof fakeWorker>[0] & typeof sendMessage;

describe('fakeWorker', () => {
  it('answers with the handler for the message and records what was sent', async () => {
    const worker = fakeWorker(send, {
      clearCache: () => ({ cleared: 2 }),
      search: ({ q }) => ({ ok: false, reason: 'no-key', message: q }),
    });
    expect(await send('clearCache')).toEqual({ cleared: 2 });
    expect(await send('search', { q: 'ada', override: true })).toEqual({ ok: false, reason: 'no-key', message: 'ada' });
    expect(worker.sent('search')).toEqual([{ q: 'ada', override: true }]);
    expect(worker.order).toEqual(['clearCache', 'search']);
  });

  it('void messages resolve unhandled; a message with an answer and no handler fails loudly', async () => {
    fakeWorker(send);
    await expect(send('lookUp', { tabId: 1 })).resolves.toBeUndefined();
    await expect(send('getMeter')).rejects.toThrow('fake worker: no handler for "getMeter"');
  });

  it('handlers are typed by the protocol', () => {
    const worker = fakeWorker(send);
    // @ts-expect-error clearCache answers { cleared: number }, not a string
    worker.handle({ clearCache: () => 'done' });
    // @ts-expect-error search receives { q, override? }: there is no tabId
    worker.handle({ search: ({ tabId }) => ({ ok: false, reason: 'no-key', message: String(tabId) }) });
    expect(worker.sent('clearCache')).toEqual([]);
  });
});
