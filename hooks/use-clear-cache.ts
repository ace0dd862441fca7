import { useState } from 'react';
import type { CacheControlsProps } from '@/components/options/cache-controls';
import { sendMessage } from '@/lib/messaging/protocol';

/** "Clear cache" on the options page: the worker forgets stored answers. `onNoAnswer` reports a silent worker. */
export function useClearCache(onNoAnswer: () => void): Required<CacheControlsProps> {
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
  return { cleared, busy, onClear: () => void clear() };
}
