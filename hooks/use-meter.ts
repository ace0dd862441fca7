import { useEffect, useState } from 'react';
import { sendMessage } from '@/lib/messaging/protocol';
import { meterItem } from '@/lib/tab-state/items';
import { balanceFresh, type CreditMeter } from '@/lib/tab-state/tab-state';
import { useStorageValue } from './use-storage-value';

/**
 * The credit meter every page shows: the one the worker keeps in storage, live. The worker is asked
 * (`getMeter`, free) only when storage cannot answer: no meter written yet, a balance read a while ago,
 * or a 402 halt that a top-up may have lifted (the worker re-reads `/v1/me`, throttled). Not on every open: a page closed
 * with that question in flight (a popup that closes itself) makes Firefox log an error. null until known.
 */
export function useMeter(): CreditMeter | null {
  const stored = useStorageValue(meterItem);
  const [asked, setAsked] = useState<CreditMeter | null>(null);
  // undefined while the first read is pending: wait for it before deciding.
  const ask = stored === null || stored?.halted402 === true || (stored?.hasKey === true && !balanceFresh(stored.balanceAt, Date.now()));
  useEffect(() => {
    if (!ask) return;
    let live = true;
    sendMessage('getMeter', undefined)
      .then((meter) => live && setAsked(meter))
      .catch(() => undefined); // the worker may be starting: the storage watch catches up
    return () => {
      live = false;
    };
  }, [ask]);
  // Storage is the truth once written (the worker writes what it answers there too).
  return stored ?? asked;
}
