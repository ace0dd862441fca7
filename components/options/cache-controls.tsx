export interface CacheControlsProps {
  onClear: () => void;
  busy?: boolean;
  /** Entries removed by the last clear; null before any. */
  cleared: number | null;
}

/** "Clear cache": forget stored answers (revealed contacts are kept). Looking them up again costs credits. */
export function CacheControls({ onClear, busy = false, cleared }: CacheControlsProps) {
  return (
    <div className="cache-controls">
      <p className="help">
        Cached answers are reused for free until the cache lifetime runs out. Clearing them means the next lookups are paid again. Revealed
        contacts are kept.
      </p>
      <button type="button" className="btn" disabled={busy} onClick={onClear}>
        Clear cache
      </button>
      <p role="status" className="save-status">
        {cleared === null ? '' : `Cleared ${cleared} cached ${cleared === 1 ? 'entry' : 'entries'}.`}
      </p>
    </div>
  );
}
