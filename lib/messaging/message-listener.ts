import type { SenderLike } from './classify-sender';
import { isEnvelope, type ErrorReply, type Reply } from './envelope';
import type { MessageType } from './protocol';
import { MESSAGE_SCHEMAS } from './schemas';

type Dispatch = (type: MessageType, data: unknown, sender: SenderLike) => Promise<unknown>;

/** A protocol message type: an own key of MESSAGE_SCHEMAS, so `constructor`, `__proto__` or `toString` never is. */
export function isMessageType(type: unknown): type is MessageType {
  return typeof type === 'string' && Object.hasOwn(MESSAGE_SCHEMAS, type);
}

// A message and nothing else: a stack would tell the asker (maybe a content script beside a hostile page) our code paths.
function errorReply(error: unknown): ErrorReply {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return { message: raw.trim() ? raw.slice(0, 300) : 'The request failed.' };
}

/**
 * The background's one `runtime.onMessage` listener: true when it will answer (the channel stays open for the
 * async reply); what is not a protocol envelope gets no answer.
 */
export function createMessageListener(dispatch: Dispatch) {
  return function onMessage(message: unknown, sender: SenderLike, sendResponse: (reply: Reply) => void): boolean {
    if (!isEnvelope(message) || !isMessageType(message.type)) return false;
    dispatch(message.type, message.data, sender).then(
      (res) => sendResponse({ res }),
      (error: unknown) => sendResponse({ err: errorReply(error) }),
    );
    return true;
  };
}
