import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Envelope, Reply } from './envelope';
import { sendMessage, type MessageType } from './protocol';
import { createMessageListener, createRouter, type Handlers } from './router';

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

function handlers(overrides: Partial<Record<MessageType, (...a: unknown[]) => unknown>> = {}) {
  const calls: string[] = [];
  const base = new Proxy(
    {},
    {
      // Any lookup, own or inherited, is recorded: nothing may reach the table for a prototype name.
      get: (_t, key) => {
        calls.push(String(key));
        return overrides[key as MessageType] ?? (async () => 'ok');
      },
      has: (_t, key) => typeof key === 'string' && ['getAccount', 'getMeter', 'search'].includes(key),
      getOwnPropertyDescriptor: (_t, key) =>
        typeof key === 'string' && ['getAccount', 'getMeter', 'search'].includes(key)
          ? { configurable: true, enumerable: true, value: overrides[key as MessageType] ?? (async () => 'ok') }
          : undefined,
    },
  );
  return { calls, table: base as unknown as Handlers };
}

const envelope = (type: unknown, data?: unknown) => ({ type, data });

/** The pages' runtime.sendMessage, delivering to `listener` as Chrome does (JSON both ways); no answer resolves undefined. */
function wire(listener: ReturnType<typeof createMessageListener>) {
  const sent: unknown[] = [];
  vi.spyOn(fakeBrowser.runtime, 'sendMessage').mockImplementation(async (message: unknown) => {
    const onTheWire = JSON.parse(JSON.stringify(message)) as unknown;
    sent.push(onTheWire);
    const reply = await deliver(listener, onTheWire);
    return reply === 'no answer' ? undefined : (JSON.parse(JSON.stringify(reply)) as unknown);
  });
  return sent;
}

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

  it('answers a protocol message in the shared envelope', async () => {
    const { table } = handlers({ getAccount: async () => ({ hasKey: false }) });
    const listener = createMessageListener(createRouter(table, self));
    expect(await deliver(listener, envelope('getAccount'))).toEqual({ res: { hasKey: false } });
    expect(await deliver(listener, { type: 'getAccount' } satisfies Envelope)).toEqual({ res: { hasKey: false } });
  });

  it.each([null, undefined, 'getAccount', 42, ['getAccount'], { type: 42 }, { data: { q: 'x' } }, { type: 'noSuchMessage' }])(
    'ignores what is not a protocol envelope: %j',
    async (message) => {
      const dispatch = vi.fn(async () => 'ok');
      expect(await deliver(createMessageListener(dispatch), message)).toBe('no answer');
      expect(dispatch).not.toHaveBeenCalled();
    },
  );

  describe('error replies carry a message, never a stack', () => {
    it.each([
      ['a refusal by the router', () => Promise.reject(new Error('"reveal" refused: unknown sender'))],
      ['a handler exception', () => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'id')"))],
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a handler that rejects with a non-Error is the case
      ['a thrown string', () => Promise.reject('boom')],
    ])('%s', async (_label, fail) => {
      const reply = await deliver(createMessageListener(fail), envelope('getAccount'));
      expect(reply).not.toBe('no answer');
      const { err } = reply as unknown as { err: Record<string, unknown> };
      expect(Object.keys(err)).toEqual(['message']);
      expect(String(err.message)).not.toMatch(/\bat .*:\d+:\d+/);
      expect(err.message).not.toBe('');
    });

    it("an extension page's sendMessage rejects with the message and no stack", async () => {
      wire(createMessageListener(() => Promise.reject(new Error('"search" refused: invalid q'))));
      const error = await sendMessage('search', { q: 'x' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).toBe('"search" refused: invalid q');
      expect((error as Error).stack).toBe('');
    });
  });
});

describe("the pages' sendMessage, through the background's listener and router", () => {
  it('sends the shared envelope and resolves with the answer', async () => {
    const getAccount = vi.fn(async () => ({ account: null, baseUrl: 'http://127.0.0.1:8787', hasKey: false }));
    const search = vi.fn(async () => ({ ok: false, reason: 'no-key', message: 'No key' }));
    const { table } = handlers({ getAccount, search });
    const sent = wire(createMessageListener(createRouter(table, self)));
    await expect(sendMessage('getAccount')).resolves.toEqual({ account: null, baseUrl: 'http://127.0.0.1:8787', hasKey: false });
    await expect(sendMessage('search', { q: ' ada ' })).resolves.toMatchObject({ ok: false, reason: 'no-key' });
    expect(sent).toEqual([{ type: 'getAccount' }, { type: 'search', data: { q: ' ada ' } }]);
    // The router validated the payload before the handler saw it (trimmed by the schema).
    expect(search).toHaveBeenCalledWith({ q: 'ada' }, expect.objectContaining({ kind: 'extension-page' }));
  });

  it('a void answer resolves undefined', async () => {
    const { table } = handlers({ back: async () => undefined });
    wire(createMessageListener(createRouter(table, self)));
    await expect(sendMessage('back')).resolves.toBeUndefined();
  });

  it('is typed by the protocol: a payload where one is due, none where none is', () => {
    const typedOnly = () => {
      // @ts-expect-error search needs its payload
      void sendMessage('search');
      // @ts-expect-error getMeter takes none
      void sendMessage('getMeter', { tabId: 1 });
      // @ts-expect-error the payload is the schema's input: search has no tabId
      void sendMessage('search', { tabId: 1 });
    };
    expect(typedOnly).toBeTypeOf('function');
  });

  it('no answer at all rejects with "No response"', async () => {
    wire(() => false);
    await expect(sendMessage('getMeter')).rejects.toThrow('No response');
  });
});
