import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';

/**
 * The tab this panel shows: the pinned one, or the active tab of the panel's own window, kept up to
 * date as the user switches tabs. Tab ids need no `tabs` permission.
 */
export function useFollowedTab(search: string = location.search): { tabId: number | null; pinned: boolean } {
  // `?tabId=N` pins the panel to tab N (pop-out, e2e tests); otherwise it follows the active tab.
  const raw = new URLSearchParams(search).get('tabId');
  const pinnedId = raw !== null && /^\d{1,10}$/.test(raw) ? Number(raw) : null;
  const [activeId, setActiveId] = useState<number | null>(null);

  useEffect(() => {
    if (pinnedId !== null) return;
    let live = true;
    let windowId: number | undefined;

    const refresh = async () => {
      try {
        const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
        if (!live || !tab) return;
        windowId = tab.windowId;
        if (tab.id !== undefined) setActiveId(tab.id);
      } catch (e) {
        console.warn('[sidepanel] cannot read the active tab', e);
      }
    };
    const inOurWindow = (id: number | undefined) => windowId === undefined || id === windowId;
    const onActivated = (info: { tabId: number; windowId: number }) => {
      if (inOurWindow(info.windowId)) setActiveId(info.tabId);
    };
    const onUpdated = (tabId: number, _change: unknown, tab: { active?: boolean; windowId?: number }) => {
      if (tab.active && inOurWindow(tab.windowId)) setActiveId(tabId);
    };
    // Prerendered pages swap the tab id under us.
    const onReplaced = (added: number, removed: number) => setActiveId((current) => (current === removed ? added : current));

    void refresh();
    browser.tabs.onActivated.addListener(onActivated);
    browser.tabs.onUpdated.addListener(onUpdated);
    browser.tabs.onReplaced?.addListener(onReplaced);
    return () => {
      live = false;
      browser.tabs.onActivated.removeListener(onActivated);
      browser.tabs.onUpdated.removeListener(onUpdated);
      browser.tabs.onReplaced?.removeListener(onReplaced);
    };
  }, [pinnedId]);

  return pinnedId !== null ? { tabId: pinnedId, pinned: true } : { tabId: activeId, pinned: false };
}
