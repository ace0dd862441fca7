import type { Mock } from 'vitest';
import type { MessageInput, MessageResponse, MessageType, sendMessage } from '../../lib/messaging/protocol';

/*
 * A typed stand-in for the background worker in page tests. The page's `sendMessage` is mocked in the
 * test file (vi.mock is hoisted there):
 *
 *   vi.mock('../../lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));
 *   const worker = fakeWorker(vi.mocked(sendMessage), { getMeter: () => meter });
 *
 * Each handler is typed by the protocol (lib/messaging/protocol.ts, derived from the zod schemas): it
 * receives what the page sent for that message and must answer what the real worker answers, so a
 * test cannot answer `search` with a shape the page would never get.
 */

type Answer<K extends MessageType> = MessageResponse<K> | Promise<MessageResponse<K>>;
export type FakeHandlers = { [K in MessageType]?: (data: MessageInput<K>) => Answer<K> };
export type SendMock = Mock<typeof sendMessage>;

/** Messages that answer nothing: unhandled, they resolve like the worker's own void handlers. */
const VOID_MESSAGES: ReadonlySet<MessageType> = new Set([
  'reportProfile',
  'lookUp',
  'pickCandidate',
  'loadDetails',
  'showRecord',
  'openPerson',
  'back',
  'raiseBudgetToday',
  'removeApiKey',
]);

export interface FakeWorker {
  /** Replace (or add) handlers; the others keep answering. */
  handle(handlers: FakeHandlers): void;
  /** What the page sent for `type`, in order. */
  sent<K extends MessageType>(type: K): MessageInput<K>[];
  /** Every message type sent, in order. */
  readonly order: MessageType[];
}

export interface FakeWorkerOptions {
  /** Called with each message type as it is sent (to interleave with other recorded events). */
  onSend?: (type: MessageType) => void;
}

export function fakeWorker(send: SendMock, initial: FakeHandlers = {}, options: FakeWorkerOptions = {}): FakeWorker {
  let handlers: FakeHandlers = { ...initial };
  const order: MessageType[] = [];
  send.mockReset();
  send.mockImplementation((async (type: MessageType, data?: unknown) => {
    order.push(type);
    options.onSend?.(type);
    const handler = handlers[type] as ((d: unknown) => unknown) | undefined;
    if (handler) return handler(data);
    if (VOID_MESSAGES.has(type)) return undefined;
    // The real worker answers every other message: a page test that reaches here forgot a handler.
    throw new Error(`fake worker: no handler for "${type}"`);
  }) as typeof sendMessage);
  return {
    handle(next) {
      handlers = { ...handlers, ...next };
    },
    sent<K extends MessageType>(type: K) {
      return send.mock.calls.filter(([t]) => t === type).map(([, data]) => data as MessageInput<K>);
    },
    order,
  };
}
