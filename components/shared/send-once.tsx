/*
 * A priced action is sent once. From the click until the worker answers (the action's promise settles)
 * or the state it acts on changes (`answeredBy`), its button keeps its name but is aria-disabled and
 * further clicks are ignored: a double click sends one message. The worker dedupes as well; this is the
 * page's half.
 */
import { useRef, useState, type ButtonHTMLAttributes } from 'react';

/** A priced action: sends one message; its promise, when it returns one, settles with the worker's answer. */
export type SendAction = () => void | Promise<unknown>;

interface Sent {
  /** `answeredBy` when it was sent: a different value means the answer (a new state) arrived. */
  readonly for: unknown;
}

/**
 * `sending`: an action was sent and neither its answer nor a new `answeredBy` has arrived. `send` runs an
 * action unless one is still waiting. Share one between buttons that answer each other (either of them pays).
 */
export function useSendOnce(answeredBy?: unknown): { sending: boolean; send: (action: SendAction) => void } {
  const [sent, setSent] = useState<Sent | null>(null);
  // The same click delivered twice before React re-renders still finds the first one here.
  const waiting = useRef<Sent | null>(null);
  const sending = sent !== null && Object.is(sent.for, answeredBy);

  function send(action: SendAction) {
    if (waiting.current !== null && Object.is(waiting.current.for, answeredBy)) return;
    const mark: Sent = { for: answeredBy };
    waiting.current = mark;
    setSent(mark);
    const answer = action();
    if (!answer) return;
    const answered = () => {
      if (waiting.current !== mark) return; // a later send is waiting now
      waiting.current = null;
      setSent(null);
    };
    answer.then(answered, answered);
  }

  return { sending, send };
}

export interface SendButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'type'> {
  onSend: SendAction;
}

/**
 * A priced action's button: one message per click, none while the last one waits for its answer. A new
 * state answers too when the view showing the button is keyed by it (TabStateView keys by `updatedAt`).
 */
export function SendButton({ onSend, ...button }: SendButtonProps) {
  const { sending, send } = useSendOnce();
  return <button type="button" {...button} aria-disabled={sending || undefined} onClick={() => send(onSend)} />;
}
