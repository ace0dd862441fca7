/*
 * ModalDialog — an accessible modal: role="dialog", aria-modal, named by its title; focus moves in on
 * open, Tab/Shift+Tab cycle inside it, Escape and a backdrop click close it, and focus returns to
 * whatever had it before (the trigger) when it unmounts. The rest of the page is made `inert` while
 * it is open so a pointer cannot reach it either.
 *
 * Render it only while open: `{open && <ModalDialog …/>}`.
 */
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';

export interface ModalDialogProps {
  /** Heading and accessible name ("Confirm reveal") */
  title: string;
  /** Escape, backdrop click (the caller's Cancel calls it too) */
  onClose: () => void;
  children: ReactNode;
  /** What gets focus on open (default: first focusable) */
  initialFocus?: RefObject<HTMLElement | null>;
  className?: string;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE));
}

export function ModalDialog({ title, onClose, children, initialFocus, className }: ModalDialogProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  // On open: make the page behind inert, keep focus inside (even when it arrives from outside: a
  // click elsewhere, a screen reader jump) and move it in. On close: undo, then return focus to the
  // trigger — in that order, because an inert element cannot take focus.
  useEffect(() => {
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (!dialog) return;
    const host = dialog.closest<HTMLElement>('[data-modal-host]');
    const madeInert: HTMLElement[] = [];
    for (const sibling of Array.from(document.body.children)) {
      if (sibling !== host && sibling instanceof HTMLElement && !sibling.hasAttribute('inert')) {
        sibling.setAttribute('inert', '');
        madeInert.push(sibling);
      }
    }
    const onFocusIn = (e: FocusEvent) => {
      if (e.target instanceof Node && !dialog.contains(e.target)) (focusables(dialog)[0] ?? dialog).focus();
    };
    document.addEventListener('focusin', onFocusIn);
    (initialFocus?.current ?? focusables(dialog)[0] ?? dialog).focus();
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      for (const el of madeInert) el.removeAttribute('inert');
      if (returnTo && returnTo.isConnected) returnTo.focus();
    };
    // Once per open: the dialog is mounted only while open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== 'Tab') return;
    // Tab past the last (Shift+Tab before the first, or from outside) wraps around; with nothing to focus, Tab stays.
    const items = focusables(dialog);
    const active = document.activeElement;
    const outside = !dialog.contains(active);
    const [edge, wrapTo] = e.shiftKey ? [items[0], items.at(-1)] : [items.at(-1), items[0]];
    if (!wrapTo || active === edge || outside) {
      e.preventDefault();
      wrapTo?.focus();
    }
  };

  return createPortal(
    <div className="modal-backdrop" data-modal-host="" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={className ? `modal ${className}` : 'modal'}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="modal__title">
          {title}
        </h2>
        {children}
      </div>
    </div>,
    document.body,
  );
}
