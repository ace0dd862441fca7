export interface NoKeyNoticeProps {
  /** A key is saved but the API refused it (401): say so instead of "no key". */
  refused?: boolean;
  onOpenSettings: () => void;
}

/** Shown instead of the search when no API key is saved, or the saved one was refused. */
export function NoKeyNotice({ refused = false, onOpenSettings }: NoKeyNoticeProps) {
  return (
    <section className="no-key" aria-label={refused ? 'API key refused' : 'No API key'} role={refused ? 'alert' : undefined}>
      {refused ? (
        <p>
          The API refused the saved key (wrong or revoked). Searching is off until a working key is saved: copy one from the web app (Settings → API).
        </p>
      ) : (
        <p>No API key yet. Add your Directory API key in Settings to search and look up profiles.</p>
      )}
      <button type="button" className="btn btn--primary" onClick={onOpenSettings}>
        Settings
      </button>
    </section>
  );
}
