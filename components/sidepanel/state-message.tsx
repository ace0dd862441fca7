/*
 * StateMessage — the frame of every non-card state: a heading, what happened and what to do, and
 * the actions. Tone colours the edge only; the words carry the meaning.
 */
import type { ReactNode } from 'react';

export interface StateMessageProps {
  /** The heading ("Not in the directory"; may hold a live countdown) */
  title: ReactNode;
  tone?: 'neutral' | 'warn' | 'danger';
  children?: ReactNode;
}

export function StateMessage({ title, tone = 'neutral', children }: StateMessageProps) {
  return (
    <div className={`state state--${tone}`}>
      <h2 className="state__title">{title}</h2>
      {children}
    </div>
  );
}
