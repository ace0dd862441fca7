import { storage } from 'wxt/utils/storage';
import type { CreditMeter, SelectionStack, TabState } from './tab-state';

// The worker writes these, the pages watch them: `storage.session` survives a worker restart, is
// cleared with the browser session, and is readable only by extension contexts (not content scripts).

export const tabStateKey = (tabId: number) => `session:tab:${tabId}` as const;

export function tabStateItem(tabId: number) {
  return storage.defineItem<TabState | null>(tabStateKey(tabId), { fallback: null });
}

/** The back stack of records opened over the followed tab's view (a popup pick, a clicked coworker). */
export const selectionItem = storage.defineItem<SelectionStack | null>('session:selection', { fallback: null });

export const meterItem = storage.defineItem<CreditMeter | null>('session:meter', { fallback: null });
