/*
 * Saved leads: every read and write of the leads database, from the worker and the pages. Each change is
 * one Dexie transaction, so a page and the worker writing at once never lose each other's change.
 */
import type { Person, Project } from '@/lib/api';
import { safeText } from '@/lib/text/safe-text';
import { isOwnRecord, mergeBackup, type LeadBackup, type RestoreChecks } from './lead-backup';
import type { CostRow, LeadDb } from './lead-db';
import {
  isFollowUpDue,
  newLead,
  parseTags,
  withXAccount,
  type Lead,
  type LeadCost,
  type LeadSnapshot,
  type LeadStatus,
  type NewLead,
} from './lead';
import { distinctTags } from './lead-query';
import type { Touch, TouchUndo } from './outreach';
import type { XAccount } from '@/lib/lookup/x-account';
import { OutreachSettingsSchema, type OutreachSettings } from '@/lib/settings/outreach-settings';

/** What "Delete" took away, so "Undo" puts it back as it was. */
export interface RemovedLead {
  lead: Lead;
  snapshot: LeadSnapshot | undefined;
}

export type LeadPatch = Partial<Pick<Lead, 'status' | 'tags' | 'followUpOn'>>;

/** What a "Tag" beside "Save as leads" offers: the tags in use, and the last one saved with ('' for none). */
export interface TagChoices {
  tags: string[];
  last: string;
}

/** The longest note kept (a note is the rep's words, not a document). */
export const NOTE_MAX = 4_000;

export class LeadStore {
  constructor(
    readonly db: LeadDb,
    private readonly now: () => number = () => Date.now(),
  ) {}

  get(personId: string): Promise<Lead | undefined> {
    return this.db.leads.get(personId);
  }

  all(): Promise<Lead[]> {
    return this.db.leads.toArray();
  }

  /**
   * The lead's record as paid for. A record of someone else (written by a doctored backup before restores
   * checked it: ./lead-backup.ts) is not this lead's: it reads as none, so no page shows or reveals it.
   */
  async snapshot(personId: string): Promise<LeadSnapshot | undefined> {
    const snapshot = await this.db.snapshots.get(personId);
    return snapshot && isOwnRecord(snapshot) ? snapshot : undefined;
  }

  /** Which of these people are leads, with their status (the "Saved · Contacted" marks). */
  async statuses(personIds: readonly string[]): Promise<Map<string, LeadStatus>> {
    const leads = await this.db.leads.bulkGet([...new Set(personIds)]);
    return new Map(leads.flatMap((l) => (l ? [[l.personId, l.status] as const] : [])));
  }

  /** The lead seen on this X account (by its user id, whatever its handle now). */
  byXId(xId: string): Promise<Lead | undefined> {
    return this.db.leads.where('xAccount.id').equals(xId).first();
  }

  /**
   * Save a person already paid for (0 credits, no call), with the X account they were seen on when known.
   * Saving someone already saved changes nothing but a newer X account (./lead.ts `withXAccount`) and
   * answers the lead as it is. The lead starts with every cost already booked for the person.
   */
  async save(input: Omit<NewLead, 'cost'>): Promise<{ lead: Lead; created: boolean }> {
    return this.db.transaction('rw', this.db.leads, this.db.snapshots, this.db.costs, async () => {
      const existing = await this.db.leads.get(input.person.id);
      if (existing) {
        const lead = input.xAccount ? withXAccount(existing, input.xAccount, this.now()) : existing;
        if (lead !== existing) await this.db.leads.put(lead);
        return { lead, created: false };
      }
      const rows = await this.db.costs.where('personId').equals(input.person.id).toArray();
      const { lead, snapshot } = newLead({ ...input, cost: sumCosts(rows) }, this.now());
      await this.db.leads.add(lead);
      await this.db.snapshots.put(snapshot);
      return { lead, created: true };
    });
  }

  /**
   * A fresh record after "Refresh · 5 credits", fetched under `fetchedBy`: the snapshot and the lead's record
   * fields follow it; the rep's fields (and the account the lead was saved under) stay.
   */
  async refreshSnapshot(person: Person, organization: Project | null, fetchedBy: string): Promise<Lead | undefined> {
    return this.db.transaction('rw', this.db.leads, this.db.snapshots, async () => {
      const lead = await this.db.leads.get(person.id);
      if (!lead) return undefined;
      const at = this.now();
      const { savedFrom, cost, xAccount } = lead;
      const { lead: fresh, snapshot } = newLead({ person, organization, accountId: fetchedBy, savedFrom, cost, xAccount }, at);
      const { name, firstName, lastName, title, onFile } = fresh;
      const kept = {
        company: fresh.company ?? lead.company,
        xHandle: fresh.xHandle ?? lead.xHandle,
        linkedinUrl: fresh.linkedinUrl ?? lead.linkedinUrl,
      };
      const next: Lead = { ...lead, name, firstName, lastName, title, onFile, ...kept, snapshotAt: at, updatedAt: at };
      await this.db.leads.put(next);
      await this.db.snapshots.put(snapshot);
      return next;
    });
  }

  /**
   * A saved person seen on X `account` (a rename, or the id first read): the lead's X account and handle
   * follow it, its history and the rep's fields kept. Null when the person is not a lead.
   */
  async sawXAccount(personId: string, account: XAccount): Promise<Lead | null> {
    return (await this.modifyOne(personId, (lead, at) => withXAccount(lead, account, at))) ?? null;
  }

  /** Status, tags, follow-up of one lead. */
  update(personId: string, patch: LeadPatch): Promise<Lead | undefined> {
    return this.modifyOne(personId, (lead, at) => applyPatch(lead, patch, at));
  }

  /** Bulk status and tag changes for a selection. */
  bulkUpdate(personIds: readonly string[], change: { status?: LeadStatus; addTags?: string[]; removeTags?: string[] }): Promise<Lead[]> {
    return this.modify(personIds, (lead, at) => {
      const drop = new Set((change.removeTags ?? []).map((t) => t.toLowerCase()));
      const tags = parseTags([...lead.tags, ...(change.addTags ?? [])].join(',')).filter((t) => !drop.has(t.toLowerCase()));
      return applyPatch(lead, { ...(change.status ? { status: change.status } : {}), tags }, at);
    });
  }

  /**
   * "Save as leads" with a tag: added to the lead through the tag edit's own path (status, notes and other
   * tags kept), and remembered as the last tag used ('' remembers none, as a save without one).
   */
  async addTag(personId: string, tag: string): Promise<Lead | undefined> {
    const tags = parseTags(tag);
    await this.db.prefs.put({ key: 'lastTag', value: tags.join(', ') });
    return tags.length ? (await this.bulkUpdate([personId], { addTags: tags }))[0] : this.get(personId);
  }

  /** The tags in use (read off the tags index, not every lead) and the last one saved with. */
  async tagChoices(): Promise<TagChoices> {
    const [tags, last] = await Promise.all([this.db.leads.orderBy('tags').uniqueKeys(), this.db.prefs.get('lastTag')]);
    return { tags: distinctTags(tags.map(String)), last: typeof last?.value === 'string' ? last.value : '' };
  }

  /** A timestamped note; blank text adds nothing. */
  addNote(personId: string, text: string): Promise<Lead | undefined> {
    const clean = safeText(text, { multiline: true }).slice(0, NOTE_MAX);
    if (!clean) return this.get(personId);
    return this.modifyOne(personId, (lead, at) => ({
      ...lead,
      notes: [...lead.notes, { id: noteId(at), at, text: clean }],
      updatedAt: at,
    }));
  }

  /**
   * A message the rep sent (./outreach.ts `touchFor`): the note, the status and the follow-up in one
   * write, with what they replaced for "Undo". Undefined when the person is not a lead.
   */
  async recordTouch(personId: string, touch: Touch, created: boolean): Promise<{ lead: Lead; undo: TouchUndo } | undefined> {
    let undo: TouchUndo | undefined;
    const lead = await this.modifyOne(personId, (lead, at) => {
      const note = { id: noteId(at), at, text: touch.note };
      undo = { personId, status: lead.status, statusAt: lead.statusAt, followUpOn: lead.followUpOn, noteId: note.id, created };
      return { ...applyPatch(lead, { status: touch.status, followUpOn: touch.followUpOn }, at), notes: [...lead.notes, note] };
    });
    return lead && undo ? { lead, undo } : undefined;
  }

  /** "Undo" a recorded message: the status, follow-up and note as they were (a lead it saved is removed again). */
  async undoTouch(undo: TouchUndo): Promise<void> {
    if (undo.created) await this.remove([undo.personId]);
    else
      await this.modifyOne(undo.personId, (lead, at) => ({
        ...lead,
        status: undo.status,
        statusAt: undo.statusAt,
        followUpOn: undo.followUpOn,
        notes: lead.notes.filter((n) => n.id !== undo.noteId),
        updatedAt: at,
      }));
  }

  /** Erase leads everywhere (lead, snapshot, notes, tags); what was removed comes back for "Undo". */
  async remove(personIds: readonly string[]): Promise<RemovedLead[]> {
    return this.db.transaction('rw', this.db.leads, this.db.snapshots, async () => {
      const ids = [...new Set(personIds)];
      const [leads, snapshots] = await Promise.all([this.db.leads.bulkGet(ids), this.db.snapshots.bulkGet(ids)]);
      await this.db.leads.bulkDelete(ids);
      await this.db.snapshots.bulkDelete(ids);
      return leads.flatMap((lead, i) => (lead ? [{ lead, snapshot: snapshots[i] }] : []));
    });
  }

  /** "Undo" a delete. */
  async putBack(removed: readonly RemovedLead[]): Promise<void> {
    await this.db.transaction('rw', this.db.leads, this.db.snapshots, async () => {
      await this.db.leads.bulkPut(removed.map((r) => r.lead));
      await this.db.snapshots.bulkPut(removed.flatMap((r) => (r.snapshot ? [r.snapshot] : [])));
    });
  }

  /**
   * Book charges onto the people they paid for, as they happen (./lead-costs.ts decides who): kept for
   * everyone (a lead saved later starts with them), and added to the leads that exist now.
   */
  async bookCosts(rows: readonly CostRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.transaction('rw', this.db.leads, this.db.costs, async () => {
      await this.db.costs.bulkAdd(rows.map((r) => ({ ...r })));
      const leads = await this.db.leads.bulkGet([...new Set(rows.map((r) => r.personId))]);
      const changed = leads.flatMap((lead) => {
        if (!lead) return [];
        const added = sumCosts(rows.filter((r) => r.personId === lead.personId));
        const cost = { credits: lead.cost.credits + added.credits, estimated: lead.cost.estimated || added.estimated };
        return [{ ...lead, cost, updatedAt: this.now() }];
      });
      await this.db.leads.bulkPut(changed);
    });
  }

  /**
   * Forget charges older than `before` for people who are not leads (a lead's total is already on it):
   * the same retention as the ledger's, so a person saved later starts with what the ledger still shows.
   */
  async pruneCosts(before: number): Promise<number> {
    return this.db.transaction('rw', this.db.leads, this.db.costs, async () => {
      const old = await this.db.costs.filter((r) => r.at < before).toArray();
      const leads = new Set(present(await this.db.leads.bulkGet([...new Set(old.map((r) => r.personId))])).map((l) => l.personId));
      const gone = old.filter((r) => !leads.has(r.personId)).flatMap((r) => (r.id === undefined ? [] : [r.id]));
      await this.db.costs.bulkDelete(gone);
      return gone.length;
    });
  }

  /** Leads whose follow-up is due on `today` (YYYY-MM-DD) or earlier. */
  async dueCount(today: string): Promise<number> {
    const leads = await this.db.leads.where('followUpOn').belowOrEqual(today).toArray();
    return leads.filter((l) => isFollowUpDue(l, today)).length;
  }

  /** Every lead and snapshot, for "Back up leads". */
  async backup(): Promise<LeadBackup> {
    const [leads, snapshots] = await Promise.all([this.db.leads.toArray(), this.db.snapshots.toArray()]);
    return { format: 'crypto-directory-leads', version: 1, exportedAt: this.now(), leads, snapshots };
  }

  /**
   * "Restore leads": merged (./lead-backup.ts), so the same file twice adds nothing; what the merge
   * refused or set right (another person's record, future times, a kept "Do not contact") is counted.
   */
  async restore(backup: LeadBackup): Promise<{ added: number; updated: number } & RestoreChecks> {
    return this.db.transaction('rw', this.db.leads, this.db.snapshots, async () => {
      const ids = backup.leads.map((l) => l.personId);
      const [leads, snapshots] = await Promise.all([this.db.leads.bulkGet(ids), this.db.snapshots.bulkGet(ids)]);
      const merged = mergeBackup(backup, present(leads), present(snapshots), this.now());
      await this.db.leads.bulkPut(merged.leads);
      await this.db.snapshots.bulkPut(merged.snapshots);
      const { leads: _written, snapshots: _records, ...counts } = merged;
      return counts;
    });
  }

  /** The rep's outreach settings (templates, who they sign as, follow-up days), parsed: defaults until saved. */
  async outreach(): Promise<OutreachSettings> {
    return OutreachSettingsSchema.parse((await this.db.prefs.get('outreach'))?.value ?? {});
  }

  async saveOutreach(value: OutreachSettings): Promise<OutreachSettings> {
    const clean = OutreachSettingsSchema.parse(value);
    await this.db.prefs.put({ key: 'outreach', value: clean });
    return clean;
  }

  /** Every lead, snapshot and cost gone ("Delete all data"). */
  async clear(): Promise<void> {
    await Promise.all([this.db.leads.clear(), this.db.snapshots.clear(), this.db.costs.clear()]);
  }

  private async modifyOne(personId: string, change: (lead: Lead, at: number) => Lead): Promise<Lead | undefined> {
    return (await this.modify([personId], change))[0];
  }

  private modify(personIds: readonly string[], change: (lead: Lead, at: number) => Lead): Promise<Lead[]> {
    return this.db.transaction('rw', this.db.leads, async () => {
      const at = this.now();
      const leads = present(await this.db.leads.bulkGet([...new Set(personIds)]));
      const next = leads.map((l) => change(l, at));
      await this.db.leads.bulkPut(next);
      return next;
    });
  }
}

function applyPatch(lead: Lead, patch: LeadPatch, at: number): Lead {
  const statusChanged = patch.status !== undefined && patch.status !== lead.status;
  return {
    ...lead,
    ...(statusChanged ? { status: patch.status, statusAt: at } : {}),
    ...(patch.tags ? { tags: parseTags(patch.tags.join(',')) } : {}),
    ...(patch.followUpOn !== undefined ? { followUpOn: validDay(patch.followUpOn) } : {}),
    updatedAt: at,
  };
}

const validDay = (day: string | null): string | null => (day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null);

const present = <T>(rows: readonly (T | undefined)[]): T[] => rows.filter((r): r is T => r !== undefined);

const sumCosts = (rows: readonly Pick<CostRow, 'credits' | 'estimated'>[]): LeadCost => ({
  credits: Math.round(rows.reduce((sum, r) => sum + r.credits, 0) * 100) / 100,
  estimated: rows.some((r) => r.estimated),
});

/** Unique per note and per device: the time and a random part (a restore compares notes by id). */
const noteId = (at: number): string => `${at.toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
