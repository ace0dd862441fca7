/*
 * The Leads page's copy of every lead, kept current without reading them all again (10,000 leads cost a few
 * hundred ms of main thread per read): read once, then after each change the leads with `updatedAt` at or
 * after the newest held (every edit stamps it) and the count; only when the count says otherwise (a delete,
 * "Undo", a restore) the keys too, and the added leads by key. Two changes slip past: a restore merging older
 * notes into a lead edited since (the page asks for a full read after its own restore), and a delete plus an
 * unrelated addition between two reads (the next change or a reload corrects the list).
 */
import type { LeadDb } from './lead-db';
import type { Lead } from './lead';

export interface MirrorState {
  byId: ReadonlyMap<string, Lead>;
  /** The newest `updatedAt` read: edits at or after it are read again. */
  since: number;
}

/** What one read found: everything (the first read, or one asked for), or what changed; `keys` when leads were added or deleted. */
export type MirrorRead = { kind: 'full'; leads: Lead[] } | { kind: 'changes'; keys: string[] | null; changed: Lead[] };

/** Reads what changed since `state` (everything when there is no state yet). Run inside a liveQuery: it observes the whole table. */
export function readLeadChanges(db: LeadDb, state: MirrorState | null): Promise<MirrorRead> {
  // One read transaction: the count, the keys and the edits are of the same moment.
  return db.transaction('r', db.leads, async (): Promise<MirrorRead> => {
    if (!state) return { kind: 'full', leads: await db.leads.toArray() };
    const edited = await db.leads.where('updatedAt').aboveOrEqual(state.since).toArray();
    const editedIds = new Set(edited.map((l) => l.personId));
    const newlyEdited = edited.filter((l) => !state.byId.has(l.personId)).length;
    if ((await db.leads.count()) === state.byId.size + newlyEdited) return { kind: 'changes', keys: null, changed: edited };
    const keys = await db.leads.toCollection().primaryKeys();
    // Put back by "Undo" or restored: back under their old `updatedAt`, so read by key.
    const added = keys.filter((k) => !state.byId.has(k) && !editedIds.has(k));
    const addedLeads = added.length > 0 ? (await db.leads.bulkGet(added)).filter((l): l is Lead => !!l) : [];
    return { kind: 'changes', keys, changed: [...edited, ...addedLeads] };
  });
}

/** The state after a read. Unchanged leads keep their objects (the page's search index is cached on them). */
export function applyLeadChanges(state: MirrorState | null, read: MirrorRead): MirrorState {
  if (read.kind === 'full' || !state) {
    const leads = read.kind === 'full' ? read.leads : read.changed;
    return { byId: new Map(leads.map((l) => [l.personId, l])), since: newest(leads, 0) };
  }
  const keys = read.keys ? new Set(read.keys) : null;
  const byId = new Map<string, Lead>();
  for (const [id, lead] of state.byId) if (!keys || keys.has(id)) byId.set(id, lead);
  for (const lead of read.changed) if (!keys || keys.has(lead.personId)) byId.set(lead.personId, lead);
  return { byId, since: newest(read.changed, state.since) };
}

const newest = (leads: readonly Lead[], from: number) => leads.reduce((max, l) => Math.max(max, l.updatedAt), from);
