/*
 * NoKeyView — status `no-key`: nothing can be looked up until an API key is saved.
 */
import { StateMessage } from './state-message';

export interface NoKeyViewProps {
  onOpenSettings: () => void;
}

export function NoKeyView({ onOpenSettings }: NoKeyViewProps) {
  return (
    <StateMessage title="Add your API key">
      <p>
        Paste your Directory API key in the settings to see who is on screen. The key stays in the extension’s background and is never shown
        to web pages.
      </p>
      <button type="button" className="btn btn--primary" onClick={onOpenSettings}>
        Open settings
      </button>
    </StateMessage>
  );
}
