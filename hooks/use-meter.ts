import { useEffect, useState } from 'react';
import { sendMessage } from '@/lib/messaging/protocol';
import { meterItem } from '@/lib/storage/items';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import { useStorageValue } from './use-storage-value';

/**
 * The credit meter every page shows: the one the worker keeps in storage, live. The page also asks
 * the worker once (`getMeter`, free): it writes a meter the worker has not written yet, and after a
 * 402 it re-asks `/v1/me` (throttled) so a top-up lifts the halt when a page opens. null until known.
 */
export function useMeter(): CreditMeter | null {
  const stored = useStorageValue(meterItem);
  const [asked, setAsked] = useState<CreditMeter | null>(null);
  useEffect(() => {
    let live = true;
    sendMessage('getMeter', undefined)
      .then((meter) => live && setAsked(meter))
      .catch(() => undefined); // the worker may be starting: the storage watch catches up
    return () => {
      live = false;
    };
  }, []);
  // Storage is the truth once written (the worker writes what it answers there too).
  return stored ?? asked;
}
