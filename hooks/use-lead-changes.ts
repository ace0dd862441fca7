/*
 * What the rep changes on the Leads page, each said on the status line: the selection's status and tags,
 * the open lead's fields and notes (in the same words as the card's lead editor,
 * components/leads/lead-text.ts), deleting with "Undo", the open lead's paid actions, and the files
 * (export, back up, restore).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { downloadText } from '@/components/shared/download-file';
import { changeText, leadsLabel, NOTE_ADDED } from '@/components/leads/lead-text';
import type { RevealRecord } from '@/lib/credits/reveals';
import { recordIds } from '@/lib/crm/crm-links';
import { contactsFromLeads } from '@/lib/leads/export/contact';
import { exportContacts, type EXPORT_KINDS } from '@/lib/leads/export/export';
import { statusLabel, type Lead, type LeadStatus } from '@/lib/leads/lead';
import { backedUpMessage, leadsBackupFile, readBackup, restoredText } from '@/lib/leads/lead-backup';
import type { CrmLink } from '@/lib/leads/lead-db';
import type { LeadPatch, LeadStore, RemovedLead } from '@/lib/leads/lead-store';
import { answerEdit, dropEdits, settledEdits, startEdit, withEdits, type PendingEdits } from '@/lib/leads/pending-edits';
import { creditsLabel } from '@/lib/messages/texts';
import { sendMessage } from '@/lib/messaging/protocol';
import { followUpsChanged, messageOf, type Say, type Write } from './use-status-line';

const NO_LEADS: readonly Lead[] = [];

type Edit = (ids: readonly string[], patch: LeadPatch, run: () => Promise<Lead | Lead[] | undefined>) => Promise<boolean>;

/**
 * The rep's edits show at once, laid over the leads until the read-back has them (lib/leads/pending-edits.ts);
 * `edit` shows a change to some leads' status, tags or follow-up, writes it, then keeps what the store answered.
 */
export function usePendingEdits(leads: readonly Lead[] | undefined, write: Write) {
  const [edits, setEdits] = useState<PendingEdits>(new Map());
  const all = useMemo(() => withEdits(leads ?? NO_LEADS, edits), [leads, edits]);
  const byId = useMemo(() => new Map(all.map((l) => [l.personId, l])), [all]);
  useEffect(() => {
    const settled = settledEdits(byId, edits);
    if (settled.length > 0) setEdits((e) => dropEdits(e, settled));
  }, [byId, edits]);

  const edit = useCallback<Edit>(
    async (ids, patch, run) => {
      setEdits((e) => startEdit(e, ids, patch));
      let answered: Lead[] = [];
      const ok = await write('save the change', async () => {
        answered = [await run()].flat().filter((l): l is Lead => !!l);
      });
      setEdits((e) => (ok ? answerEdit(e, answered) : dropEdits(e, ids)));
      return ok;
    },
    [write],
  );
  return { all, byId, edit };
}

export interface LeadChangesOptions {
  store: LeadStore;
  edit: Edit;
  status: { write: Write; say: Say; sayUndoable: (text: string, onUndo: () => void) => void };
  /** Deleted leads leave the selection and close. */
  onRemoved: (ids: readonly string[]) => void;
  /** An export takes the leads selected, else every lead the search and filters show (`matches`). */
  selectedLeads: readonly Lead[];
  matches: readonly Lead[];
  /** Every reveal row, and the account in use (whose reveals an export carries). */
  revealed: { rows: readonly RevealRecord[]; accountInUse: string | null };
  crmLinks: readonly CrmLink[];
  now: () => number;
  today: string;
  /** Reads every lead again (a restore may change one without moving its updatedAt). */
  readAll: () => void;
}

const whom = (removed: RemovedLead[]) => (removed.length === 1 ? removed[0]!.lead.name : leadsLabel(removed.length));

export function useLeadChanges(o: LeadChangesOptions) {
  const { store, edit, onRemoved } = o;
  const { write, say, sayUndoable } = o.status;
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
  return { remove, bulkStatus, bulkTags, update, addNote, ...usePaidLeadActions(say), files: leadsFiles(o) };
}

/*
 * The open lead's paid actions, asked of the worker by message: "Reveal contact" (after the confirm
 * dialog, with the price it quoted) and "Refresh". A reveal's refusal is drawn on the card it was asked
 * from; a refresh's is said on the status line.
 */
function usePaidLeadActions(say: Say) {
  // The reveal in flight (no `error` yet), or the last one refused.
  const [reveal, setReveal] = useState<{ personId: string; error?: string } | null>(null);
  const revealing = reveal !== null && reveal.error === undefined;
  const ask = async (lead: Lead, quoted: number) => {
    if (revealing) return;
    setReveal({ personId: lead.personId });
    try {
      const outcome = await sendMessage('revealLead', { personId: lead.personId, confirmed: true, quoted });
      if (outcome.ok) say(`Revealed ${lead.name}’s contact for ${creditsLabel(outcome.creditsCharged)}.`);
      setReveal(outcome.ok ? null : { personId: lead.personId, error: outcome.message });
    } catch (e) {
      setReveal({ personId: lead.personId, error: messageOf(e) });
    }
  };
  const refresh = async (lead: Lead) => {
    try {
      const outcome = await sendMessage('refreshLead', { personId: lead.personId });
      if (outcome.ok) say(`Refreshed ${lead.name}’s record for ${creditsLabel(outcome.creditsCharged)}.`);
      else say(outcome.message, { tone: 'error' });
    } catch (e) {
      say(messageOf(e), { tone: 'error' });
    }
  };
  return {
    reveal: ask,
    refresh,
    /** Whether this lead's reveal is in flight. */
    revealingFor: (personId: string) => revealing && reveal.personId === personId,
    /** This lead's last reveal refusal. */
    revealErrorFor: (personId: string) => (reveal?.personId === personId ? reveal.error : undefined),
  };
}

/*
 * The Leads page's files: export the selection (or every lead the search and filters show when nothing
 * is selected) as a file or to the clipboard, back up every lead, restore from a backup.
 */
function leadsFiles(o: LeadChangesOptions) {
  const { selectedLeads, matches, store } = o;
  const { say, write } = o.status;
  const targets = selectedLeads.length > 0 ? selectedLeads : matches;
  const scope = selectedLeads.length > 0 ? `the ${leadsLabel(selectedLeads.length)} selected` : `all ${leadsLabel(matches.length)} shown`;

  const runExport = async (kind: (typeof EXPORT_KINDS)[number]) => {
    try {
      // The HubSpot file carries each sent lead's "Record ID" in the connected portal.
      const hubspot = kind.id === 'hubspot' ? await sendMessage('hubspotStatus').catch(() => null) : null;
      const records = recordIds(o.crmLinks, hubspot?.portalId ?? null);
      const contacts = contactsFromLeads(targets, o.revealed.rows, o.revealed.accountInUse, records);
      const file = exportContacts(kind.id, contacts, { now: o.now() });
      const done = leadsLabel(file.exported);
      const left = file.skippedMessage ? ` ${file.skippedMessage}` : '';
      if (kind.to === 'clipboard') {
        await navigator.clipboard.writeText(file.text);
        say(`Copied ${done}.${left}`);
      } else {
        downloadText(file.fileName, file.text, file.mimeType);
        say(`Exported ${done} to ${file.fileName}.${left}`);
      }
    } catch (e) {
      say(`${kind.label}: the export failed (${messageOf(e)}).`, { tone: 'error' });
    }
  };

  const backUp = () =>
    write('back up the leads', async () => {
      const file = leadsBackupFile(await store.backup(), o.today);
      downloadText(file.fileName, file.text, file.type);
      say(backedUpMessage(file));
    });
  const restore = async (file: File) => {
    const read = readBackup(await file.text());
    if (!read.ok) return say(read.message, { tone: 'error' });
    await write('restore the leads', async () => {
      // A merge may add an older note to a lead without moving its updatedAt: read everything after it.
      o.readAll();
      // What the restore refused or set right (another person's record, future times) is said with the counts.
      say(restoredText({ ...(await store.restore(read.backup)), skipped: read.skipped }));
      followUpsChanged();
    });
  };
  return { exportScope: scope, canExport: targets.length > 0, runExport, backUp, restore };
}
