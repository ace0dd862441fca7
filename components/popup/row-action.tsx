import type { ReactNode } from 'react';

/** A result row's main content: a button that opens it, or plain marked text for sample rows. */
export function RowAction({ onPick, children }: { onPick: (() => void) | undefined; children: ReactNode }) {
  if (!onPick) {
    return (
      <span className="result-button result-button--sample">
        <span className="chip">SAMPLE</span> {children}
      </span>
    );
  }
  return (
    <button type="button" className="result-button" onClick={onPick}>
      {children}
    </button>
  );
}
