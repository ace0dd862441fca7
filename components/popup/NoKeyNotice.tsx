export interface NoKeyNoticeProps {
  onOpenSettings: () => void;
}

/** Shown instead of the search when no API key is saved. */
export function NoKeyNotice({ onOpenSettings }: NoKeyNoticeProps) {
  return (
    <section className="no-key" aria-label="No API key">
      <p>No API key yet. Add your Directory API key in Settings to search and look up profiles.</p>
      <button type="button" className="btn btn--primary" onClick={onOpenSettings}>
        Settings
      </button>
    </section>
  );
}
