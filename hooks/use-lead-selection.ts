/* The leads ticked in the Leads table: what bulk actions, the export and the HubSpot send act on. */
import { useCallback, useMemo, useState } from 'react';
import type { Lead } from '@/lib/leads/lead';

export function useLeadSelection(byId: ReadonlyMap<string, Lead>) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Only the leads still there: a lead deleted elsewhere drops out of the selection's count.
  const selectedLeads = useMemo(() => [...selected].flatMap((id) => byId.get(id) ?? []), [selected, byId]);
  const select = useCallback((ids: readonly string[], on: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  /** Deleted leads leave the selection. */
  const drop = useCallback((ids: readonly string[]) => setSelected((s) => new Set([...s].filter((id) => !ids.includes(id)))), []);
  return { selected, selectedLeads, select, clear, drop };
}
