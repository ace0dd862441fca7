import { useId, type ReactNode } from 'react';

export interface ResultGroupProps {
  /** The group's heading, which also names its list ("People", "Projects"). */
  heading: string;
  /** Shown under the list when it has no rows (the group itself is always there). */
  emptyText: string;
  count: number;
  /** The rows: `<li>` elements. */
  children: ReactNode;
}

/** One group of a popup search's results: a heading, the list it names, and what an empty list means. */
export function ResultGroup({ heading, emptyText, count, children }: ResultGroupProps) {
  const headingId = useId();
  return (
    <section className="result-group">
      <h2 id={headingId}>{heading}</h2>
      <ul role="list" aria-labelledby={headingId} className="result-list">
        {children}
      </ul>
      {count === 0 && <p className="empty">{emptyText}</p>}
    </section>
  );
}
