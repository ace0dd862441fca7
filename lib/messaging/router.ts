import type { ProfileReport } from '@/lib/profile/types';
import { classifySender, type ExtensionIdentity, type SenderKind, type SenderLike } from './classify-sender';
import type { MessageData, MessageResponse, MessageType } from './protocol';
import { isMessageType } from './message-listener';
import { aheadMatchesSender, isStaleLeave, peopleMatchSender, reportMatchesSender } from './report-matches-sender';
import { CONTENT_SCRIPT_MESSAGES, MESSAGE_SCHEMAS } from './schemas';

type Output<K extends MessageType> = MessageResponse<K>;

export type Handlers = {
  [K in MessageType]: (input: MessageData<K>, from: Exclude<SenderKind, { kind: 'foreign' }>) => Output<K> | Promise<Output<K>>;
};

export class MessageRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MessageRejected';
  }
}

/** Checks the sender and validates the payload before any handler sees a message. */
export function createRouter(handlers: Handlers, self: ExtensionIdentity) {
  return async function dispatch<K extends MessageType>(type: K, data: unknown, sender: SenderLike): Promise<Output<K>> {
    // Own keys only: a prototype name (`constructor`, `__proto__`, `toString`) names no message.
    if (!isMessageType(type)) throw new MessageRejected('refused: unknown message type');
    const from = classifySender(sender, self);
    if (from.kind === 'foreign') throw new MessageRejected(`"${type}" refused: unknown sender`);
    const allowed = from.kind === 'content-script' ? CONTENT_SCRIPT_MESSAGES.has(type) : type !== 'reportProfile';
    if (!allowed) throw new MessageRejected(`"${type}" refused: not allowed from a ${from.kind}`);
    const parsed = MESSAGE_SCHEMAS[type].safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new MessageRejected(`"${type}" refused: invalid ${issue?.path.join('.') || 'payload'}: ${issue?.message ?? ''}`);
    }
    if (from.kind === 'content-script') {
      const report = parsed.data as ProfileReport;
      // A message from a frame being torn down may only report that the page left (it cannot start a lookup).
      if (!from.topFrame && report.profile !== null) throw new MessageRejected(`"${type}" refused: only the top frame reports a profile`);
      // A report must name the profile of the page the browser says it came from.
      if (!peopleMatchSender(report, sender)) throw new MessageRejected(`"${type}" refused: rows from a page that lists no people`);
      // Said ahead of the browser (ProfileReport.ahead): the tab still shows the page being left.
      if (!(report.ahead ? aheadMatchesSender : reportMatchesSender)(report, sender)) {
        throw new MessageRejected(`"${type}" refused: the report does not match the page it came from`);
      }
      // A late "page left" from the document the tab navigated away from: the new page reports for itself.
      if (isStaleLeave(report, sender)) return undefined as Output<K>;
    }
    const handler = handlers[type] as (input: unknown, from: Exclude<SenderKind, { kind: 'foreign' }>) => Output<K> | Promise<Output<K>>;
    return handler(parsed.data, from);
  };
}
