import { creditsLabel } from '@/lib/messages/texts';
import { AUTO_LOOKUP_LABELS, type AutoLookupMode } from '@/lib/settings';

export interface FirstUseNoteProps {
  /** "Look up profiles automatically" as set. */
  mode: AutoLookupMode;
  /** What one lookup costs (`pricesOf(meter).search`). */
  price: number;
  onOpenSettings: () => void;
  onDismiss: () => void;
}

/** Said once, until dismissed: what automatic lookups cost while the panel is open, and where to change that. */
export function FirstUseNote({ mode, price, onOpenSettings, onDismiss }: FirstUseNoteProps) {
  const what =
    mode === 'never'
      ? 'Profiles are looked up only when you click Look up'
      : `${mode === 'always' ? 'Every' : 'While this panel is open, each'} new X or LinkedIn profile you visit is looked up by itself`;
  return (
    <aside className="notice first-use-note" aria-label="How lookups are paid">
      <p>
        {what}: {creditsLabel(price)} each, nothing for one already known. Automatic lookups: {AUTO_LOOKUP_LABELS[mode]}.{' '}
        <button type="button" className="link-button" onClick={onOpenSettings}>
          Change in settings
        </button>
      </p>
      <button type="button" className="btn btn--small btn--ghost" onClick={onDismiss}>
        Got it
      </button>
    </aside>
  );
}
