import { storage } from 'wxt/utils/storage';
import type { CreditMeter, TabState } from './tab-state';

// The worker writes these, the pages watch them: `storage.session` survives a worker restart, is
// cleared with the browser session, and is readable only by extension contexts (not content scripts).

export const tabStateKey = (tabId: number) => `session:tab:${tabId}` as const;

export function tabStateItem(tabId: number) {
  return storage.defineItem<TabState | null>(tabStateKey(tabId), { fallback: null });
}

/** The record picked from a popup search, shown in the side panel above the tab's own state. */
export const selectionItem = storage.defineItem<TabState | null>('session:selection', { fallback: null });

export const meterItem = storage.defineItem<CreditMeter | null>('session:meter', { fallback: null });
