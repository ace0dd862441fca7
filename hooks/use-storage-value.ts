import { useEffect, useState } from 'react';

/**
 * What the hook reads: a @wxt-dev/storage item, or a wrapper that reads one through its schema
 * (lib/settings). Must be stable across renders (module-level, or memoised): a new source restarts
 * the read.
 */
export interface StorageSource<T> {
  getValue(): Promise<T>;
  watch(onChange: (value: T) => void): () => void;
}

/**
 * The live value of a storage item: undefined while the first read is pending, then every change
 * written to it. A watch event that lands before the first read wins, so a stale read cannot
 * overwrite a newer value. The one storage hook of the pages.
 */
export function useStorageValue<T>(source: StorageSource<T> | null): T | undefined {
  const [state, setState] = useState<{ source: typeof source; value: T | undefined }>({ source, value: undefined });
  useEffect(() => {
    setState({ source, value: undefined });
    if (!source) return;
    let live = true;
    let watched = false;
    // The same value again (a record read twice, null twice) is no change: no render.
    const show = (value: T) => setState((s) => (s.source === source && Object.is(s.value, value) ? s : { source, value }));
    const unwatch = source.watch((value) => {
      watched = true;
      if (live) show(value);
    });
    source
      .getValue()
      .then((value) => {
        if (live && !watched) show(value);
      })
      .catch((e: unknown) => console.warn('[storage] read failed', e));
    return () => {
      live = false;
      unwatch();
    };
  }, [source]);
  // A value read for the previous source (another tab's item) is never shown for the new one.
  return state.source === source ? state.value : undefined;
}
