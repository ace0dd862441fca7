/*
 * The lead opened from the Leads table: which one, its dated snapshot and its shares of charges split
 * among many people (each read tagged with whose it is, so the previous lead's never shows for the
 * next), and focus: each "open" moves it to the lead (also when it was open already), "Close" gives it
 * back to the lead's name in the table.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { OPEN_LEAD_ATTRIBUTE } from '@/components/leads/leads-table';
import type { Lead } from '@/lib/leads/lead';
import { sharedCosts } from '@/lib/leads/lead-costs';
import type { LeadStore } from '@/lib/leads/lead-store';
import { useLeadsQuery } from '@/lib/leads/page-leads';

export function useOpenLead(store: LeadStore, byId: ReadonlyMap<string, Lead>) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [openRequest, setOpenRequest] = useState(0);
  const detailRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (openRequest > 0) detailRef.current?.focus();
  }, [openRequest]);

  const snapshotRead = useLeadsQuery(
    async (l) => ({ personId: openId, snapshot: openId ? ((await l.snapshot(openId)) ?? null) : null }),
    `snapshot:${openId ?? ''}`,
    store,
  );
  const costsRead = useLeadsQuery(
    async (l) => ({ personId: openId, shares: openId ? sharedCosts(await l.db.costs.where('personId').equals(openId).toArray()) : [] }),
    `costs:${openId ?? ''}`,
    store,
  );

  const open = useCallback((personId: string) => {
    setOpenId(personId);
    setOpenRequest((n) => n + 1);
  }, []);
  const close = useCallback(() => {
    const id = openId;
    setOpenId(null);
    const names = document.querySelectorAll<HTMLElement>(`[${OPEN_LEAD_ATTRIBUTE}]`);
    [...names].find((el) => el.getAttribute(OPEN_LEAD_ATTRIBUTE) === id)?.focus();
  }, [openId]);
  /** A deleted lead closes (focus then goes to the status line's "Undo"). */
  const forget = useCallback((ids: readonly string[]) => setOpenId((id) => (id && ids.includes(id) ? null : id)), []);

  return {
    openId,
    openLead: openId ? byId.get(openId) : undefined,
    snapshot: snapshotRead && snapshotRead.personId === openId ? snapshotRead.snapshot : undefined,
    costShares: costsRead && costsRead.personId === openId ? costsRead.shares : undefined,
    detailRef,
    open,
    close,
    forget,
  };
}
