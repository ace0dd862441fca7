/*
 * DetailSection — one on-demand detail of a card (coworkers, team, portfolio): a priced load button
 * before it is asked for, a skeleton while it loads, the error inline with a priced retry, then the
 * content. Load and Retry send once: they wait for the slot to change (or the message's answer).
 */
import { creditsLabel } from '@/lib/messages/texts';
import type { ReactNode } from 'react';
import type { DetailSlot } from '@/lib/tab-state/tab-state';
import { useSendOnce, type SendAction } from '@/components/shared/send-once';
import { Skeleton } from '@/components/shared/skeleton';
import { SafeText } from '@/components/shared/safe-text';

export interface DetailSectionProps<T> {
  /** "Coworkers", "Team", "Portfolio" */
  title: string;
  slot: DetailSlot<T> | undefined;
  /** The button's words ("Load team"); its price is added ("Load team · 5 credits"). */
  loadLabel: string;
  /** What the detail call costs: the account's price for its endpoint. */
  price: number;
  /** Absent: no button (e.g. a sample, or a view that cannot load) */
  onLoad?: SendAction;
  /** What the load adds, said next to the button before it is pressed. */
  hint?: string;
  /** The loaded content brings its own headings (a fund's portfolio and team) */
  untitledWhenLoaded?: boolean;
  children: (value: T) => ReactNode;
}

export function DetailSection<T>({ title, slot, loadLabel, price, onLoad, hint, untitledWhenLoaded, children }: DetailSectionProps<T>) {
  // The worker's answer is the slot changing (loading, then loaded or an error).
  const { sending, send } = useSendOnce(slot);
  const what = title.toLowerCase();
  const load = (label: string) =>
    onLoad && (
      <button type="button" className="btn btn--small" aria-disabled={sending || undefined} onClick={() => send(onLoad)}>
        {label} · {creditsLabel(price)}
      </button>
    );
  if (!slot) {
    return onLoad ? (
      <div className="detail detail--unloaded">
        {load(loadLabel)}
        {hint && <p className="muted small">{hint}</p>}
      </div>
    ) : null;
  }
  return (
    <div className="detail">
      {!(slot.status === 'loaded' && untitledWhenLoaded) && <h3 className="detail__title">{title}</h3>}
      {slot.status === 'loaded' && children(slot.value)}
      {slot.status === 'loading' && <Skeleton label={`Loading ${what}…`} lines={3} />}
      {slot.status === 'error' && (
        <>
          <p className="notice notice--danger">
            Could not load {what}: <SafeText text={slot.message} />
          </p>
          {load(`Retry ${what}`)}
        </>
      )}
    </div>
  );
}
