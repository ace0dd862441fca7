/*
 * CopyButton — copies a value to the clipboard and says so for a moment.
 */
import { useEffect, useState } from 'react';

export interface CopyButtonProps {
  value: string;
  /** What it is, for the accessible name ("Copy email") */
  label: string;
  /** The button's text before it is pressed (default "Copy") */
  text?: string;
}

export function CopyButton({ value, label, text = 'Copy' }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 1500);
    return () => clearTimeout(t);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  const said = state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : '';
  return (
    <>
      <button type="button" className="btn btn--small btn--ghost" aria-label={`Copy ${label}`} onClick={() => void copy()}>
        {said || text}
      </button>
      {/* The button's name stays "Copy …" (its label wins over its text): the outcome is announced here. */}
      <span className="visually-hidden" aria-live="polite">
        {said}
      </span>
    </>
  );
}
