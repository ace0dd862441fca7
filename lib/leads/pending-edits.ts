/*
 * The rep's edits on the Leads page show at once, before the database has written them (a combobox that
 * snapped back for the tens of milliseconds a write and re-read take would look like the click did not
 * take): an edit is laid over its lead until the lead read back is at least as new as the store's answer;
 * a write that fails is dropped, and the lead shows what is stored.
 */
import { parseTags, type Lead } from './lead';
import type { LeadPatch } from './lead-store';

export interface PendingEdit {
  /** Every field set since the lead was last read back (a status, then tags: both). */
  patch: LeadPatch;
  /** The newest `updatedAt` the store answered with; Infinity while a write is unanswered. */
  until: number;
  /** Writes not answered yet. */
  writes: number;
}

export type PendingEdits = ReadonlyMap<string, PendingEdit>;

/** Every write answered, and the lead read back at least as new: it shows the edit itself. */
const settled = (lead: Lead, edit: PendingEdit) => edit.writes === 0 && lead.updatedAt >= edit.until;

/** The lead as the rep last set it. */
export function withEdit(lead: Lead, edit: PendingEdit | undefined): Lead {
  if (!edit || settled(lead, edit)) return lead;
  const { status, tags, followUpOn } = edit.patch;
  return {
    ...lead,
    ...(status !== undefined ? { status } : {}),
    ...(tags !== undefined ? { tags: parseTags(tags.join(',')) } : {}),
    ...(followUpOn !== undefined ? { followUpOn } : {}),
  };
}

/** Every lead with its pending edit laid over it; the same array when there is none. */
export function withEdits(leads: readonly Lead[], edits: PendingEdits): readonly Lead[] {
  if (edits.size === 0) return leads;
  return leads.map((l) => withEdit(l, edits.get(l.personId)));
}

/** An edit sent for these leads (its write not answered yet). */
export function startEdit(edits: PendingEdits, personIds: readonly string[], patch: LeadPatch): PendingEdits {
  const next = new Map(edits);
  for (const id of personIds) {
    const before = next.get(id);
    next.set(id, { patch: { ...before?.patch, ...patch }, until: Infinity, writes: (before?.writes ?? 0) + 1 });
  }
  return next;
}

/** The store answered one write with these leads: once every write is answered, the edit lasts until the read-back is as new. */
export function answerEdit(edits: PendingEdits, answered: readonly Lead[]): PendingEdits {
  const next = new Map(edits);
  for (const lead of answered) {
    const edit = next.get(lead.personId);
    if (!edit) continue;
    const writes = Math.max(0, edit.writes - 1);
    next.set(lead.personId, { ...edit, writes, until: writes > 0 ? Infinity : lead.updatedAt });
  }
  return next;
}

/** A write failed: the leads show what is stored. */
export function dropEdits(edits: PendingEdits, personIds: readonly string[]): PendingEdits {
  const next = new Map(edits);
  for (const id of personIds) next.delete(id);
  return next;
}

/** The edits the leads read back already show (or whose lead is gone): to forget. */
export function settledEdits(byId: ReadonlyMap<string, Lead>, edits: PendingEdits): string[] {
  return [...edits].flatMap(([id, edit]) => {
    const lead = byId.get(id);
    return !lead || settled(lead, edit) ? [id] : [];
  });
}
