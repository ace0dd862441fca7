import { defineExtensionMessaging } from '@webext-core/messaging';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMessageListener, type Reply } from './message-listener';
import type { ProtocolMap } from './protocol';
import { createRouter, MessageRejected, type Handlers } from './router';

const self = { id: 'abcdefghijklmnopabcdefghijklmnop', origin: 'chrome-extension://abcdefghijklmnopabcdefghijklmnop' };
const page = { id: self.id, url: `${self.origin}/options.html` };

/** Delivers one raw message to the listener the background registers; resolves with its answer (or 'no answer'). */
function deliver(
  listener: ReturnType<typeof createMessageListener>,
  message: unknown,
  sender: object = page,
): Promise<Reply | 'no answer'> {
  return new Promise((resolve) => {
    if (!listener(message, sender, resolve)) resolve('no answer');
  });
}

function handlers(overrides: Partial<Record<keyof ProtocolMap, (...a: unknown[]) => unknown>> = {}) {
  const calls: string[] = [];
  const base = new Proxy(
    {},
    {
      // Any lookup, own or inherited, is recorded: nothing may reach the table for a prototype name.
      get: (_t, key) => {
        calls.push(String(key));
        return overrides[key as keyof ProtocolMap] ?? (async () => 'ok');
      },
      has: (_t, key) => typeof key === 'string' && ['getAccount', 'getMeter', 'search'].includes(key),
      getOwnPropertyDescriptor: (_t, key) =>
        typeof key === 'string' && ['getAccount', 'getMeter', 'search'].includes(key)
          ? { configurable: true, enumerable: true, value: overrides[key as keyof ProtocolMap] ?? (async () => 'ok') }
          : undefined,
    },
  );
  return { calls, table: base as unknown as Handlers };
}

const envelope = (type: unknown, data?: unknown) => ({ id: 1, type, data, timestamp: Date.now() });

describe('background message listener', () => {
  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', '__defineGetter__'])(
    'a message typed %s gets no answer and reaches neither the router nor a handler',
    async (type) => {
      const dispatch = vi.fn(async () => 'ok');
      expect(await deliver(createMessageListener(dispatch), envelope(type))).toBe('no answer');
      expect(dispatch).not.toHaveBeenCalled();
    },
  );

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'the router itself refuses %s without touching the handler table',
    async (type) => {
      const { calls, table } = handlers();
      const dispatch = createRouter(table, self);
      await expect(dispatch(type as never, undefined, page)).rejects.toThrow(/unknown message type/);
      expect(calls).toEqual([]);
    },
  );

  it('answers a protocol message in the envelope @webext-core/messaging reads', async () => {
    const { table } = handlers({ getAccount: async () => ({ hasKey: false }) });
    const listener = createMessageListener(createRouter(table, self));
    expect(await deliver(listener, envelope('getAccount'))).toEqual({ res: { hasKey: false } });
  });

  it.each([null, 'getAccount', 42, { type: 'getAccount' } /* no timestamp */])(
    'ignores what is not a protocol envelope: %j',
    async (message) => {
      const dispatch = vi.fn(async () => 'ok');
      expect(await deliver(createMessageListener(dispatch), message)).toBe('no answer');
      expect(dispatch).not.toHaveBeenCalled();
    },
  );

  describe('error replies carry a message, never a stack', () => {
    it.each([
      ['a refusal by the router', () => Promise.reject(new MessageRejected('"reveal" refused: unknown sender'))],
      ['a handler exception', () => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'id')"))],
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a handler that rejects with a non-Error is the case
      ['a thrown string', () => Promise.reject('boom')],
    ])('%s', async (_label, fail) => {
      const reply = await deliver(createMessageListener(fail), envelope('getAccount'));
      expect(reply).not.toBe('no answer');
      const { err } = reply as unknown as { err: Record<string, unknown> };
      expect(err.stack).toBe('');
      expect(Object.keys(err).sort()).toEqual(['message', 'name', 'stack']);
      expect(String(err.message)).not.toMatch(/\bat .*:\d+:\d+/);
      expect(err.message).not.toBe('');
    });

    it("an extension page's sendMessage still rejects with the message (wire-compatible with the library)", async () => {
      const listener = createMessageListener(() => Promise.reject(new MessageRejected('"search" refused: invalid q')));
      vi.stubGlobal('chrome', {
        runtime: {
          lastError: undefined,
          sendMessage: (message: unknown, callback: (r: unknown) => void) =>
            void deliver(listener, structuredClone(message)).then(callback),
        },
      });
      const pageSide = defineExtensionMessaging<ProtocolMap>();
      const error = await pageSide.sendMessage('search', { q: 'x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe('"search" refused: invalid q');
      expect((error as Error).stack).toBe('');
    });
  });
});

afterEach(() => vi.unstubAllGlobals());
