/*
 * "Back up leads" / "Restore leads": one versioned JSON file with every lead and its snapshot. A file is
 * the user's input, so it is read with zod (a lead that does not parse is skipped and counted, never
 * half-written). Merging is idempotent: the same file twice adds nothing, a note is never duplicated
 * (notes are compared by id), tags are united, the newer status wins (by `statusAt`), the newer
 * snapshot wins, and a cost is never lowered.
 */
import { z } from 'zod';
import { PersonSchema, ProjectSchema } from '@/lib/api';
import { CONTACT_CHANNEL_IDS, type ContactChannelId } from '@/lib/api/contact-channels';
import { LEAD_STATUS_IDS, parseTags, type Lead, type LeadSnapshot } from './lead';

export const BACKUP_FORMAT = 'crypto-directory-leads';

export interface LeadBackup {
  format: typeof BACKUP_FORMAT;
  version: 1;
  exportedAt: number;
  leads: Lead[];
  snapshots: LeadSnapshot[];
}

const text = z.string().max(10_000);
const nullableText = text.nullable();
const time = z.number().finite().nonnegative();

const LeadSchema = z.object({
  personId: z.string().min(1).max(200),
  name: text,
  firstName: nullableText,
  lastName: nullableText,
  title: nullableText,
  company: z.object({ id: nullableText, name: text, domain: nullableText, sectors: z.array(text), type: nullableText }).nullable(),
  xHandle: nullableText,
  linkedinUrl: nullableText,
  onFile: z.record(z.enum(CONTACT_CHANNEL_IDS as [ContactChannelId, ...ContactChannelId[]]), z.boolean()),
  accountId: text,
  savedAt: time,
  savedFrom: nullableText,
  status: z.enum(LEAD_STATUS_IDS),
  statusAt: time,
  tags: z.array(text),
  notes: z.array(z.object({ id: z.string().min(1).max(100), at: time, text })),
  followUpOn: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .nullable(),
  updatedAt: time,
  cost: z.object({ credits: z.number().finite().nonnegative(), estimated: z.boolean() }),
  snapshotAt: time,
}) satisfies z.ZodType<Lead>;

const SnapshotSchema = z.object({
  personId: z.string().min(1).max(200),
  at: time,
  person: PersonSchema,
  organization: ProjectSchema.nullable(),
});

const BackupShape = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  exportedAt: time,
  leads: z.array(z.unknown()),
  snapshots: z.array(z.unknown()),
});

export type ReadBackup = { ok: true; backup: LeadBackup; skipped: number } | { ok: false; message: string };

/** A backup file's text → its leads, or why it is not one. */
export function readBackup(json: string): ReadBackup {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { ok: false, message: 'That file is not a leads backup (it is not JSON). Nothing was restored.' };
  }
  const shape = BackupShape.safeParse(raw);
  if (!shape.success) return { ok: false, message: 'That file is not a leads backup of this extension. Nothing was restored.' };
  const leads = shape.data.leads.flatMap((l) => {
    const p = LeadSchema.safeParse(l);
    return p.success ? [p.data] : [];
  });
  const ids = new Set(leads.map((l) => l.personId));
  const snapshots = shape.data.snapshots.flatMap((s) => {
    const p = SnapshotSchema.safeParse(s);
    return p.success && ids.has(p.data.personId) ? [p.data] : [];
  });
  return {
    ok: true,
    backup: { format: BACKUP_FORMAT, version: 1, exportedAt: shape.data.exportedAt, leads, snapshots },
    skipped: shape.data.leads.length - leads.length,
  };
}

/** The leads and snapshots to write after merging `incoming` into what is stored (`current`). */
export function mergeBackup(
  incoming: Pick<LeadBackup, 'leads' | 'snapshots'>,
  current: readonly Lead[],
  currentSnapshots: readonly LeadSnapshot[],
): { leads: Lead[]; snapshots: LeadSnapshot[]; added: number; updated: number } {
  const stored = new Map(current.map((l) => [l.personId, l]));
  const storedSnaps = new Map(currentSnapshots.map((s) => [s.personId, s]));
  const leads: Lead[] = [];
  const snapshots: LeadSnapshot[] = [];
  let added = 0;
  let updated = 0;
  for (const snap of incoming.snapshots) {
    const mine = storedSnaps.get(snap.personId);
    if (!mine || snap.at > mine.at) snapshots.push(snap);
  }
  for (const theirs of incoming.leads) {
    const mine = stored.get(theirs.personId);
    if (!mine) {
      leads.push(theirs);
      stored.set(theirs.personId, theirs);
      added++;
      continue;
    }
    const merged = mergeLead(mine, theirs);
    if (JSON.stringify(merged) !== JSON.stringify(mine)) {
      leads.push(merged);
      stored.set(merged.personId, merged);
      updated++;
    }
  }
  return { leads, snapshots, added, updated };
}

function mergeLead(mine: Lead, theirs: Lead): Lead {
  const notes = new Map(mine.notes.map((n) => [n.id, n]));
  for (const n of theirs.notes) if (!notes.has(n.id)) notes.set(n.id, n);
  const newerStatus = theirs.statusAt > mine.statusAt ? theirs : mine;
  const newerRecord = theirs.snapshotAt > mine.snapshotAt ? theirs : mine;
  const newerEdit = theirs.updatedAt > mine.updatedAt ? theirs : mine;
  return {
    ...newerRecord,
    accountId: mine.accountId,
    savedAt: Math.min(mine.savedAt, theirs.savedAt),
    savedFrom: mine.savedFrom ?? theirs.savedFrom,
    status: newerStatus.status,
    statusAt: newerStatus.statusAt,
    tags: parseTags([...mine.tags, ...theirs.tags].join(',')),
    notes: [...notes.values()].sort((a, b) => a.at - b.at || (a.id < b.id ? -1 : 1)),
    followUpOn: newerEdit.followUpOn,
    updatedAt: Math.max(mine.updatedAt, theirs.updatedAt),
    cost: mine.cost.credits >= theirs.cost.credits ? mine.cost : theirs.cost,
    snapshotAt: Math.max(mine.snapshotAt, theirs.snapshotAt),
  };
}
