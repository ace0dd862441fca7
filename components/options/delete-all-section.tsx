import { useRef } from 'react';
import { ModalDialog } from '@/components/shared/modal-dialog';
import { PRIVACY_PAGE } from '@/lib/privacy/privacy-page';
import { deleteAllSummary, type HeldSecrets, type StoredCounts } from '@/lib/privacy/delete-all-counts';

/** What "Back up leads first" did. */
export interface BackupNote {
  tone: 'ok' | 'error';
  text: string;
}

export interface DeleteAllSectionProps {
  /** The confirmation dialog is open. */
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What would be deleted: undefined while it is counted, null when it could not be. */
  stored: StoredCounts | null | undefined;
  /** What the worker holds that no page can count. */
  held: HeldSecrets;
  /** "Back up leads first": the Leads page's backup file, downloaded from the dialog. */
  onBackUp: () => void;
  backingUp: boolean;
  backup: BackupNote | null;
  /** "Delete everything" in the dialog. */
  onDelete: () => void;
  busy: boolean;
  /** Why the last deletion failed; null when it did not. */
  error: string | null;
}

/**
 * "Delete all data": one confirmation that names what goes, with counts, and offers the leads backup
 * first; then everything the extension keeps is gone and it restarts at its welcome page.
 */
export function DeleteAllSection(props: DeleteAllSectionProps) {
  const { open, onOpenChange, stored, held, onBackUp, backingUp, backup, onDelete, busy, error } = props;
  const cancelRef = useRef<HTMLButtonElement>(null);
  const summary = deleteAllSummary(stored ?? null, held);
  // Nothing to back up once it is known there are no leads.
  const canBackUp = stored?.leads !== 0;
  return (
    <section aria-labelledby="delete-all-heading" className="card">
      <h2 id="delete-all-heading">Your data</h2>
      <p className="help">
        What the extension stores, where, for how long, and what it sends:{' '}
        <a className="inline-link" href={PRIVACY_PAGE}>
          Privacy
        </a>
        .
      </p>
      <p>
        <button type="button" className="btn" disabled={busy} onClick={() => onOpenChange(true)}>
          Delete all data
        </button>
      </p>
      {busy && <p role="status">Deleting…</p>}
      {error && (
        <p role="alert" className="notice notice--danger">
          {error}
        </p>
      )}
      {open && (
        <ModalDialog title="Delete all data" onClose={() => onOpenChange(false)} initialFocus={cancelRef}>
          <p>This deletes everything the extension keeps on this computer.</p>
          {/* Counted live: a lead saved or a contact revealed in another tab while this is open shows here. */}
          <div aria-live="polite" aria-atomic="true">
            {stored === undefined ? (
              <p>Counting what is stored…</p>
            ) : (
              <>
                {summary.counts && (
                  <p>
                    <strong>{summary.counts}</strong>
                  </p>
                )}
                <p>{summary.also}</p>
              </>
            )}
          </div>
          <p>{summary.undo} The extension then starts over at its welcome page.</p>
          {canBackUp && (
            <p>
              <button type="button" className="btn" disabled={backingUp} onClick={onBackUp}>
                Back up leads first
              </button>{' '}
              <span className="help">a file that “Restore leads” on the Leads page reads back.</span>
            </p>
          )}
          {backup && (
            <p
              role={backup.tone === 'error' ? 'alert' : 'status'}
              className={backup.tone === 'error' ? 'notice notice--danger' : undefined}
            >
              {backup.text}
            </p>
          )}
          <div className="modal__actions">
            <button ref={cancelRef} type="button" className="btn" onClick={() => onOpenChange(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn--danger" disabled={backingUp} onClick={onDelete}>
              Delete everything
            </button>
          </div>
        </ModalDialog>
      )}
    </section>
  );
}
