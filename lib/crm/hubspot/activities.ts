/*
 * A lead's notes and its follow-up task in HubSpot (issue 39), each by `batch/upsert` on a unique property
 * the extension owns (a note by person + note id, the task by person): any resend lands on the same record,
 * then associated with the contact (idempotent), its id kept on the lead's link. A portal without those
 * properties gets a create, never resent; as a lost answer may still have made the record, each send there
 * first searches the contact's notes and tasks for ours (by time and text, subject and due date), adopting
 * a copy instead of creating one and archiving any second copy.
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

/** A lead that went, on its contact; `task`: its follow-up task as it should stand, null when already so (./properties.ts). */
export interface Sent {
  personId: string;
  contactId: string;
  lead: CrmLead;
  link: CrmLink | undefined;
  task: Record<string, string> | null;
}

type Kind = 'notes' | 'tasks';

/** A note or a task on a lead's contact, and what the lead's link keeps once HubSpot has it. */
interface Item<P = Record<string, string> | null> {
  personId: string;
  contactId: string;
  /** Its HubSpot id when known (a task to update), else null. */
  id: string | null;
  /** Its unique value under the key property, where the portal has that property. */
  key: string;
  /** The record as it should stand; null when there is nothing to write (a note made, a task as it stands). */
  properties: P;
  /** Without keys, whether a record on the contact is a copy of this one (absent: not looked for). */
  isCopy?: ((r: HubSpotObjectRecord) => boolean) | undefined;
  keep: (id: string) => (link: CrmLink) => CrmLink;
}
type Write = Item<Record<string, string>>;

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

/** Each lead note once (`id`: its HubSpot id when already sent, then only checked for a second copy where notes have no key). */
const noteItems = (sent: readonly Sent[]): Item[] =>
  sent.flatMap(({ personId, contactId, lead, link }) =>
    lead.lead.notes.map((note) => {
      const id = link?.noteIds[note.id] ?? null;
      const properties = { hs_note_body: noteBody(note), hs_timestamp: new Date(note.at).toISOString() };
      return {
        personId,
        contactId,
        id,
        key: noteKey(personId, note.id),
        properties: id ? null : properties,
        isCopy: (r) => sameTime(r.properties.hs_timestamp, note.at) && r.properties.hs_note_body === properties.hs_note_body,
        keep: (noteId) => (l) => ({ ...l, noteIds: { ...l.noteIds, [note.id]: noteId } }),
      };
    }),
  );

/** Each lead's one follow-up task: created, moved to its new date, or completed. */
const taskItems = (sent: readonly Sent[], keyed: boolean): Item[] =>
  sent.flatMap(({ personId, contactId, link, task }) => {
    const written = link?.written ?? {};
    // What the task says, to know a copy of it by (its subject and due date as written).
    const subject = task?.hs_task_subject ?? written[`${TASK_WRITTEN_PREFIX}hs_task_subject`];
    const due = task?.hs_timestamp ?? written[`${TASK_WRITTEN_PREFIX}hs_timestamp`];
    const id = link?.taskId ?? null;
    // With a task key only changes are sent; without, a task already made is checked for a second copy too.
    if (!task && (keyed || !id)) return [];
    const isCopy =
      subject && due
        ? (r: HubSpotObjectRecord) => r.properties.hs_task_subject === subject && sameTime(r.properties.hs_timestamp, due)
        : undefined;
    const keep = (taskId: string) => (l: CrmLink) => ({ ...l, taskId, written: { ...l.written, ...taskWritten(task ?? {}) } });
    return [{ personId, contactId, id, key: personId, properties: task, isCopy, keep }];
  });

export class Activities {
  constructor(
    private readonly api: HubSpotClient,
    private readonly custom: CustomProperties,
    private readonly patch: Patch,
    private readonly fail: Fail,
  ) {}

  /** Each lead's notes, then its follow-up task. */
  async write(sent: readonly Sent[]): Promise<void> {
    await this.put('notes', noteItems(sent));
    await this.put('tasks', taskItems(sent, this.custom.taskKey));
  }

  /**
   * Without keys: the copies of ours HubSpot holds on each contact, found by what they say. Returns the id each
   * item keeps (its own when among them, else the oldest copy) and archives the others. A failed search adopts
   * nothing (a create follows, and the next send cleans up).
   */
  private async adopt(kind: Kind, items: readonly Item[]): Promise<Map<Item, string>> {
    const work = items.filter((w) => w.isCopy);
    const adopted = new Map<Item, string>();
    const extra: string[] = [];
    for (const contactId of new Set(work.map((w) => w.contactId))) {
      const out = await this.api.search(kind, {
        filterGroups: [{ filters: [{ propertyName: 'associations.contact', operator: 'EQ', value: contactId }] }],
        properties: kind === 'notes' ? ['hs_note_body', 'hs_timestamp'] : ['hs_task_subject', 'hs_timestamp', 'hs_task_status'],
        limit: 200,
      });
      if (!out.ok) continue;
      for (const w of work.filter((x) => x.contactId === contactId)) {
        const copies = out.data.results.filter((r) => w.isCopy!(r)).sort((a, b) => Number(a.id) - Number(b.id));
        if (copies.length === 0) continue;
        const keep = copies.find((r) => r.id === w.id) ?? copies[0]!;
        adopted.set(w, keep.id);
        extra.push(...copies.filter((r) => r.id !== keep.id).map((r) => r.id));
      }
    }
    for (const group of chunks([...new Set(extra)])) await this.api.archive(kind, group);
    return adopted;
  }

  /** The items with something to write, by upsert where the portal has the key property, else created or updated. */
  private async put(kind: Kind, work: readonly Item[]): Promise<void> {
    const keyed = this.custom[KINDS[kind].keyed];
    const adopted = keyed ? new Map<Item, string>() : await this.adopt(kind, work);
    const items: Write[] = [];
    for (const w of work) {
      const id = w.id ?? adopted.get(w) ?? null;
      if (!w.properties) continue;
      // A note adopted is kept, not written again; completing a task that never was made: nothing to do.
      if (kind === 'notes' && id) await this.patch(w.personId, w.keep(id));
      else if (keyed || id || w.properties.hs_task_status !== 'COMPLETED') items.push({ ...w, id, properties: w.properties });
    }
    for (const group of chunks(items)) await (keyed ? this.upsert(kind, group) : this.createOrUpdate(kind, group));
  }

  /** Keyed: any resend lands on the same record; one new to the lead is then associated with its contact. */
  private async upsert(kind: Kind, group: readonly Write[]): Promise<void> {
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
  private async createOrUpdate(kind: Kind, group: readonly Write[]): Promise<void> {
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
