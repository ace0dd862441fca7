/*
 * "Send to HubSpot": the button, and its dialog with the preview (a read of HubSpot, nothing written)
 * and "Send N leads". Props in, events out: the page sends the messages.
 */
import { useState } from 'react';
import { ModalDialog } from '@/components/shared/modal-dialog';
import type { CrmPlan } from '@/lib/crm/crm';
import { planLeads, planText } from '@/lib/crm/crm-text';

export interface HubSpotSendProps {
  /** Leads it would send (the selection, else the open lead). */
  count: number;
  onPlan: () => Promise<{ ok: true; plan: CrmPlan } | { ok: false; message: string }>;
  /** Resolves with the words to show once the send is over. */
  onSend: () => Promise<string>;
}

type Step =
  { at: 'closed' } | { at: 'planning' } | { at: 'plan'; plan: CrmPlan } | { at: 'sending' } | { at: 'done'; text: string; error?: boolean };

export function HubSpotSend({ count, onPlan, onSend }: HubSpotSendProps) {
  const [step, setStep] = useState<Step>({ at: 'closed' });
  const open = () => {
    setStep({ at: 'planning' });
    void onPlan().then((out) => setStep(out.ok ? { at: 'plan', plan: out.plan } : { at: 'done', text: out.message, error: true }));
  };
  const send = () => {
    setStep({ at: 'sending' });
    void onSend().then((text) => setStep({ at: 'done', text }));
  };
  const close = () => setStep({ at: 'closed' });
  const leads = step.at === 'plan' ? planLeads(step.plan) : 0;
  return (
    <>
      <button type="button" className="btn" aria-disabled={count === 0 || undefined} onClick={() => count > 0 && open()}>
        Send to HubSpot
      </button>
      {step.at !== 'closed' && (
        <ModalDialog title="Send to HubSpot" onClose={close}>
          {step.at === 'planning' && <p role="status">Checking HubSpot (a read, nothing is written)…</p>}
          {step.at === 'sending' && <p role="status">Sending to HubSpot…</p>}
          {step.at === 'plan' && <p>{planText(step.plan)}</p>}
          {step.at === 'done' && <p role={step.error ? 'alert' : 'status'}>{step.text}</p>}
          <div className="actions">
            {step.at === 'plan' && leads > 0 && (
              <button type="button" className="btn btn--primary" onClick={send}>
                {`Send ${leads} ${leads === 1 ? 'lead' : 'leads'}`}
              </button>
            )}
            <button type="button" className="btn" onClick={close}>
              {step.at === 'done' ? 'Close' : 'Cancel'}
            </button>
          </div>
        </ModalDialog>
      )}
    </>
  );
}
