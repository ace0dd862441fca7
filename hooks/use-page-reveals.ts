/*
 * The revealed channels a page shows, from the worker's one reveal store: per person for the account in
 * use (and under another account), and which channels each person has revealed at all (the "revealed"
 * filter and the HubSpot search by a channel).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useRef } from 'react';
import type { ContactChannelId } from '@/lib/api/contact-channels';
import { allReveals, type RevealRecord } from '@/lib/credits/reveals';
import { revealsByPerson } from '@/lib/leads/lead-reveals';
import type { CreditMeter } from '@/lib/tab-state/tab-state';

const NO_REVEALS: readonly RevealRecord[] = [];

/** `meter`: names the account in use (its reveals are its own; the rest were revealed under another). */
export function usePageReveals(meter: CreditMeter | null) {
  const accountInUse = meter?.accountId ?? null;
  // Every account's reveals, newest first, read straight from the one reveal store (the records database's
  // `reveals` table, read only) and again whenever any context writes one: this page, the panel or
  // another window. A failed read keeps the last.
  const last = useRef<readonly RevealRecord[]>(NO_REVEALS);
  const rows = useLiveQuery(
    async () => {
      try {
        last.current = await allReveals();
      } catch {
        // storage blocked: keep the last answer
      }
      return last.current;
    },
    [],
    NO_REVEALS,
  );
  const reveals = useMemo(() => revealsByPerson(rows, accountInUse), [rows, accountInUse]);
  const revealedChannels = useMemo(() => {
    const byPerson = new Map<string, Set<ContactChannelId>>();
    for (const r of rows) {
      const set = byPerson.get(r.personId) ?? new Set<ContactChannelId>();
      for (const [id, value] of Object.entries(r.channels)) if (typeof value === 'string' && value.trim()) set.add(id as ContactChannelId);
      byPerson.set(r.personId, set);
    }
    return byPerson;
  }, [rows]);
  return { rows, accountInUse, reveals, revealedChannels };
}
