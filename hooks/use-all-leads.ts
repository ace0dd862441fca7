import { liveQuery } from 'dexie';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Lead } from '@/lib/leads/lead';
import { applyLeadChanges, readLeadChanges, type MirrorState } from '@/lib/leads/lead-mirror';
import type { LeadStore } from '@/lib/leads/lead-store';

/**
 * Every lead, kept current when any context changes one (Dexie's liveQuery) while reading only what
 * changed (lib/leads/lead-mirror.ts): an edit on a page of 10,000 leads costs a few milliseconds, not a
 * re-read of all of them. undefined until the first read. `readAll`: the next change is read in full
 * (after a restore, which may merge into a lead without moving its `updatedAt`).
 */
export function useAllLeads(store: LeadStore): { leads: Lead[] | undefined; readAll: () => void } {
  const [leads, setLeads] = useState<Lead[] | undefined>(undefined);
  const state = useRef<MirrorState | null>(null);
  const full = useRef(false);
  useEffect(() => {
    state.current = null;
    const subscription = liveQuery(() => readLeadChanges(store.db, full.current ? null : state.current)).subscribe({
      next: (read) => {
        if (read.kind === 'full') full.current = false;
        state.current = applyLeadChanges(state.current, read);
        setLeads([...state.current.byId.values()]);
      },
      // A failed read (storage blocked) leaves the last answer.
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [store]);
  const readAll = useCallback(() => void (full.current = true), []);
  return { leads, readAll };
}
