/*
 * The Leads page's one status line: what the last action did (a polite live region), "Undo" after a
 * delete with focus moved onto it, and `write`, which says a failed write to the leads database
 * instead of throwing it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ActionMessage } from '@/components/leads/action-status';
import { sendMessage } from '@/lib/messaging/protocol';

export const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

export type Say = (text: string, extra?: Omit<ActionMessage, 'id' | 'text'>) => void;
/** Runs a write; false (and the reason said) when it failed. */
export type Write = (what: string, run: () => Promise<unknown>) => Promise<boolean>;

/** The toolbar badge and the popup count follow-ups due: the worker counts again after a change. */
export const followUpsChanged = () => void sendMessage('followUpsChanged', undefined).catch(() => undefined);

/** A write to the leads database: its answer, or undefined when it failed (storage blocked, the database gone), said not thrown. */
export async function sayFailure<T>(say: Say, what: string, run: () => Promise<T>): Promise<T | undefined> {
  try {
    return await run();
  } catch (e) {
    say(`Could not ${what}: ${messageOf(e)}`, { tone: 'error' });
    return undefined;
  }
}

export function useStatusLine() {
  const [message, setMessage] = useState<ActionMessage | null>(null);
  const said = useRef(0);
  const undoRef = useRef<HTMLButtonElement>(null);
  const focusUndo = useRef(false);
  const say = useCallback<Say>((text, extra = {}) => {
    setMessage({ id: ++said.current, text, ...extra });
  }, []);
  /** Says what was done with its "Undo", and moves focus there once it is drawn. */
  const sayUndoable = useCallback(
    (text: string, onUndo: () => void) => {
      focusUndo.current = true;
      say(text, { onUndo });
    },
    [say],
  );
  useEffect(() => {
    if (focusUndo.current) {
      focusUndo.current = false;
      undoRef.current?.focus();
    }
  }, [message]);

  const write = useCallback<Write>(async (what, run) => (await sayFailure(say, what, () => run().then(() => true))) ?? false, [say]);
  return { message, undoRef, say, sayUndoable, write };
}
