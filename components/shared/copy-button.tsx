/*
 * CopyButton — copies a value to the clipboard and says so for a moment.
 *
 * Props (stable):
 *   value   string — what to copy
 *   label   string — what it is, for the accessible name ("Copy email")
 *   text?   string — the button's text before it is pressed (default "Copy")
 */
import { useEffect, useState } from 'react';

export interface CopyButtonProps {
  value: string;
  label: string;
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
  return (
    <button type="button" className="btn btn--small btn--ghost" aria-label={`Copy ${label}`} onClick={() => void copy()}>
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed' : text}
    </button>
  );
}
