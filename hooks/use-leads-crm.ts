/*
 * HubSpot on the Leads page: what a send left on each lead (live from the leads database) and who is
 * already there (asked again when a reveal makes a channel known: the worker then searches by it),
 * drawn as one line per row; and the send's preview dialog.
 */
import { useCallback, useMemo } from 'react';
import type { CrmRowText } from '@/components/leads/leads-table';
import type { ContactChannelId } from '@/lib/api/contact-channels';
import { IN_HUBSPOT, linkText, markDetail } from '@/lib/crm/crm-text';
import type { Lead } from '@/lib/leads/lead';
import type { LeadStore } from '@/lib/leads/lead-store';
import { useLeadsQuery } from '@/lib/leads/page-leads';
import { useHubSpotMarks } from './use-hubspot-marks';
import { useHubSpotSend } from './use-hubspot-send';

export function useLeadsCrm(store: LeadStore, all: readonly Lead[], revealed: ReadonlyMap<string, ReadonlySet<ContactChannelId>>) {
  const crmLinks = useLeadsQuery(async (l) => l.db.crmLinks.toArray(), 'crmLinks', store);
  const { marks, enabled: marking, refresh: refreshMarks } = useHubSpotMarks(all, revealed);
  const rowText = useMemo(() => {
    const map = new Map<string, CrmRowText>();
    for (const [personId, mark] of marks) if (mark) map.set(personId, { text: IN_HUBSPOT, detail: markDetail(mark), failed: false });
    for (const link of crmLinks ?? []) {
      const said = linkText(link);
      // A failure or a lead held for the rep's choice says so over the mark: the rep has something to do.
      if (said && (said.failed || said.needsChoice || !map.has(link.personId))) map.set(link.personId, said);
    }
    return map;
  }, [marks, crmLinks]);
  const send = useHubSpotSend();
  const { start } = send;
  // A row's "Needs your choice": the preview for that lead alone.
  const chooseFor = useCallback((personId: string) => start([personId]), [start]);
  return { crmLinks: crmLinks ?? [], rowText, marking, refreshMarks, send, chooseFor };
}
