import { errorReply, type ErrorReply } from './error-reply';
import type { SenderLike } from './classify-sender';
import type { MessageType } from './protocol';
import { MESSAGE_SCHEMAS } from './schemas';

export type Reply = { res: unknown } | { err: ErrorReply };

type Dispatch = (type: MessageType, data: unknown, sender: SenderLike) => Promise<unknown>;

/** A protocol message type: an own key of MESSAGE_SCHEMAS, so `constructor`, `__proto__` or `toString` never is. */
export function isMessageType(type: unknown): type is MessageType {
  return typeof type === 'string' && Object.hasOwn(MESSAGE_SCHEMAS, type);
}

/**
 * The background's one `runtime.onMessage` listener, in place of @webext-core/messaging's (which finds
 * handlers with `handlers[type]`, so a message typed `constructor` reached an Object prototype method
 * past the router). It reads the library's envelope `{ id, type, data, timestamp }` and answers
 * `{ res }` or `{ err }` as the library does, so every `sendMessage` caller is unchanged.
 *
 * Returns true when it will answer (the channel stays open for the async reply); a message that is not
 * ours gets no answer, as with the library.
 */
export function createMessageListener(dispatch: Dispatch) {
  return function onMessage(message: unknown, sender: SenderLike, sendResponse: (reply: Reply) => void): boolean {
    if (typeof message !== 'object' || message === null) return false;
    const { type, data, timestamp } = message as { type?: unknown; data?: unknown; timestamp?: unknown };
    if (typeof timestamp !== 'number' || !isMessageType(type)) return false;
    dispatch(type, data, sender).then(
      (res) => sendResponse({ res }),
      (error: unknown) => sendResponse({ err: errorReply(error) }),
    );
    return true;
  };
}
