/*
 * A lead's notes and its follow-up task in HubSpot (issue 39). Each is written by `batch/upsert` on a
 * unique-value property the extension owns (a note by person + note id, the task by person), so any
 * resend — the browser's own after a lost answer, or the next send — lands on the same record; then it
 * is associated with the contact (v4 default association, idempotent). The ids are kept on the lead's
 * link once associated. A portal that refused those properties gets a create instead, never resent,
 * with the id kept the moment HubSpot answers.
 */
import type { CrmLink } from '@/lib/leads/lead-db';
import type { LeadNote } from '@/lib/leads/lead';
import type { HubSpotClient } from './client';
import { chunks } from './contact-finder';
import { HUBSPOT_PATHS, NOTE_TO_CONTACT_TYPE_ID, TASK_TO_CONTACT_TYPE_ID } from './paths';
import { NOTE_KEY_PROPERTY, noteBody, noteKey, TASK_KEY_PROPERTY, taskWritten, type CustomProperties } from './properties';
import { AssociationResponseSchema, BatchResponseSchema, type HubSpotObjectRecord } from './schemas';

type Patch = (personId: string, change: (link: CrmLink) => CrmLink) => Promise<unknown>;
type Fail = (personIds: readonly string[], reason: string) => void;

export interface NoteWork {
  personId: string;
  contactId: string;
  note: LeadNote;
}

export interface TaskWork {
  personId: string;
  contactId: string;
  /** The task's properties as they should stand. */
  wanted: Record<string, string>;
  taskId: string | null;
}

/** An upsert's answer matched back to its inputs by the key it was written under (a batch answer's order is not promised). */
function byKey(results: readonly HubSpotObjectRecord[], property: string, keys: readonly string[]): (string | undefined)[] {
  const found = new Map(results.flatMap((r) => (r.properties[property] ? [[r.properties[property], r.id] as const] : [])));
  return keys.map((k, n) => found.get(k) ?? (results.length === keys.length ? results[n]?.id : undefined));
}

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

  /** Each lead note once, on its contact. */
  async notes(work: readonly NoteWork[]): Promise<void> {
    for (const group of chunks(work)) {
      const properties = (n: NoteWork) => ({ hs_note_body: noteBody(n.note), hs_timestamp: new Date(n.note.at).toISOString() });
      if (this.custom.noteKey) {
        const keys = group.map((n) => noteKey(n.personId, n.note.id));
        const out = await this.client.call({
          method: 'POST',
          path: HUBSPOT_PATHS.batchUpsert('notes'),
          body: { inputs: group.map((n, i) => ({ idProperty: NOTE_KEY_PROPERTY, id: keys[i], properties: properties(n) })) },
          schema: BatchResponseSchema,
          resend: 'always',
        });
        if (!out.ok) {
          this.fail(
            group.map((n) => n.personId),
            out.error.message,
          );
          continue;
        }
        const ids = byKey(out.data.results, NOTE_KEY_PROPERTY, keys);
        const pairs = group.flatMap((n, i) =>
          ids[i] ? [{ id: ids[i], contactId: n.contactId, personId: n.personId, noteId: n.note.id }] : [],
        );
        if (await this.associate('notes', pairs))
          for (const p of pairs) await this.patch(p.personId, (l) => ({ ...l, noteIds: { ...l.noteIds, [p.noteId]: p.id } }));
        continue;
      }
      const out = await this.client.call({
        method: 'POST',
        path: HUBSPOT_PATHS.batchCreate('notes'),
        body: {
          inputs: group.map((n) => ({
            properties: properties(n),
            associations: [
              { to: { id: n.contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: NOTE_TO_CONTACT_TYPE_ID }] },
            ],
          })),
        },
        schema: BatchResponseSchema,
        resend: 'never',
      });
      if (!out.ok)
        this.fail(
          group.map((n) => n.personId),
          out.error.message,
        );
      else
        for (const [k, n] of group.entries()) {
          const r = out.data.results[k];
          if (r) await this.patch(n.personId, (l) => ({ ...l, noteIds: { ...l.noteIds, [n.note.id]: r.id } }));
        }
    }
  }

  /** Each lead's one follow-up task: created, moved to its new date, or completed. */
  async tasks(work: readonly TaskWork[]): Promise<void> {
    for (const group of chunks(work)) {
      if (this.custom.taskKey) {
        const keys = group.map((t) => t.personId);
        const out = await this.client.call({
          method: 'POST',
          path: HUBSPOT_PATHS.batchUpsert('tasks'),
          body: { inputs: group.map((t) => ({ idProperty: TASK_KEY_PROPERTY, id: t.personId, properties: t.wanted })) },
          schema: BatchResponseSchema,
          resend: 'always',
        });
        if (!out.ok) {
          this.fail(keys, out.error.message);
          continue;
        }
        const ids = byKey(out.data.results, TASK_KEY_PROPERTY, keys);
        const done = group.flatMap((t, i) => (ids[i] ? [{ ...t, id: ids[i] }] : []));
        // A task new to this lead is associated with its contact (again is harmless: the association is idempotent).
        if (
          await this.associate(
            'tasks',
            done.filter((t) => t.taskId !== t.id).map((t) => ({ id: t.id, contactId: t.contactId, personId: t.personId })),
          )
        )
          for (const t of done)
            await this.patch(t.personId, (l) => ({ ...l, taskId: t.id, written: { ...l.written, ...taskWritten(t.wanted) } }));
        continue;
      }
      await this.tasksWithoutKey(group);
    }
  }

  /** No task key in this portal: the kept id is updated; a new task is created once, never resent. */
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
      else for (const t of known) await this.patch(t.personId, (l) => ({ ...l, written: { ...l.written, ...taskWritten(t.wanted) } }));
    }
    // Completing a task that never was made: nothing to do.
    const fresh = group.filter((t) => !t.taskId && t.wanted.hs_task_status !== 'COMPLETED');
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
      this.fail(
        fresh.map((t) => t.personId),
        out.error.message,
      );
    else
      for (const [k, t] of fresh.entries()) {
        const r = out.data.results[k];
        if (r) await this.patch(t.personId, (l) => ({ ...l, taskId: r.id, written: { ...l.written, ...taskWritten(t.wanted) } }));
      }
  }
}
