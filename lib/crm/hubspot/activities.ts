/*
 * A lead's notes and its follow-up task in HubSpot (issue 39). Each is written by `batch/upsert` on a
 * unique-value property the extension owns (a note by person + note id, the task by person), so any
 * resend — the browser's own after a lost answer, or the next send — lands on the same record; then it
 * is associated with the contact (v4 default association, idempotent). The ids are kept on the lead's
 * link once associated.
 * A portal that refused those properties gets a create instead, never resent, with the id kept the moment
 * HubSpot answers. A create whose answer was lost may still have made the record, so there each send first
 * searches the contact's notes and tasks ("associations.contact", once search has caught up) for what ours
 * say — a note's time and text, the task's subject and due date — adopting a copy instead of creating one,
 * and archiving any second copy.
 */
import { z } from 'zod';
import type { CrmLink } from '@/lib/leads/lead-db';
import type { LeadNote } from '@/lib/leads/lead';
import type { HubSpotClient } from './client';
import { chunks } from './contact-finder';
import { HUBSPOT_PATHS, NOTE_TO_CONTACT_TYPE_ID, TASK_TO_CONTACT_TYPE_ID } from './paths';
import { NOTE_KEY_PROPERTY, noteBody, noteKey, TASK_KEY_PROPERTY, taskWritten, type CustomProperties } from './properties';
import { AssociationResponseSchema, BatchResponseSchema, SearchResponseSchema, type HubSpotObjectRecord } from './schemas';

type Patch = (personId: string, change: (link: CrmLink) => CrmLink) => Promise<unknown>;
type Fail = (personIds: readonly string[], reason: string) => void;

export interface NoteWork {
  personId: string;
  contactId: string;
  note: LeadNote;
  /** Its HubSpot id when already sent (checked for a second copy where notes have no key). */
  id: string | null;
}

export interface TaskWork {
  personId: string;
  contactId: string;
  /** The task's properties as they should stand; null: already so (checked for a second copy only). */
  wanted: Record<string, string> | null;
  taskId: string | null;
  /** What the task says, to know a copy of it by (its subject and due date as written). */
  marker: { subject: string; due: string } | null;
}

/** An upsert's answer matched back to its inputs by the key it was written under (a batch answer's order is not promised). */
function byKey(results: readonly HubSpotObjectRecord[], property: string, keys: readonly string[]): (string | undefined)[] {
  const found = new Map(results.flatMap((r) => (r.properties[property] ? [[r.properties[property], r.id] as const] : [])));
  return keys.map((k, n) => found.get(k) ?? (results.length === keys.length ? results[n]?.id : undefined));
}

const sameTime = (held: string | null | undefined, ours: string | number) =>
  !!held && Date.parse(/^\d+$/.test(held) ? new Date(Number(held)).toISOString() : held) === new Date(ours).getTime();

export class Activities {
  constructor(
    private readonly client: HubSpotClient,
    private readonly custom: CustomProperties,
    private readonly patch: Patch,
    private readonly fail: Fail,
  ) {}

  private async associate(
    from: 'notes' | 'tasks',
    pairs: readonly { id: string; contactId: string; personId: string }[],
  ): Promise<boolean> {
    if (pairs.length === 0) return true;
    const out = await this.client.call({
      method: 'POST',
      path: HUBSPOT_PATHS.associateDefault(from, 'contacts'),
      body: { inputs: pairs.map((p) => ({ from: { id: p.id }, to: { id: p.contactId } })) },
      schema: AssociationResponseSchema,
      resend: 'always',
    });
    if (!out.ok)
      this.fail(
        pairs.map((p) => p.personId),
        out.error.message,
      );
    return out.ok;
  }

  /**
   * Without keys: the copies of ours HubSpot holds on each contact, found by what they say. Returns the id each
   * item keeps (its own when among them, else the oldest copy) and archives the others. A failed search adopts
   * nothing (a create follows, and the next send cleans up).
   */
  private async adopt<W extends { contactId: string }>(
    kind: 'notes' | 'tasks',
    work: readonly W[],
    isCopy: (w: W, r: HubSpotObjectRecord) => boolean,
    ownId: (w: W) => string | null,
  ): Promise<Map<W, string>> {
    const adopted = new Map<W, string>();
    const extra: string[] = [];
    for (const contactId of new Set(work.map((w) => w.contactId))) {
      const out = await this.client.call({
        method: 'POST',
        path: HUBSPOT_PATHS.search(kind),
        body: {
          filterGroups: [{ filters: [{ propertyName: 'associations.contact', operator: 'EQ', value: contactId }] }],
          properties: kind === 'notes' ? ['hs_note_body', 'hs_timestamp'] : ['hs_task_subject', 'hs_timestamp', 'hs_task_status'],
          limit: 200,
        },
        schema: SearchResponseSchema,
        search: true,
        resend: 'always',
      });
      if (!out.ok) continue;
      for (const w of work.filter((x) => x.contactId === contactId)) {
        const copies = out.data.results.filter((r) => isCopy(w, r)).sort((a, b) => Number(a.id) - Number(b.id));
        if (copies.length === 0) continue;
        const keep = copies.find((r) => r.id === ownId(w)) ?? copies[0]!;
        adopted.set(w, keep.id);
        extra.push(...copies.filter((r) => r.id !== keep.id).map((r) => r.id));
      }
    }
    for (const group of chunks([...new Set(extra)]))
      await this.client.call({
        method: 'POST',
        path: HUBSPOT_PATHS.batchArchive(kind),
        body: { inputs: group.map((id) => ({ id })) },
        schema: z.unknown(),
        resend: 'always',
      });
    return adopted;
  }

  /** Each lead note once, on its contact (`work`: every note of the leads sent, `id` set on those already there). */
  async notes(work: readonly NoteWork[]): Promise<void> {
    let fresh = work.filter((w) => !w.id);
    if (!this.custom.noteKey && work.length) {
      const adopted = await this.adopt(
        'notes',
        work,
        (w, r) => sameTime(r.properties.hs_timestamp, w.note.at) && r.properties.hs_note_body === noteBody(w.note),
        (w) => w.id,
      );
      for (const w of fresh) {
        const id = adopted.get(w);
        if (id) await this.patch(w.personId, (l) => ({ ...l, noteIds: { ...l.noteIds, [w.note.id]: id } }));
      }
      fresh = fresh.filter((w) => !adopted.has(w));
    }
    for (const group of chunks(fresh)) {
      if (this.custom.noteKey) await this.upsertNotes(group);
      else await this.createNotes(group);
    }
  }

  private async upsertNotes(group: readonly NoteWork[]): Promise<void> {
    const keys = group.map((n) => noteKey(n.personId, n.note.id));
    const out = await this.client.call({
      method: 'POST',
      path: HUBSPOT_PATHS.batchUpsert('notes'),
      body: {
        inputs: group.map((n, i) => ({
          idProperty: NOTE_KEY_PROPERTY,
          id: keys[i],
          properties: { hs_note_body: noteBody(n.note), hs_timestamp: new Date(n.note.at).toISOString() },
        })),
      },
      schema: BatchResponseSchema,
      resend: 'always',
    });
    if (!out.ok)
      return this.fail(
        group.map((n) => n.personId),
        out.error.message,
      );
    const ids = byKey(out.data.results, NOTE_KEY_PROPERTY, keys);
    const pairs = group.flatMap((n, i) =>
      ids[i] ? [{ id: ids[i], contactId: n.contactId, personId: n.personId, noteId: n.note.id }] : [],
    );
    if (await this.associate('notes', pairs))
      for (const p of pairs) await this.patch(p.personId, (l) => ({ ...l, noteIds: { ...l.noteIds, [p.noteId]: p.id } }));
  }

  private async createNotes(group: readonly NoteWork[]): Promise<void> {
    const out = await this.client.call({
      method: 'POST',
      path: HUBSPOT_PATHS.batchCreate('notes'),
      body: {
        inputs: group.map((n) => ({
          properties: { hs_note_body: noteBody(n.note), hs_timestamp: new Date(n.note.at).toISOString() },
          associations: [
            { to: { id: n.contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: NOTE_TO_CONTACT_TYPE_ID }] },
          ],
        })),
      },
      schema: BatchResponseSchema,
      resend: 'never',
    });
    if (!out.ok)
      return this.fail(
        group.map((n) => n.personId),
        out.error.message,
      );
    // Batch create answers in input order.
    for (const [k, n] of group.entries()) {
      const r = out.data.results[k];
      if (r) await this.patch(n.personId, (l) => ({ ...l, noteIds: { ...l.noteIds, [n.note.id]: r.id } }));
    }
  }

  /** Each lead's one follow-up task: created, moved to its new date, or completed. */
  async tasks(work: readonly TaskWork[]): Promise<void> {
    if (this.custom.taskKey) {
      for (const group of chunks(work.filter((t) => t.wanted))) await this.upsertTasks(group);
      return;
    }
    const adopted = await this.adopt(
      'tasks',
      work.filter((t) => t.marker),
      (t, r) => r.properties.hs_task_subject === t.marker!.subject && sameTime(r.properties.hs_timestamp, t.marker!.due),
      (t) => t.taskId,
    );
    const todo = work.flatMap((t) => (t.wanted ? [{ ...t, taskId: t.taskId ?? adopted.get(t) ?? null }] : []));
    for (const group of chunks(todo)) await this.tasksWithoutKey(group);
  }

  private async upsertTasks(group: readonly TaskWork[]): Promise<void> {
    const keys = group.map((t) => t.personId);
    const out = await this.client.call({
      method: 'POST',
      path: HUBSPOT_PATHS.batchUpsert('tasks'),
      body: { inputs: group.map((t) => ({ idProperty: TASK_KEY_PROPERTY, id: t.personId, properties: t.wanted })) },
      schema: BatchResponseSchema,
      resend: 'always',
    });
    if (!out.ok) return this.fail(keys, out.error.message);
    const ids = byKey(out.data.results, TASK_KEY_PROPERTY, keys);
    const done = group.flatMap((t, i) => (ids[i] ? [{ ...t, id: ids[i] }] : []));
    // A task new to this lead is associated with its contact (again is harmless: the association is idempotent).
    const fresh = done.filter((t) => t.taskId !== t.id).map((t) => ({ id: t.id, contactId: t.contactId, personId: t.personId }));
    if (await this.associate('tasks', fresh))
      for (const t of done)
        await this.patch(t.personId, (l) => ({ ...l, taskId: t.id, written: { ...l.written, ...taskWritten(t.wanted!) } }));
  }

  /** No task key in this portal: the kept (or adopted) id is updated; a new task is created once, never resent. */
  private async tasksWithoutKey(group: readonly TaskWork[]): Promise<void> {
    const known = group.filter((t) => t.taskId);
    if (known.length) {
      const out = await this.client.call({
        method: 'POST',
        path: HUBSPOT_PATHS.batchUpdate('tasks'),
        body: { inputs: known.map((t) => ({ id: t.taskId, properties: t.wanted })) },
        schema: BatchResponseSchema,
        resend: 'always',
      });
      if (!out.ok)
        this.fail(
          known.map((t) => t.personId),
          out.error.message,
        );
      else
        for (const t of known)
          await this.patch(t.personId, (l) => ({ ...l, taskId: t.taskId, written: { ...l.written, ...taskWritten(t.wanted!) } }));
    }
    // Completing a task that never was made: nothing to do.
    const fresh = group.filter((t) => !t.taskId && t.wanted!.hs_task_status !== 'COMPLETED');
    if (fresh.length === 0) return;
    const out = await this.client.call({
      method: 'POST',
      path: HUBSPOT_PATHS.batchCreate('tasks'),
      body: {
        inputs: fresh.map((t) => ({
          properties: t.wanted,
          associations: [
            { to: { id: t.contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: TASK_TO_CONTACT_TYPE_ID }] },
          ],
        })),
      },
      schema: BatchResponseSchema,
      resend: 'never',
    });
    if (!out.ok)
      return this.fail(
        fresh.map((t) => t.personId),
        out.error.message,
      );
    for (const [k, t] of fresh.entries()) {
      const r = out.data.results[k];
      if (r) await this.patch(t.personId, (l) => ({ ...l, taskId: r.id, written: { ...l.written, ...taskWritten(t.wanted!) } }));
    }
  }
}
