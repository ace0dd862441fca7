/* The leads ticked in the Leads table: what bulk actions, the export and the HubSpot send act on. */
import { useMemo } from 'react';
import type { Lead } from '@/lib/leads/lead';
import { useSelection } from './use-selection';

export function useLeadSelection(byId: ReadonlyMap<string, Lead>) {
  const { selected, toggleAll, clear, drop } = useSelection();
  // Only the leads still there: a lead deleted elsewhere drops out of the selection's count.
  const selectedLeads = useMemo(() => [...selected].flatMap((id) => byId.get(id) ?? []), [selected, byId]);
  /** Deleted leads leave the selection (`drop`). */
  return { selected, selectedLeads, select: toggleAll, clear, drop };
}
