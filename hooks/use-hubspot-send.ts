import { useCallback, useRef, useState } from 'react';
import type { HubSpotSendStep } from '@/components/leads/hubspot-send';
import type { CrmChoice } from '@/lib/crm/crm';
import { outcomesText } from '@/lib/crm/crm-text';
import { sendMessage } from '@/lib/messaging/protocol';
import { messageOf } from './use-status-line';

/** The open dialog's step, with the leads it is for; null when closed. */
type OpenSend = (HubSpotSendStep & { personIds: readonly string[]; id: number }) | null;

/**
 * "Send to HubSpot" for the Leads page: the preview (planHubSpotSend, a read) when opened by `start` (the
 * toolbar's scope, or one row's "Needs your choice"), then the send with the rep's choices. Each open has
 * its own id: an answer for a dialog closed since is dropped.
 */
export function useHubSpotSend() {
  const [open, setOpen] = useState<OpenSend>(null);
  const current = useRef(0);
  // Sets a step only while the same open is showing; a refusal or a silent worker ends the dialog with its words.
  const settle = (id: number, ask: Promise<HubSpotSendStep>) =>
    void ask
      .catch((e: unknown): HubSpotSendStep => ({ at: 'done', text: messageOf(e), error: true }))
      .then((step) => setOpen((o) => (o && o.id === id && current.current === id ? { ...step, personIds: o.personIds, id } : o)));

  const start = useCallback((personIds: readonly string[]) => {
    if (personIds.length === 0) return;
    const id = ++current.current;
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

  const close = () => {
    current.current += 1;
    setOpen(null);
  };

  return { open, start, send, close };
}
