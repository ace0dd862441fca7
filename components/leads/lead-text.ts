/*
 * The Leads page's own words and dates, written once for its components and its wiring; and what a change
 * to a lead says in a status line wherever it was made (the card's lead editor, the Leads page).
 */
import { isFollowUpDue, statusLabel, type Lead } from '@/lib/leads/lead';
import type { LeadPatch } from '@/lib/leads/lead-store';
import type { Touch } from '@/lib/leads/outreach';
import { creditsLabel } from '@/lib/messages/texts';
import { formatCredits, formatDate } from '@/components/shared/format';

/** "1 lead", "10,000 leads" */
export const leadsLabel = (n: number): string => `${formatCredits(n)} ${n === 1 ? 'lead' : 'leads'}`;

/** The status line: "31 leads · 280 credits", or "2 leads of 31 match · 25 credits" (what the leads shown cost). */
export function leadsCountText(matching: readonly Pick<Lead, 'cost'>[], total: number): string {
  const credits = creditsLabel(matching.reduce((sum, l) => sum + l.cost.credits, 0));
  const leads = matching.length === total ? leadsLabel(total) : `${leadsLabel(matching.length)} of ${formatCredits(total)} match`;
  return `${leads} · ${credits}`;
}

/** A local calendar day `YYYY-MM-DD` (a follow-up) as "Nov 26, 2026": read as a date, not an instant, so no zone moves it. */
export const formatDay = (day: string): string => formatDate(`${day}T00:00:00Z`) ?? day;

const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "Nov 26, 2026, 10:00 AM", in the rep's own time zone (when a note was written). */
export const formatMoment = (ms: number): string => moment.format(new Date(ms));

const DAY_MS = 86_400_000;
const dayNumber = (day: string): number => Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);

/** A follow-up that is due, said in words as well as colour: "due today", "overdue 2 d"; null when not due (or Do not contact). */
export function followUpDue(lead: Pick<Lead, 'followUpOn' | 'status'>, today: string): { text: string; overdue: boolean } | null {
  if (!lead.followUpOn || !isFollowUpDue(lead, today)) return null;
  const late = dayNumber(today) - dayNumber(lead.followUpOn);
  return late > 0 ? { text: `overdue ${formatCredits(late)} d`, overdue: true } : { text: 'due today', overdue: false };
}

/** One sentence per kind of change. */
export function changeText(patch: LeadPatch): string {
  if (patch.status !== undefined) return `Status: ${statusLabel(patch.status)}.`;
  if (patch.followUpOn !== undefined) return patch.followUpOn ? `Follow up on ${formatDay(patch.followUpOn)}.` : 'Follow-up cleared.';
  if (patch.tags !== undefined) return patch.tags.length ? `Tags: ${patch.tags.join(', ')}.` : 'Tags cleared.';
  return 'Saved.';
}

export const NOTE_ADDED = 'Note added.';

/** After a message: what was recorded (the note, the status, the follow-up). */
export function touchText(touch: Touch): string {
  return `Recorded “${touch.note}”: ${statusLabel(touch.status)}, follow up on ${formatDay(touch.followUpOn)}.`;
}
