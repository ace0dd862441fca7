/*
 * What a change to a lead says in a status line, wherever it was made (the card's lead editor, the
 * Leads page): one sentence per kind of change.
 */
import { statusLabel } from '@/lib/leads/lead';
import type { LeadPatch } from '@/lib/leads/lead-store';
import type { Touch } from '@/lib/leads/outreach';
import { formatDay as dayText } from '@/components/leads/lead-text';

export function changeText(patch: LeadPatch): string {
  if (patch.status !== undefined) return `Status: ${statusLabel(patch.status)}.`;
  if (patch.followUpOn !== undefined) return patch.followUpOn ? `Follow up on ${dayText(patch.followUpOn)}.` : 'Follow-up cleared.';
  if (patch.tags !== undefined) return patch.tags.length ? `Tags: ${patch.tags.join(', ')}.` : 'Tags cleared.';
  return 'Saved.';
}

export const NOTE_ADDED = 'Note added.';

/** After a message: what was recorded (the note, the status, the follow-up). */
export function touchText(touch: Touch): string {
  return `Recorded “${touch.note}”: ${statusLabel(touch.status)}, follow up on ${dayText(touch.followUpOn)}.`;
}
