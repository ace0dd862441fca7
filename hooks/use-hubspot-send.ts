import { useCallback, useRef, useState } from 'react';
import type { HubSpotSendStep } from '@/components/leads/hubspot-send';
import type { CrmChoice } from '@/lib/crm/crm';
import { outcomesText } from '@/lib/crm/crm-text';
import { sendMessage } from '@/lib/messaging/protocol';
import { messageOf } from './use-status-line';

export interface HubSpotSendHandle {
  /** The open dialog's step, with the leads it is for; null when closed. */
  open: (HubSpotSendStep & { personIds: readonly string[]; id: number }) | null;
  /** Opens the preview for these leads (the toolbar's scope, or one row's "Needs your choice"). */
  start: (personIds: readonly string[]) => void;
  send: (choices: CrmChoice[]) => void;
  close: () => void;
}

/**
 * "Send to HubSpot" for the Leads page: the preview (planHubSpotSend, a read) when opened, then the send
 * with the rep's choices. Each open has its own id: an answer for a dialog closed since is dropped.
 */
export function useHubSpotSend(): HubSpotSendHandle {
  const [open, setOpen] = useState<HubSpotSendHandle['open']>(null);
  const current = useRef(0);
  // Sets a step only while the same open is showing.
  const stepFor = useCallback(
    (id: number, step: HubSpotSendStep) =>
      setOpen((o) => (o && o.id === id && current.current === id ? { ...step, personIds: o.personIds, id } : o)),
    [],
  );

  const start = useCallback(
    (personIds: readonly string[]) => {
      if (personIds.length === 0) return;
      const id = ++current.current;
      setOpen({ at: 'planning', personIds, id });
      sendMessage('planHubSpotSend', { personIds: [...personIds] })
        .then((out) => stepFor(id, out.ok ? { at: 'plan', plan: out.plan } : { at: 'done', text: out.message, error: true }))
        .catch((e: unknown) => stepFor(id, { at: 'done', text: messageOf(e), error: true }));
    },
    [stepFor],
  );

  const send = useCallback(
    (choices: CrmChoice[]) => {
      if (!open) return;
      const { id, personIds } = open;
      stepFor(id, { at: 'sending' });
      sendMessage('sendToHubSpot', { personIds: [...personIds], ...(choices.length ? { choices } : {}) })
        .then((out) =>
          stepFor(id, out.ok ? { at: 'done', text: outcomesText(out.outcomes) } : { at: 'done', text: out.message, error: true }),
        )
        .catch((e: unknown) => stepFor(id, { at: 'done', text: messageOf(e), error: true }));
    },
    [open, stepFor],
  );

  const close = useCallback(() => {
    current.current += 1;
    setOpen(null);
  }, []);

  return { open, start, send, close };
}
