import { storage, type StorageItemKey } from 'wxt/utils/storage';
import { METER_ITEM, SELECTION_ITEM, pagePeopleItemKey, tabStateItemKey } from '@/lib/storage/keys';
import type { PagePeopleState } from './page-people';
import type { CreditMeter, SelectionStack, TabState } from './tab-state';

// The typed storage items of what the panels show (keys: lib/storage/keys.ts). storage.session: the worker writes, the
// pages watch; it survives a worker restart, is cleared with the browser session, and no content script reads it.
const item = <T>(key: StorageItemKey) => storage.defineItem<T | null>(key, { fallback: null });

/** "People on this page": the rows of the list page a tab shows (lib/worker/people-on-page.ts writes). */
export const pagePeopleItem = (tabId: number) => item<PagePeopleState>(pagePeopleItemKey(tabId));
export const tabStateItem = (tabId: number) => item<TabState>(tabStateItemKey(tabId));
/** The back stack of records opened over the followed tab's view (a popup pick, a clicked coworker). */
export const selectionItem = item<SelectionStack>(SELECTION_ITEM);
export const meterItem = item<CreditMeter>(METER_ITEM);
