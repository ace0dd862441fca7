/*
 * Skeleton — grey placeholder lines that reserve the space of content still loading, so nothing
 * jumps when it arrives. The container is aria-busy and carries a hidden label for screen readers.
 */
export interface SkeletonProps {
  /** What is loading ("Loading team…") */
  label: string;
  /** Placeholder lines (default 3) */
  lines?: number;
  /** A round placeholder before the lines. */
  avatar?: boolean;
}

export function Skeleton({ label, lines = 3, avatar = false }: SkeletonProps) {
  return (
    <div className="skeleton" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {avatar && <span className="skeleton__avatar" aria-hidden="true" />}
      <span className="skeleton__lines" aria-hidden="true">
        {Array.from({ length: lines }, (_, i) => (
          <span key={i} className="skeleton__line" style={{ width: `${[70, 90, 55, 80, 65][i % 5]}%` }} />
        ))}
      </span>
    </div>
  );
}
