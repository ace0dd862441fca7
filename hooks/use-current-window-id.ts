import { useEffect, useRef, type RefObject } from 'react';
import { browser } from 'wxt/browser';

/**
 * The id of the window this page is in, read once. A ref, not state: it is read inside click handlers
 * that must call `sidePanel.open` before any await (the user gesture), and nothing renders it.
 */
export function useCurrentWindowId(): RefObject<number | undefined> {
  const windowId = useRef<number | undefined>(undefined);
  useEffect(() => {
    browser.windows
      .getCurrent()
      .then((w) => {
        windowId.current = w.id;
      })
      .catch(() => undefined);
  }, []);
  return windowId;
}
