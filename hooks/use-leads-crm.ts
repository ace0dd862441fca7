/*
 * HubSpot on the Leads page: what a send left on each lead (live from the leads database) and who is
 * already there (asked again when a reveal makes a channel known: the worker then searches by it),
 * drawn as one line per row; and the send's preview dialog.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { HubSpotSendStep } from '@/components/leads/hubspot-send';
import type { CrmRowText } from '@/components/leads/leads-table';
import type { ContactChannelId } from '@/lib/api/contact-channels';
import type { CrmChoice } from '@/lib/crm/crm';
import { IN_HUBSPOT, linkText, markDetail, outcomesText } from '@/lib/crm/crm-text';
import type { Lead } from '@/lib/leads/lead';
import type { LeadStore } from '@/lib/leads/lead-store';
import { useLeadsQuery } from '@/lib/leads/page-leads';
import { sendMessage } from '@/lib/messaging/protocol';
import { useHubSpotMarks } from './use-hubspot-marks';
import { messageOf } from './use-status-line';

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

/** The open dialog's step, with the leads it is for; null when closed. */
type OpenSend = (HubSpotSendStep & { personIds: readonly string[]; id: number }) | null;

/**
 * "Send to HubSpot" for the Leads page: the preview (planHubSpotSend, a read) when opened by `start` (the
 * toolbar's scope, or one row's "Needs your choice"), then the send with the rep's choices. Each open has
 * its own id: an answer for a dialog closed since is dropped.
 */
function useHubSpotSend() {
  const [open, setOpen] = useState<OpenSend>(null);
  const opens = useRef(0);
  // Sets a step only while the same open is showing; a refusal or a silent worker ends the dialog with its words.
  const settle = (id: number, ask: Promise<HubSpotSendStep>) =>
    void ask
      .catch((e: unknown): HubSpotSendStep => ({ at: 'done', text: messageOf(e), error: true }))
      .then((step) => setOpen((o) => (o?.id === id ? { ...step, personIds: o.personIds, id } : o)));

  const start = useCallback((personIds: readonly string[]) => {
    if (personIds.length === 0) return;
    const id = ++opens.current;
    setOpen({ at: 'planning', personIds, id });
    settle(
      id,
      sendMessage('planHubSpotSend', { personIds: [...personIds] }).then((out) =>
        out.ok ? { at: 'plan', plan: out.plan } : { at: 'done', text: out.message, error: true },
      ),
    );
  }, []);

  const send = (choices: CrmChoice[]) => {
    if (!open) return;
    const { id, personIds } = open;
    setOpen({ at: 'sending', personIds, id });
    settle(
      id,
      sendMessage('sendToHubSpot', { personIds: [...personIds], ...(choices.length ? { choices } : {}) }).then((out) =>
        out.ok ? { at: 'done', text: outcomesText(out.outcomes) } : { at: 'done', text: out.message, error: true },
      ),
    );
  };

  return { open, start, send, close: () => setOpen(null) };
}
