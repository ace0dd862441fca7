import { useLiveQuery } from 'dexie-react-hooks';
import { useRef } from 'react';
import { allReveals } from '@/lib/credits/page-reveals';
import type { RevealRecord } from '@/lib/credits/reveals';

/**
 * Every account's revealed contacts, newest first, read straight from the one reveal store (the records
 * database's `reveals` table, read only) and read again whenever any context writes one: a reveal from
 * this page, the panel or another window. null until the first read; a failed read keeps the last.
 */
export function useReveals(): readonly RevealRecord[] | null {
  const last = useRef<readonly RevealRecord[] | null>(null);
  return useLiveQuery(
    async () => {
      try {
        last.current = await allReveals();
      } catch {
        // storage blocked: keep the last answer
      }
      return last.current;
    },
    [],
    null,
  );
}
