/*
 * What the side panel shows: the followed tab's state (pushed by the worker as it writes it, held while
 * the next profile is looked up), the popup's back stack over that tab, and the shown person's reveal.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { readReveal } from '@/lib/credits/page-reveals';
import type { TabStatePush } from '@/lib/messaging/watch-port';
import { selectionItem } from '@/lib/tab-state/items';
import { isMatchState, type SelectionEntry } from '@/lib/tab-state/tab-state';
import { useHeldCard } from './use-held-card';
import { useStorageValue } from './use-storage-value';
import { useTabState } from './use-tab-state';
import { useWatchTab } from './use-watch-tab';

const NO_ENTRIES: readonly SelectionEntry[] = [];

export function usePanelView(tabId: number | null, accountId: string | null) {
  // While this panel shows a tab, profiles on it are looked up automatically (the default setting).
  // The worker pushes the shown tab's state as it writes it: the card need not wait for storage.session.
  const [pushed, setPushed] = useState<TabStatePush | null>(null);
  useWatchTab(tabId, setPushed);
  // A card stays while the tab's next profile is looked up, and the answer replaces it in place (no
  // skeleton for a few frames): see lib/tab-state/hold-card.ts.
  const tabState = useHeldCard(useTabState(tabId, pushed));
  // The back stack is shown over the tab it was opened over only (the worker clears it when that tab is
  // left; a stack not yet bound to a tab is a popup pick waiting for this panel).
  const selection = useStorageValue(selectionItem) ?? null;
  const stack: readonly SelectionEntry[] =
    selection && (selection.tabId === null || selection.tabId === tabId) ? selection.entries : NO_ENTRIES;

  // Revealed channels have one copy, the reveal store: the shown person's entry for this account is
  // watched there, so a reveal made on another tab (or in the popup's card) shows here at no cost.
  const shown = stack.at(-1)?.state ?? tabState;
  const shownPersonId = isMatchState(shown) ? shown.person?.id : undefined;
  // The read names whose reveal it is: while the next person's is read, the last person's is not shown for them.
  const whose = accountId && shownPersonId ? `${accountId}\n${shownPersonId}` : null;
  const read = useLiveQuery(
    async () =>
      accountId && shownPersonId ? { whose, record: (await readReveal(accountId, shownPersonId).catch(() => undefined)) ?? null } : null,
    [accountId, shownPersonId],
  );
  const revealed = whose && read?.whose === whose ? read.record : undefined;
  return { tabState, stack, revealed };
}
