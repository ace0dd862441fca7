import { useRef, useState } from 'react';
import { ModalDialog } from '@/components/shared/modal-dialog';

export interface DeleteAllSectionProps {
  /** "Delete everything" in the dialog. */
  onDelete: () => void;
  busy: boolean;
  /** Why the last deletion failed; null when it did not. */
  error: string | null;
  /** The privacy page's address (what is stored, where). */
  privacyHref: string;
}

/** "Delete all data": one confirmation, then everything the extension keeps is gone and it restarts at its welcome page. */
export function DeleteAllSection({ onDelete, busy, error, privacyHref }: DeleteAllSectionProps) {
  const [open, setOpen] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <section aria-labelledby="delete-all-heading" className="card">
      <h2 id="delete-all-heading">Your data</h2>
      <p className="help">
        What the extension stores, where, for how long, and what it sends:{' '}
        <a className="inline-link" href={privacyHref}>
          Privacy
        </a>
        .
      </p>
      <p>
        <button type="button" className="btn" disabled={busy} onClick={() => setOpen(true)}>
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
        <ModalDialog title="Delete all data" onClose={() => setOpen(false)} initialFocus={cancelRef}>
          <p>
            This deletes everything the extension keeps on this computer: the API key, settings, cached answers, the spending ledger,
            revealed contacts, and your saved leads with their notes. It cannot be undone; revealing a contact again costs credits. The
            extension then starts over at its welcome page.
          </p>
          <div className="modal__actions">
            <button ref={cancelRef} type="button" className="btn" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => {
                setOpen(false);
                onDelete();
              }}
            >
              Delete everything
            </button>
          </div>
        </ModalDialog>
      )}
    </section>
  );
}
