import { useEffect, useState } from 'react';
import { sendMessage, type MessageResponse } from '@/lib/messaging/protocol';
import { watchReveals } from '@/lib/credits/page-reveals';

export type RevealsAnswer = MessageResponse<'getReveals'>;

/**
 * Every account's revealed contacts and the account in use, as the worker reads them from the one
 * reveal store (`getReveals`, free, local). Asked again whenever a reveal is written (a reveal from this
 * page, the panel or another window) and when `accountKey` (the meter's account) changes. null until
 * the first answer; a later answer never loses to an earlier one that arrives after it.
 */
export function useReveals(accountKey: string | null | undefined): RevealsAnswer | null {
  const [answer, setAnswer] = useState<RevealsAnswer | null>(null);
  useEffect(() => {
    let live = true;
    let asked = 0;
    const ask = () => {
      const mine = ++asked;
      sendMessage('getReveals', undefined)
        .then((a) => live && mine === asked && setAnswer(a))
        .catch(() => undefined); // the worker may be starting: the next reveal written asks again
    };
    ask();
    const unwatch = watchReveals(ask);
    return () => {
      live = false;
      unwatch();
    };
  }, [accountKey]);
  return answer;
}
