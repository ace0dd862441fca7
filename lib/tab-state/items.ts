import { storage } from 'wxt/utils/storage';
import { METER_ITEM, SELECTION_ITEM, pagePeopleItemKey, tabStateItemKey } from '@/lib/storage/keys';
import type { PagePeopleState } from './page-people';
import type { CreditMeter, SelectionStack, TabState } from './tab-state';

// The typed storage items of what the panels show (keys: lib/storage/keys.ts). storage.session: the worker writes, the
// pages watch; it survives a worker restart, is cleared with the browser session, and no content script reads it.

/** "People on this page": the rows of the list page a tab shows (lib/worker/people-on-page.ts writes). */
export function pagePeopleItem(tabId: number) {
  return storage.defineItem<PagePeopleState | null>(pagePeopleItemKey(tabId), { fallback: null });
}

export function tabStateItem(tabId: number) {
  return storage.defineItem<TabState | null>(tabStateItemKey(tabId), { fallback: null });
}

/** The back stack of records opened over the followed tab's view (a popup pick, a clicked coworker). */
export const selectionItem = storage.defineItem<SelectionStack | null>(SELECTION_ITEM, { fallback: null });

export const meterItem = storage.defineItem<CreditMeter | null>(METER_ITEM, { fallback: null });
