/*
 * ConfirmSpendDialog — asks before a spend the budget would otherwise stop ("Look up anyway").
 *
 * Props:
 *   title         string — dialog name ("Confirm lookup")
 *   children      ReactNode — what will happen and what it costs
 *   confirmLabel  string — the confirm button ("Look up for 5 credits")
 *   onConfirm     () => void — called once, then the dialog closes
 *   onCancel      () => void
 */
import { useRef, useState, type ReactNode } from 'react';
import { ModalDialog } from '../shared/modal-dialog';

export interface ConfirmSpendDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmSpendDialog({ title, children, confirmLabel, onConfirm, onCancel }: ConfirmSpendDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [sent, setSent] = useState(false);
  return (
    <ModalDialog title={title} onClose={onCancel} initialFocus={cancelRef}>
      {children}
      <div className="modal__actions">
        <button ref={cancelRef} type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={sent}
          onClick={() => {
            if (sent) return;
            setSent(true);
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
