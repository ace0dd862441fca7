/*
 * A message to a lead, drafted from a template and sent by the rep in their own app, and what sending it
 * records: a timestamped note, the status moved to Contacted where that is a step forward, the follow-up
 * set. 0 credits, no call. Pure: the store (./lead-store.ts `recordTouch`) applies it in one transaction.
 */
import { shiftDay } from '@/lib/credits/day-key';
import { TEMPLATE_VARIABLES, type OutreachTemplate, type TemplateVariable } from '@/lib/settings/outreach-settings';
import { blocksContact, type Lead, type LeadStatus } from './lead';

export const OUTREACH_CHANNELS = {
  telegram: { action: 'Message on Telegram', note: 'Messaged on Telegram' },
  email: { action: 'Email', note: 'Emailed' },
} as const;
export type OutreachChannel = keyof typeof OUTREACH_CHANNELS;

export type TemplateValues = Partial<Record<TemplateVariable, string | null | undefined>>;

/**
 * The template with its variables filled in. An empty value leaves no trace ("Hi {firstName}," reads "Hi,"),
 * a line of only empty variables goes (an unfilled signature); an unknown `{word}` stays, for the rep to fix.
 */
export function fillTemplate(template: string, values: TemplateValues): string {
  const lines = template.split('\n').flatMap((line) => {
    let used = false;
    const filled = line
      .replace(/\{(\w+)\}/g, (whole, name: string) => {
        if (!isVariable(name)) return whole;
        used = true;
        return (values[name] ?? '').trim();
      })
      .replace(/[ \t]+([,.!?;:])/g, '$1')
      .replace(/[ \t]{2,}/g, ' ')
      .trim();
    if (!used) return [filled];
    // What a missing value left at the line's edges (", Nordwind", "Sam,"), and a line left with no word at all.
    const tidy = filled.replace(/^[,;:·—–-]+\s*/, '').replace(/\s*[,;:·—–-]+$/, '');
    return /[\p{L}\p{N}]/u.test(tidy) ? [tidy] : [];
  });
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const VARIABLE_NAMES = new Set<string>(TEMPLATE_VARIABLES.map((v) => v.name));
const isVariable = (name: string): name is TemplateVariable => VARIABLE_NAMES.has(name);

/** The draft for one template: the body for Telegram; subject and body for an email. */
export function draftMessage(
  template: Pick<OutreachTemplate, 'subject' | 'body'>,
  values: TemplateValues,
): { subject: string; body: string } {
  return { subject: fillTemplate(template.subject, values), body: fillTemplate(template.body, values) };
}

/** Statuses a message does not move back to Contacted: the conversation is already further along. */
const PAST_CONTACTED = new Set<LeadStatus>(['replied', 'meeting', 'won']);

export interface Touch {
  note: string;
  /** The status after the message: Contacted, or the lead's own when it is already further along. */
  status: LeadStatus;
  /** Local `YYYY-MM-DD`. */
  followUpOn: string;
}

/** What sending a message on `channel` on `today` records; null when the lead must not be contacted. */
export function touchFor(lead: Pick<Lead, 'status'> | null, channel: OutreachChannel, today: string, followUpDays: number): Touch | null {
  if (lead && blocksContact(lead)) return null;
  const status = lead && PAST_CONTACTED.has(lead.status) ? lead.status : 'contacted';
  return { note: OUTREACH_CHANNELS[channel].note, status, followUpOn: shiftDay(today, followUpDays) };
}

/** What a touch changed, so "Undo" puts the lead back as it was (and removes the note it added). */
export type TouchUndo = Pick<Lead, 'personId' | 'status' | 'statusAt' | 'followUpOn'> & {
  noteId: string;
  /** The lead was saved by this touch: Undo removes it again. */
  created: boolean;
};

/** Why a card offers no message to a lead marked "Do not contact". */
export const DO_NOT_CONTACT_OUTREACH = 'Marked “Do not contact”: no message from here.';
