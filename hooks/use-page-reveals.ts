/*
 * The revealed channels a page shows, from the worker's one reveal store: per person for the account in
 * use (and under another account), and which channels each person has revealed at all (the "revealed"
 * filter and the HubSpot search by a channel).
 */
import { useMemo } from 'react';
import type { ContactChannelId } from '@/lib/api/contact-channels';
import { revealsByPerson } from '@/lib/leads/lead-reveals';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import type { RevealRecord } from '@/lib/credits/reveals';
import { useReveals } from './use-reveals';

const NO_REVEALS: readonly RevealRecord[] = [];

/** `meter`: names the account in use (its reveals are its own; the rest were revealed under another). */
export function usePageReveals(meter: CreditMeter | null) {
  const accountInUse = meter?.accountId ?? null;
  const rows = useReveals() ?? NO_REVEALS;
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
