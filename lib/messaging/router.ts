import type { ProfileReport } from '@/lib/profile/types';
import { classifySender, type ExtensionIdentity, type SenderKind, type SenderLike } from './classify-sender';
import { isEnvelope, type Reply } from './envelope';
import type { MessageData, MessageResponse, MessageType } from './protocol';
import { aheadMatchesSender, isStaleLeave, peopleMatchSender, reportMatchesSender } from './report-matches-sender';
import { CONTENT_SCRIPT_MESSAGES, MESSAGE_SCHEMAS } from './schemas';

type Handler<K extends MessageType, In> = (
  input: In,
  from: Exclude<SenderKind, { kind: 'foreign' }>,
) => MessageResponse<K> | Promise<MessageResponse<K>>;
export type Handlers = { [K in MessageType]: Handler<K, MessageData<K>> };

/** Checks the sender and validates the payload before any handler sees a message; a refusal rejects with its reason. */
export function createRouter(handlers: Handlers, self: ExtensionIdentity) {
  return async function dispatch<K extends MessageType>(type: K, data: unknown, sender: SenderLike): Promise<MessageResponse<K>> {
    // Own keys only: a prototype name (`constructor`, `__proto__`, `toString`) names no message.
    if (!isMessageType(type)) throw new Error('refused: unknown message type');
    const from = classifySender(sender, self);
    if (from.kind === 'foreign') throw new Error(`"${type}" refused: unknown sender`);
    const allowed = from.kind === 'content-script' ? CONTENT_SCRIPT_MESSAGES.has(type) : type !== 'reportProfile';
    if (!allowed) throw new Error(`"${type}" refused: not allowed from a ${from.kind}`);
    const parsed = MESSAGE_SCHEMAS[type].safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`"${type}" refused: invalid ${issue?.path.join('.') || 'payload'}: ${issue?.message ?? ''}`);
    }
    if (from.kind === 'content-script') {
      const report = parsed.data as ProfileReport;
      // A message from a frame being torn down may only report that the page left (it cannot start a lookup).
      if (!from.topFrame && report.profile !== null) throw new Error(`"${type}" refused: only the top frame reports a profile`);
      // A report must name the profile of the page the browser says it came from.
      if (!peopleMatchSender(report, sender)) throw new Error(`"${type}" refused: rows from a page that lists no people`);
      // Said ahead of the browser (ProfileReport.ahead): the tab still shows the page being left.
      if (!(report.ahead ? aheadMatchesSender : reportMatchesSender)(report, sender)) {
        throw new Error(`"${type}" refused: the report does not match the page it came from`);
      }
      // A late "page left" from the document the tab navigated away from: the new page reports for itself.
      if (isStaleLeave(report, sender)) return undefined as MessageResponse<K>;
    }
    return (handlers[type] as Handler<K, unknown>)(parsed.data, from);
  };
}

/** A protocol message type: an own key of MESSAGE_SCHEMAS, so `constructor`, `__proto__` or `toString` never is. */
export function isMessageType(type: unknown): type is MessageType {
  return typeof type === 'string' && Object.hasOwn(MESSAGE_SCHEMAS, type);
}

// A message and nothing else: a stack would tell the asker (maybe a content script beside a hostile page) our code paths.
function errorReply(error: unknown): Reply['err'] {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return { message: raw.trim() ? raw.slice(0, 300) : 'The request failed.' };
}

/**
 * The background's one `runtime.onMessage` listener: true when it will answer (the channel stays open for the
 * async reply); what is not a protocol envelope gets no answer.
 */
export function createMessageListener(dispatch: (type: MessageType, data: unknown, sender: SenderLike) => Promise<unknown>) {
  return function onMessage(message: unknown, sender: SenderLike, sendResponse: (reply: Reply) => void): boolean {
    if (!isEnvelope(message) || !isMessageType(message.type)) return false;
    dispatch(message.type, message.data, sender).then(
      (res) => sendResponse({ res }),
      (error: unknown) => sendResponse({ err: errorReply(error) }),
    );
    return true;
  };
}
