import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { BackupNote, DeleteAllSectionProps } from '@/components/options/delete-all-section';
import { downloadText } from '@/components/shared/download-file';
import { dayKey } from '@/lib/credits/day-key';
import { backedUpMessage, leadsBackupFile } from '@/lib/leads/lead-backup';
import { pageLeads } from '@/lib/leads/page-leads';
import { sendMessage } from '@/lib/messaging/protocol';
import { BACKGROUND_NO_ANSWER, DELETE_ALL_FAILED } from '@/lib/messages/texts';
import { backupFailedMessage, readStoredCounts, type StoredCounts } from '@/lib/privacy/delete-all-counts';
import { pageDb } from '@/lib/storage/page-records';

/** The section's state and events, named as it takes them; the two actions resolve when done. */
export type DeleteAllHandle = Omit<DeleteAllSectionProps, 'held' | 'onBackUp' | 'onDelete'> &
  Record<'onBackUp' | 'onDelete', () => Promise<void>>;

const messageOf = (e: unknown) => (e instanceof Error && e.message ? e.message : String(e));

/**
 * "Delete all data" on the options page. While its dialog is open the page counts what would go (a live
 * query over the leads and records databases, read only: a lead saved or a reveal paid in another tab
 * shows at once) and offers the leads backup; "Delete everything" asks the worker, which wipes every store
 * and restarts the extension, closing this page.
 */
export function useDeleteAll(): DeleteAllHandle {
  const [open, setOpenState] = useState(false);
  const [backingUp, setBackingUp] = useState(false);
  const [backup, setBackup] = useState<BackupNote | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // Read only while the dialog is open (closed, it reads nothing: undefined, so it opens on "counting"); null: could not count.
  const stored = useLiveQuery<StoredCounts | null | undefined>(
    () => (open ? readStoredCounts(pageLeads(), pageDb()).catch(() => null) : undefined),
    [open],
  );

  function setOpen(next: boolean) {
    if (next) setBackup(null);
    setOpenState(next);
  }

  async function backUp() {
    setBackingUp(true);
    try {
      const file = leadsBackupFile(await pageLeads().backup(), dayKey(Date.now()));
      downloadText(file.fileName, file.text, file.type);
      setBackup({ tone: 'ok', text: backedUpMessage(file) });
    } catch (e) {
      setBackup({ tone: 'error', text: backupFailedMessage(messageOf(e)) });
    }
    setBackingUp(false);
  }

  async function deleteAll() {
    setOpenState(false);
    setBusy(true);
    setError(null);
    try {
      await sendMessage('deleteAllData');
    } catch (e) {
      setError(`${DELETE_ALL_FAILED} ${e instanceof Error && e.message ? e.message : BACKGROUND_NO_ANSWER}`);
      setBusy(false);
    }
    // On success the restart closes this page: it stays busy until then.
  }

  return { open, onOpenChange: setOpen, stored, onBackUp: backUp, backingUp, backup, onDelete: deleteAll, busy, error };
}
