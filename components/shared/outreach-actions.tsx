/*
 * OutreachActions — the group "Outreach" under a revealed contact: "Message on Telegram" (a t.me link
 * with the drafted message; the message is copied as well, since Telegram fills the draft only in
 * private chats with regular users) and "Email" (a mailto: link with subject and body), from a template
 * the rep picks. Sending is the rep's act in their own app; the click tells the page (`onTouch`), which
 * records it on the lead. 0 credits, no call. A lead marked "Do not contact" gets neither, and the reason.
 */
import { useId, useState } from 'react';
import { draftMessage, OUTREACH_CHANNELS, type OutreachChannel, type TemplateValues } from '@/lib/leads/outreach';
import type { OutreachTemplate } from '@/lib/settings/outreach-settings';
import { emailDraftHref, telegramMessageHref } from './safe-href';
import { Options } from './options';

/** What the wiring gives a card for outreach. */
export interface OutreachProps {
  templates: readonly OutreachTemplate[];
  /** `{myName}`, `{myCompany}`: who the rep is (options). */
  me: Pick<TemplateValues, 'myName' | 'myCompany'>;
  /** Why no message may be sent from here (Do not contact), or null. */
  blocked: string | null;
  onTouch: (channel: OutreachChannel) => void;
}

export const TELEGRAM_COPIED = 'Message copied — paste it if Telegram did not fill it in.';

export interface OutreachActionsProps extends OutreachProps {
  /** The revealed values (absent: that channel is not offered). */
  telegram?: string | undefined;
  email?: string | undefined;
  /** The person's side of the template: first name, name, company, title. */
  them: Omit<TemplateValues, 'myName' | 'myCompany'>;
}

export function OutreachActions({ templates, me, blocked, onTouch, telegram, email, them }: OutreachActionsProps) {
  const id = useId();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [copied, setCopied] = useState('');
  const template = templates.find((t) => t.id === templateId) ?? templates[0];
  if (!template) return null;
  const draft = draftMessage(template, { ...them, ...me });
  const telegramHref = telegram ? telegramMessageHref(telegram, draft.body) : null;
  const emailHref = email ? emailDraftHref(email, draft.subject, draft.body) : null;
  if (!telegramHref && !emailHref) return null;
  if (blocked)
    return (
      <p className="notice notice--warn outreach" role="note">
        {blocked}
      </p>
    );

  return (
    <div className="outreach" role="group" aria-label="Outreach">
      {templates.length > 1 && (
        <div className="outreach__template">
          <label htmlFor={`${id}-template`}>Template</label>
          <select id={`${id}-template`} value={template.id} onChange={(e) => setTemplateId(e.target.value)}>
            <Options of={templates.map((t) => ({ id: t.id, label: t.name || 'Untitled' }))} />
          </select>
        </div>
      )}
      <div className="outreach__actions">
        {telegramHref && (
          <a
            className="btn btn--small"
            href={telegramHref}
            target="_blank"
            rel="noopener noreferrer"
            onClick={() => {
              // Copied first, while the click still counts as the rep's gesture; the link then opens.
              navigator.clipboard.writeText(draft.body).then(
                () => setCopied(TELEGRAM_COPIED),
                () => setCopied('The message could not be copied: Telegram may still fill it in.'),
              );
              onTouch('telegram');
            }}
          >
            {OUTREACH_CHANNELS.telegram.action}
          </a>
        )}
        {emailHref && (
          // No new tab: a mailto: opens the mail app, and a tab left behind would stay blank.
          <a className="btn btn--small" href={emailHref} onClick={() => onTouch('email')}>
            {OUTREACH_CHANNELS.email.action}
          </a>
        )}
      </div>
      {/* Always in the page, so the words are announced when they arrive. */}
      <p className="muted small outreach__said" aria-live="polite">
        {copied}
      </p>
    </div>
  );
}
