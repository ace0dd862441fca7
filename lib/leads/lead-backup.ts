/*
 * "Back up leads" / "Restore leads": one versioned JSON file with every lead and its snapshot, read with
 * zod (a lead that does not parse is skipped and counted, never half-written). Merging is idempotent: notes
 * by id, tags united, the newer status and snapshot win, a cost is never lowered.
 * A file can be doctored, so the merge checks it: a snapshot of another person than its lead's is left out
 * (that lead's Reveal would pay for someone else, past their "Do not contact"); a time later than the file
 * or now is set back (a future `statusAt` would win every merge); a local "Do not contact" is never lifted.
 */
import { z } from 'zod';
import { countLabel } from '@/lib/text/count-label';
import { blocksContact, LeadSchema, parseTags, SnapshotSchema, type Lead, type LeadSnapshot } from './lead';

export const BACKUP_FORMAT = 'crypto-directory-leads';

const time = z.number().finite().nonnegative();

const BackupShape = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(1),
  exportedAt: time,
  leads: z.array(z.unknown()),
  snapshots: z.array(z.unknown()),
});

/** A backup file as written: its leads and snapshots as stored. */
export type LeadBackup = Omit<z.infer<typeof BackupShape>, 'leads' | 'snapshots'> & { leads: Lead[]; snapshots: LeadSnapshot[] };

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

/** What a restore did, beyond adding and updating: each count is said to the rep (`restoredText`). */
export interface RestoreChecks {
  /** Leads whose snapshot in the file was another person's record: restored without it. */
  foreignRecords: number;
  /** Leads dated in the future (any of their times, or their snapshot's): set back. */
  futureDated: number;
  /** Local "Do not contact" leads the file would have moved to another status: kept. */
  keptDoNotContact: number;
}

/** A snapshot is its lead's record only when the record inside is the person it is filed under. */
export const isOwnRecord = (snapshot: Pick<LeadSnapshot, 'personId' | 'person'>): boolean => snapshot.person.id === snapshot.personId;

/**
 * The leads and snapshots to write after merging `incoming` into what is stored (`current`), at `now`.
 * Times later than `min(exportedAt, now)` are set back to it: nothing in a file can be later than the
 * file, nor than now; an honest file (written in the past) is left exactly as it is, so restoring it
 * twice still changes nothing.
 */
export function mergeBackup(
  incoming: Pick<LeadBackup, 'leads' | 'snapshots' | 'exportedAt'>,
  current: readonly Lead[],
  currentSnapshots: readonly LeadSnapshot[],
  now: number,
): RestoreChecks & { leads: Lead[]; snapshots: LeadSnapshot[]; added: number; updated: number } {
  const latest = Math.min(incoming.exportedAt, now);
  const stored = new Map(current.map((l) => [l.personId, l]));
  const storedSnaps = new Map(currentSnapshots.map((s) => [s.personId, s]));
  const leadIds = new Set(incoming.leads.map((l) => l.personId));
  const foreign = new Set<string>();
  const future = new Set<string>();
  const leads: Lead[] = [];
  const snapshots: LeadSnapshot[] = [];
  let added = 0;
  let updated = 0;
  let keptDoNotContact = 0;
  for (const raw of incoming.snapshots) {
    if (!leadIds.has(raw.personId)) continue;
    if (!isOwnRecord(raw)) {
      foreign.add(raw.personId);
      continue;
    }
    if (raw.at > latest) future.add(raw.personId);
    const snap = raw.at > latest ? { ...raw, at: latest } : raw;
    const mine = storedSnaps.get(snap.personId);
    // The same record again is not newer (and a local one keeps whose account fetched it).
    if (!mine || (snap.at > mine.at && !sameRecord(snap, mine))) snapshots.push(snap);
  }
  for (const raw of incoming.leads) {
    const dated = clampTimes(raw, latest);
    if (dated !== raw) future.add(raw.personId);
    // A lead whose record was left out brings no record fields over a local lead's.
    const theirs = foreign.has(raw.personId) ? { ...dated, snapshotAt: -1 } : dated;
    const mine = stored.get(theirs.personId);
    if (mine && blocksContact(mine) && !blocksContact(theirs) && theirs.statusAt > mine.statusAt) keptDoNotContact++;
    const next = mine ? mergeLead(mine, theirs) : dated;
    if (mine && substance(next) === substance(mine)) continue;
    leads.push(next);
    stored.set(next.personId, next);
    if (mine) updated++;
    else added++;
  }
  return { leads, snapshots, added, updated, foreignRecords: foreign.size, futureDated: future.size, keptDoNotContact };
}

/** The lead with every time later than `latest` set back to it (the same object when none is). */
function clampTimes(lead: Lead, latest: number): Lead {
  const seen = lead.xAccount?.handles ?? [];
  const times = [lead.savedAt, lead.statusAt, lead.updatedAt, lead.snapshotAt, ...lead.notes.map((n) => n.at), ...seen.map((h) => h.at)];
  if (times.every((t) => t <= latest)) return lead;
  const at = (t: number) => Math.min(t, latest);
  return {
    ...lead,
    xAccount: lead.xAccount && { ...lead.xAccount, handles: seen.map((h) => ({ ...h, at: at(h.at) })) },
    savedAt: at(lead.savedAt),
    statusAt: at(lead.statusAt),
    updatedAt: at(lead.updatedAt),
    snapshotAt: at(lead.snapshotAt),
    notes: lead.notes.map((n) => (n.at > latest ? { ...n, at: latest } : n)),
  };
}

const sameRecord = (a: LeadSnapshot, b: LeadSnapshot) =>
  JSON.stringify([a.person, a.organization]) === JSON.stringify([b.person, b.organization]);

/** What the rep reads of a lead: a merge that only moves its times (a file set back to now, twice) changes nothing. */
const substance = ({ statusAt: _s, updatedAt: _u, snapshotAt: _r, ...rest }: Lead) => JSON.stringify(rest);

function mergeLead(mine: Lead, theirs: Lead): Lead {
  const notes = new Map(mine.notes.map((n) => [n.id, n]));
  for (const n of theirs.notes) if (!notes.has(n.id)) notes.set(n.id, n);
  // A local "Do not contact" stays, whatever the file's times say.
  const newerStatus = !blocksContact(mine) && theirs.statusAt > mine.statusAt ? theirs : mine;
  const newerRecord = theirs.snapshotAt > mine.snapshotAt ? theirs : mine;
  const newerEdit = theirs.updatedAt > mine.updatedAt ? theirs : mine;
  // The X account seen last, with its handle now (a file from before X accounts has none to give).
  const seen = (l: Lead) => l.xAccount?.handles.at(-1)?.at ?? -1;
  const x = seen(theirs) > seen(mine) ? theirs : mine;
  return {
    ...newerRecord,
    ...(x.xAccount ? { xAccount: x.xAccount, xHandle: x.xHandle } : {}),
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

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const leadCount = (n: number) => countLabel(n, 'lead');

/** The Leads page's one sentence after a restore: what it added and updated, and what it refused or set right. */
export function restoredText(done: { added: number; updated: number; skipped: number } & RestoreChecks): string {
  const one = (n: number, single: string, many: string) => (n === 1 ? single : many);
  return [
    `Restored: ${integer.format(done.added)} added, ${integer.format(done.updated)} updated.`,
    done.skipped > 0 && `${leadCount(done.skipped)} in the file could not be read and ${one(done.skipped, 'was', 'were')} skipped.`,
    done.foreignRecords > 0 &&
      `${leadCount(done.foreignRecords)} carried another person’s record: restored without it, so nothing is revealed for that person (Refresh reads the lead’s own).`,
    done.futureDated > 0 &&
      `${leadCount(done.futureDated)} ${one(done.futureDated, 'was', 'were')} dated in the future: ${one(done.futureDated, 'its', 'their')} times were set back, none later than now.`,
    done.keptDoNotContact > 0 &&
      `${leadCount(done.keptDoNotContact)} ${one(done.keptDoNotContact, 'stays', 'stay')} “Do not contact”: a restore never lifts it.`,
  ]
    .filter(Boolean)
    .join(' ');
}

// The file: its name, text and type, declared once for every page that offers it (the Leads page's "Back up leads",
// the options page's "Back up leads first" before "Delete all data"), so a backup made from either reads back the same way.
/** `leads-backup-2026-11-26.json`: `day` is the local day it was made (lib/credits/day-key.ts); `leads`: how many it holds. */
export function leadsBackupFile(backup: LeadBackup, day: string) {
  return { fileName: `leads-backup-${day}.json`, text: JSON.stringify(backup), type: 'application/json', leads: backup.leads.length };
}

/** What a page says once the file is handed to the browser. */
export const backedUpMessage = (file: Pick<ReturnType<typeof leadsBackupFile>, 'fileName' | 'leads'>): string =>
  `Backed up ${countLabel(file.leads, 'lead')} to ${file.fileName}.`;
