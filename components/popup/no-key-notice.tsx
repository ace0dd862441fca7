import { KEY_REFUSED_LABEL, SAVED_KEY_REFUSED } from '@/lib/messages/texts';

export interface NoKeyNoticeProps {
  /** A key is saved but the API refused it (401): say so instead of "no key". */
  refused?: boolean;
  onOpenSettings: () => void;
}

/** Shown instead of the search when no API key is saved, or the saved one was refused. */
export function NoKeyNotice({ refused = false, onOpenSettings }: NoKeyNoticeProps) {
  return (
    <section className="no-key" aria-label={refused ? KEY_REFUSED_LABEL : 'No API key'} role={refused ? 'alert' : undefined}>
      {refused ? <p>{SAVED_KEY_REFUSED}</p> : <p>No API key yet. Add your Directory API key in Settings to search and look up profiles.</p>}
      <button type="button" className="btn btn--primary" onClick={onOpenSettings}>
        Settings
      </button>
    </section>
  );
}
