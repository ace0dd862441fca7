import { useEffect, useState } from 'react';
import type { WxtStorageItem } from 'wxt/utils/storage';

/**
 * The live value of a storage item: undefined while the first read is pending, then every change the
 * worker writes. A watch event that lands before the first read wins, so a stale read cannot
 * overwrite a newer state.
 */
export function useStorageValue<T>(item: WxtStorageItem<T, Record<string, unknown>> | null): T | undefined {
  const [state, setState] = useState<{ item: typeof item; value: T | undefined }>({ item, value: undefined });
  useEffect(() => {
    setState({ item, value: undefined });
    if (!item) return;
    let live = true;
    let watched = false;
    const unwatch = item.watch((value) => {
      watched = true;
      if (live) setState({ item, value });
    });
    item
      .getValue()
      .then((value) => {
        if (live && !watched) setState({ item, value });
      })
      .catch((e: unknown) => console.warn('[sidepanel] storage read failed', e));
    return () => {
      live = false;
      unwatch();
    };
  }, [item]);
  // A value read for the previous item (tab) is never shown for the new one.
  return state.item === item ? state.value : undefined;
}
