/*
 * DetailSection — one on-demand detail of a card (coworkers, team, portfolio): a priced load button
 * before it is asked for, a skeleton while it loads, the error inline with a priced retry, then the
 * content.
 *
 * Props:
 *   title      string — "Coworkers", "Team", "Portfolio"
 *   slot       DetailSlot<T> | undefined — from the tab state
 *   loadLabel  string — the button, with its price ("Load team · 5 credits")
 *   onLoad?    () => void — absent: no button (e.g. a sample, or a view that cannot load)
 *   hint?      string — what the load adds, said next to the button before it is pressed
 *   untitledWhenLoaded? boolean — the loaded content brings its own headings (a fund's portfolio and team)
 *   children   (value: T) => ReactNode — renders the loaded value
 */
import type { ReactNode } from 'react';
import type { DetailSlot } from '../../lib/tab-state/tab-state';
import { creditsLabel } from '../shared/format';
import { DATA_CALL_CREDITS } from '../shared/prices';
import { Skeleton } from '../shared/skeleton';
import { SafeText } from '../shared/safe-text';

export interface DetailSectionProps<T> {
  title: string;
  slot: DetailSlot<T> | undefined;
  loadLabel: string;
  onLoad?: () => void;
  hint?: string;
  untitledWhenLoaded?: boolean;
  children: (value: T) => ReactNode;
}

export function DetailSection<T>({ title, slot, loadLabel, onLoad, hint, untitledWhenLoaded, children }: DetailSectionProps<T>) {
  if (slot?.status === 'loaded') {
    return (
      <div className="detail">
        {!untitledWhenLoaded && <h3 className="detail__title">{title}</h3>}
        {children(slot.value)}
      </div>
    );
  }
  if (slot?.status === 'loading') {
    return (
      <div className="detail">
        <h3 className="detail__title">{title}</h3>
        <Skeleton label={`Loading ${title.toLowerCase()}…`} lines={3} />
      </div>
    );
  }
  if (slot?.status === 'error') {
    return (
      <div className="detail">
        <h3 className="detail__title">{title}</h3>
        <p className="notice notice--danger">
          Could not load {title.toLowerCase()}: <SafeText text={slot.message} />
        </p>
        {onLoad && (
          <button type="button" className="btn btn--small" onClick={onLoad}>
            Retry {title.toLowerCase()} · {creditsLabel(DATA_CALL_CREDITS)}
          </button>
        )}
      </div>
    );
  }
  if (!onLoad) return null;
  return (
    <div className="detail detail--unloaded">
      <button type="button" className="btn btn--small" onClick={onLoad}>
        {loadLabel}
      </button>
      {hint && <p className="muted small">{hint}</p>}
    </div>
  );
}
