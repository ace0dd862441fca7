/*
 * ActionStatus — the page's one status line (a polite live region, always in the page so screen
 * readers hear each change): what the last action did, and "Undo" after a delete. Each message is
 * drawn anew (keyed), so the same words twice are announced twice.
 */
import type { Ref } from 'react';
import { SafeText } from '@/components/shared/safe-text';

export interface ActionMessage {
  /** Distinguishes two equal messages. */
  id: number;
  text: string;
  tone?: 'error';
  onUndo?: () => void;
}

export function ActionStatus({ message, undoRef }: { message: ActionMessage | null; undoRef?: Ref<HTMLButtonElement> }) {
  return (
    <div className="leads-status" role="status">
      {message && (
        <p key={message.id} className={message.tone === 'error' ? 'leads-status__text leads-status__text--error' : 'leads-status__text'}>
          <SafeText text={message.text} />
          {message.onUndo && (
            <>
              {' '}
              <button ref={undoRef} type="button" className="btn btn--small" onClick={message.onUndo}>
                Undo
              </button>
            </>
          )}
        </p>
      )}
    </div>
  );
}
