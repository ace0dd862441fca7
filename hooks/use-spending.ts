import { useCallback, useEffect, useState } from 'react';
import { sendMessage, type Spending } from '@/lib/messaging/protocol';
import type { CreditMeter } from '@/lib/tab-state/tab-state';

/**
 * The spending the worker's ledger holds (null until the worker answered; `refresh` re-reads it, a local
 * read in the worker, no API call). Every spend moves the meter, so it is re-read when the
 * meter's balance or spend changes, at most every second.
 */
export function useSpending(meter: CreditMeter | null) {
  const [spending, setSpending] = useState<Spending | null>(null);

  const refresh = useCallback(() => {
    sendMessage('getSpending')
      .then(setSpending)
      // Shown as "loading" until the background answers; the key section reports the outage.
      .catch(() => undefined);
  }, []);

  useEffect(refresh, [refresh]);

  const spentToday = meter?.spentToday;
  const balance = meter?.balance;
  const known = meter !== null;
  useEffect(() => {
    if (!known) return;
    const timer = setTimeout(refresh, 1000);
    return () => clearTimeout(timer);
  }, [known, spentToday, balance, refresh]);

  return { spending, refresh };
}
