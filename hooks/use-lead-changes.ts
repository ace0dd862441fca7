/*
 * What the rep changes on the Leads page, each said on the status line: the selection's status and tags,
 * the open lead's fields and notes (in the same words as the card's lead editor,
 * components/shared/lead-change-text.ts), and deleting with "Undo".
 */
import { changeText, NOTE_ADDED } from '@/components/shared/lead-change-text';
import { leadsLabel } from '@/components/leads/lead-text';
import { statusLabel, type Lead, type LeadStatus } from '@/lib/leads/lead';
import type { LeadPatch, LeadStore, RemovedLead } from '@/lib/leads/lead-store';
import type { Edit } from './use-pending-edits';
import { followUpsChanged, type Say, type Write } from './use-status-line';

export interface LeadChangesOptions {
  store: LeadStore;
  edit: Edit;
  status: { write: Write; say: Say; sayUndoable: (text: string, onUndo: () => void) => void };
  /** Deleted leads leave the selection and close. */
  onRemoved: (ids: readonly string[]) => void;
}

const whom = (removed: RemovedLead[]) => (removed.length === 1 ? removed[0]!.lead.name : leadsLabel(removed.length));

export function useLeadChanges({ store, edit, status, onRemoved }: LeadChangesOptions) {
  const { write, say, sayUndoable } = status;
  const undo = async (removed: RemovedLead[]) => {
    if (!(await write('undo the delete', () => store.putBack(removed)))) return;
    say(`Put back ${whom(removed)}.`);
    followUpsChanged();
  };
  const remove = async (ids: readonly string[]) => {
    let removed: RemovedLead[] = [];
    if (!(await write('delete', async () => (removed = await store.remove(ids))))) return;
    if (removed.length === 0) return;
    onRemoved(ids);
    sayUndoable(`Deleted ${whom(removed)}.`, () => void undo(removed));
    followUpsChanged();
  };
  const bulkStatus = async (ids: readonly string[], status: LeadStatus) => {
    if (!(await edit(ids, { status }, () => store.bulkUpdate(ids, { status })))) return;
    say(`Set ${leadsLabel(ids.length)} to ${statusLabel(status)}.`);
    followUpsChanged();
  };
  const bulkTags = async (ids: readonly string[], change: { addTags?: string[]; removeTags?: string[] }) => {
    if (!(await write('change the tags', () => store.bulkUpdate(ids, change)))) return;
    say(
      change.addTags
        ? `Tagged ${leadsLabel(ids.length)} “${change.addTags.join(', ')}”.`
        : `Removed “${(change.removeTags ?? []).join(', ')}” from ${leadsLabel(ids.length)}.`,
    );
  };
  /** One lead's status, tags or follow-up (the follow-ups due may change with all but the tags). */
  const update = async (lead: Lead, patch: LeadPatch) => {
    if (!(await edit([lead.personId], patch, () => store.update(lead.personId, patch)))) return;
    say(changeText(patch));
    if (patch.tags === undefined) followUpsChanged();
  };
  const addNote = async (lead: Lead, text: string) => {
    if (await write('add the note', () => store.addNote(lead.personId, text))) say(NOTE_ADDED);
  };
  return { remove, bulkStatus, bulkTags, update, addNote };
}
