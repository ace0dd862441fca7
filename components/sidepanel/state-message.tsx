/*
 * StateMessage — the frame of every non-card state: a heading, what happened and what to do, and
 * the actions. Tone colours the edge only; the words carry the meaning.
 *
 * Props:
 *   title     ReactNode — the heading ("Not in the directory"; may hold a live countdown)
 *   tone?     'neutral' | 'warn' | 'danger' (default 'neutral')
 *   children  ReactNode
 */
import type { ReactNode } from 'react';

export interface StateMessageProps {
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
