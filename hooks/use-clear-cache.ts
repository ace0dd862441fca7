import { useState } from 'react';
import { sendMessage } from '@/lib/messaging/protocol';

export interface ClearCacheHandle {
  /** Entries removed by the last clear; null before any. */
  cleared: number | null;
  busy: boolean;
  clear: () => Promise<void>;
}

/** "Clear cache" on the options page: the worker forgets stored answers. `onNoAnswer` reports a silent worker. */
export function useClearCache(onNoAnswer: () => void): ClearCacheHandle {
  const [cleared, setCleared] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  async function clear() {
    setBusy(true);
    try {
      setCleared((await sendMessage('clearCache')).cleared);
    } catch {
      onNoAnswer();
    }
    setBusy(false);
  }
  return { cleared, busy, clear };
}
