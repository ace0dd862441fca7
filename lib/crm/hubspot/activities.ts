/*
 * A lead's notes and its follow-up task in HubSpot (issue 39), each by `batch/upsert` on a unique property
 * the extension owns (a note by person + note id, the task by person), so any resend lands on the same
 * record; then associated with the contact (idempotent), its id kept on the lead's link.
 * A portal that refused those properties gets a create instead, never resent, the id kept the moment HubSpot
 * answers. A create whose answer was lost may still have made the record, so there each send first searches
 * the contact's notes and tasks for what ours say (a note's time and text, the task's subject and due date),
 * adopting a copy instead of creating one and archiving any second copy.
 */
import type { CrmLink } from '@/lib/leads/lead-db';
import type { CrmLead } from '../crm';
import type { HubSpotClient } from './client';
import { chunks, personIds } from './contact-finder';
import { NOTE_TO_CONTACT_TYPE_ID, TASK_TO_CONTACT_TYPE_ID } from './paths';
import {
  NOTE_KEY_PROPERTY,
  noteBody,
  noteKey,
  TASK_KEY_PROPERTY,
  TASK_WRITTEN_PREFIX,
  taskWritten,
  type CustomProperties,
} from './properties';
import type { HubSpotObjectRecord } from './schemas';

type Patch = (personId: string, change: (link: CrmLink) => CrmLink) => Promise<unknown>;
/** A step HubSpot refused for these leads: each keeps the first reason. */
export type Fail = (reason: string, personIds: readonly string[]) => void;

/** A lead's record on its contact. */
interface Work {
  personId: string;
  contactId: string;
}

/** A lead that went, on its contact; `task`: its follow-up task as it should stand, null when already so (./properties.ts). */
export interface Sent extends Work {
  lead: CrmLead;
  link: CrmLink | undefined;
  task: Record<string, string> | null;
}

type Kind = 'notes' | 'tasks';

/** A note or a task to write: the record as it should stand, and what the lead's link keeps once HubSpot has it. */
interface Item extends Work {
  /** Its HubSpot id when known (a task to update), else null. */
  id: string | null;
  /** Its unique value under the key property, where the portal has that property. */
  key: string;
  properties: Record<string, string>;
  keep: (id: string) => (link: CrmLink) => CrmLink;
}

const KINDS = {
  notes: { keyed: 'noteKey', keyProperty: NOTE_KEY_PROPERTY, typeId: NOTE_TO_CONTACT_TYPE_ID },
  tasks: { keyed: 'taskKey', keyProperty: TASK_KEY_PROPERTY, typeId: TASK_TO_CONTACT_TYPE_ID },
} as const;

/** An upsert's answer matched back to its inputs by the key it was written under (a batch answer's order is not promised). */
function byKey(results: readonly HubSpotObjectRecord[], property: string, items: readonly Item[]): (string | undefined)[] {
  const found = new Map(results.flatMap((r) => (r.properties[property] ? [[r.properties[property], r.id] as const] : [])));
  return items.map((w, n) => found.get(w.key) ?? (results.length === items.length ? results[n]?.id : undefined));
}

const pairs = (items: readonly Item[]) => items.map((w) => ({ from: w.id!, to: w.contactId }));

const sameTime = (held: string | null | undefined, ours: string | number) =>
  !!held && Date.parse(/^\d+$/.test(held) ? new Date(Number(held)).toISOString() : held) === new Date(ours).getTime();

const noteKept = (noteId: string) => (id: string) => (l: CrmLink) => ({ ...l, noteIds: { ...l.noteIds, [noteId]: id } });

export class Activities {
  constructor(
    private readonly api: HubSpotClient,
    private readonly custom: CustomProperties,
    private readonly patch: Patch,
    private readonly fail: Fail,
  ) {}

  /**
   * Without keys: the copies of ours HubSpot holds on each contact, found by what they say. Returns the id each
   * item keeps (its own when among them, else the oldest copy) and archives the others. A failed search adopts
   * nothing (a create follows, and the next send cleans up).
   */
  private async adopt<W extends Work>(
    kind: Kind,
    work: readonly W[],
    isCopy: (w: W, r: HubSpotObjectRecord) => boolean,
    ownId: (w: W) => string | null,
  ): Promise<Map<W, string>> {
    const adopted = new Map<W, string>();
    const extra: string[] = [];
    for (const contactId of new Set(work.map((w) => w.contactId))) {
      const out = await this.api.search(kind, {
        filterGroups: [{ filters: [{ propertyName: 'associations.contact', operator: 'EQ', value: contactId }] }],
        properties: kind === 'notes' ? ['hs_note_body', 'hs_timestamp'] : ['hs_task_subject', 'hs_timestamp', 'hs_task_status'],
        limit: 200,
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
    for (const group of chunks([...new Set(extra)])) await this.api.archive(kind, group);
    return adopted;
  }

  /** Each lead's notes and its follow-up task. */
  async write(sent: readonly Sent[]): Promise<void> {
    await this.notes(sent);
    await this.tasks(sent);
  }

  /** Each lead note once, on its contact (`id`: its HubSpot id when already sent, checked for a second copy where notes have no key). */
  private async notes(sent: readonly Sent[]): Promise<void> {
    const work = sent.flatMap(({ personId, contactId, lead, link }) =>
      lead.lead.notes.map((note) => ({ personId, contactId, note, id: link?.noteIds[note.id] ?? null })),
    );
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
        if (id) await this.patch(w.personId, noteKept(w.note.id)(id));
      }
      fresh = fresh.filter((w) => !adopted.has(w));
    }
    await this.put(
      'notes',
      fresh.map((w) => ({
        personId: w.personId,
        contactId: w.contactId,
        id: null,
        key: noteKey(w.personId, w.note.id),
        properties: { hs_note_body: noteBody(w.note), hs_timestamp: new Date(w.note.at).toISOString() },
        keep: noteKept(w.note.id),
      })),
    );
  }

  /** Each lead's one follow-up task: created, moved to its new date, or completed. */
  private async tasks(sent: readonly Sent[]): Promise<void> {
    const keyed = this.custom.taskKey;
    const work = sent.flatMap((p) => {
      const written = p.link?.written ?? {};
      // What the task says, to know a copy of it by (its subject and due date as written).
      const subject = p.task?.hs_task_subject ?? written[`${TASK_WRITTEN_PREFIX}hs_task_subject`];
      const due = p.task?.hs_timestamp ?? written[`${TASK_WRITTEN_PREFIX}hs_timestamp`];
      const taskId = p.link?.taskId ?? null;
      // With a task key only changes are sent; without, a task already made is checked for a second copy too.
      if (!p.task && (keyed || !taskId)) return [];
      return [{ ...p, taskId, marker: subject && due ? { subject, due } : null }];
    });
    const adopted = keyed
      ? new Map<(typeof work)[number], string>()
      : await this.adopt(
          'tasks',
          work.filter((t) => t.marker),
          (t, r) => r.properties.hs_task_subject === t.marker!.subject && sameTime(r.properties.hs_timestamp, t.marker!.due),
          (t) => t.taskId,
        );
    const items = work.flatMap((t): Item[] => {
      const id = t.taskId ?? adopted.get(t) ?? null;
      // Completing a task that never was made: nothing to do.
      if (!t.task || (!keyed && !id && t.task.hs_task_status === 'COMPLETED')) return [];
      const written = taskWritten(t.task);
      const keep = (taskId: string) => (l: CrmLink) => ({ ...l, taskId, written: { ...l.written, ...written } });
      return [{ personId: t.personId, contactId: t.contactId, id, key: t.personId, properties: t.task, keep }];
    });
    await this.put('tasks', items);
  }

  private async put(kind: Kind, items: readonly Item[]): Promise<void> {
    for (const group of chunks(items)) await (this.custom[KINDS[kind].keyed] ? this.upsert(kind, group) : this.createOrUpdate(kind, group));
  }

  /** Keyed: any resend lands on the same record; one new to the lead is then associated with its contact. */
  private async upsert(kind: Kind, group: readonly Item[]): Promise<void> {
    const { keyProperty } = KINDS[kind];
    const inputs = group.map((w) => ({ idProperty: keyProperty, id: w.key, properties: w.properties }));
    const out = await this.api.upsert(kind, inputs);
    if (!out.ok) return this.fail(out.error.message, personIds(group));
    const ids = byKey(out.data.results, keyProperty, group);
    const done = group.flatMap((w, i) => (ids[i] ? [{ ...w, id: ids[i], was: w.id }] : []));
    // Associated again is harmless (the association is idempotent), but a record the lead already has needs none.
    const fresh = done.filter((w) => w.was !== w.id);
    if (fresh.length) {
      const linked = await this.api.associate(kind, 'contacts', pairs(fresh));
      if (!linked.ok) return this.fail(linked.error.message, personIds(fresh));
    }
    for (const w of done) await this.patch(w.personId, w.keep(w.id));
  }

  /** No key in this portal: a known task is updated by id; a new record is created once, with its association, never resent. */
  private async createOrUpdate(kind: Kind, group: readonly Item[]): Promise<void> {
    const known = group.filter((w) => w.id);
    if (known.length) {
      // Only a task is ever known here: a note, once made, is not written again.
      const inputs = known.map((w) => ({ id: w.id!, properties: w.properties }));
      const out = await this.api.update('tasks', inputs);
      if (!out.ok) this.fail(out.error.message, personIds(known));
      else for (const w of known) await this.patch(w.personId, w.keep(w.id!));
    }
    const fresh = group.filter((w) => !w.id);
    if (fresh.length === 0) return;
    const associationTypeId = KINDS[kind].typeId;
    const inputs = fresh.map((w) => ({
      properties: w.properties,
      associations: [{ to: { id: w.contactId }, types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId }] }],
    }));
    const out = await this.api.create(kind, inputs);
    if (!out.ok) return this.fail(out.error.message, personIds(fresh));
    // Batch create answers in input order.
    for (const [k, w] of fresh.entries()) {
      const r = out.data.results[k];
      if (r) await this.patch(w.personId, w.keep(r.id));
    }
  }
}
