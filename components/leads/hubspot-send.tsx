/*
 * "Send to HubSpot": the toolbar button, and the dialog with the preview (a read of HubSpot, nothing
 * written) that names every lead and what the send does with it, asks "Which contact is …?" where HubSpot
 * may already hold the person, offers ours over a teammate's values, and sends with those choices.
 * Props in, events out: the page (hooks/use-leads-crm.ts) sends the messages; the rep's picks are this
 * dialog's own state until Send.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ModalDialog } from '@/components/shared/modal-dialog';
import { SafeText } from '@/components/shared/safe-text';
import type { CrmChoice, CrmChoosable, CrmPlan, CrmPlanItem } from '@/lib/crm/crm';
import * as preview from '@/lib/crm/crm-preview';
import type { CrmPick, CrmResolved } from '@/lib/crm/crm-preview';
import * as words from '@/lib/crm/crm-text';

export const SEND_TO_HUBSPOT = 'Send to HubSpot';

/** The toolbar's "Send to HubSpot" for `count` leads (the selection, else the open lead): aria-disabled at 0 rather than vanishing. */
export function HubSpotSendButton({ count, onOpen }: { count: number; onOpen: () => void }) {
  return (
    <button type="button" className="btn" aria-disabled={count === 0 || undefined} onClick={() => count > 0 && onOpen()}>
      {SEND_TO_HUBSPOT}
    </button>
  );
}

export type HubSpotSendStep =
  { at: 'planning' } | { at: 'plan'; plan: CrmPlan } | { at: 'sending' } | { at: 'done'; text: string; error?: boolean };

export interface HubSpotSendDialogProps {
  step: HubSpotSendStep;
  /** The choices built from the rep's answers (only leads touched, or whose default applies). */
  onSend: (choices: CrmChoice[]) => void;
  onClose: () => void;
}

/** Render while open (the page mounts it per send, so the picks start blank for each preview). */
export function HubSpotSendDialog({ step, onSend, onClose }: HubSpotSendDialogProps) {
  const [picks, setPicks] = useState<ReadonlyMap<string, CrmPick>>(new Map());
  const closeRef = useRef<HTMLButtonElement>(null);
  const waitingId = useId();
  const choicesId = useId();
  const plan = step.at === 'plan' ? step.plan : null;
  const resolved = useMemo(() => (plan ? preview.resolvePlan(plan, picks) : []), [plan, picks]);
  const choices = plan ? preview.decisions(plan) : [];
  const counts = preview.countActions(resolved);
  const leads = preview.sendCount(counts);

  // The Send button goes once pressed: focus stays in the dialog, on Cancel / Close.
  useEffect(() => {
    const button = closeRef.current;
    const dialog = button?.closest('[role="dialog"]');
    if (button && dialog && !dialog.contains(document.activeElement)) button.focus();
  }, [step.at]);

  const pick = (personId: string, change: CrmPick) => setPicks((p) => new Map(p).set(personId, { ...p.get(personId), ...change }));

  return (
    <ModalDialog title={SEND_TO_HUBSPOT} onClose={onClose} className="hubspot-send">
      {step.at === 'planning' && <p role="status">Checking HubSpot (a read, nothing is written)…</p>}
      {step.at === 'sending' && <p role="status">Sending to HubSpot…</p>}
      {step.at === 'done' && <p role={step.error ? 'alert' : 'status'}>{step.text}</p>}
      {plan && (
        <>
          <p>{words.planText(counts, preview.companiesToCreate(resolved))}</p>
          {/* The questions, above the lists: a long send keeps them together in one scrolling block. */}
          {choices.length > 0 && (
            <section className="hubspot-send__choices" aria-labelledby={choicesId}>
              <h3 id={choicesId}>Your choices</h3>
              {choices.map((item) => (
                <Decision
                  key={item.personId}
                  item={item}
                  resolved={resolved.find((r) => r.item.personId === item.personId)!}
                  pick={picks.get(item.personId)}
                  onPick={(change) => pick(item.personId, change)}
                />
              ))}
            </section>
          )}
          <PlanLists resolved={resolved} />
        </>
      )}
      <div className="actions hubspot-send__actions">
        {plan && counts.choose > 0 && (
          <p id={waitingId} className="hubspot-send__waiting">
            {words.waitingText(counts.choose)}
          </p>
        )}
        {plan && leads > 0 && (
          <button
            type="button"
            className="btn btn--primary"
            aria-describedby={counts.choose > 0 ? waitingId : undefined}
            onClick={() => onSend(preview.crmChoices(plan, picks))}
          >
            {words.sendLabel(leads)}
          </button>
        )}
        <button ref={closeRef} type="button" className="btn" onClick={onClose}>
          {step.at === 'done' ? 'Close' : 'Cancel'}
        </button>
      </div>
    </ModalDialog>
  );
}

interface DecisionProps {
  item: CrmPlanItem;
  resolved: CrmResolved;
  pick: CrmPick | undefined;
  onPick: (change: CrmPick) => void;
}

function Decision({ item, resolved, pick, onPick }: DecisionProps) {
  const id = useId();
  const checked = preview.pickedContact(item, pick);
  const ours = pick?.useOurs ?? [];
  const setOurs = (field: CrmChoosable, on: boolean) => onPick({ useOurs: on ? [...ours, field] : ours.filter((f) => f !== field) });
  return (
    <div className="hubspot-send__decision">
      {preview.asksWhich(item) && (
        // A fieldset may be a radiogroup (ARIA in HTML): named by its legend through aria-labelledby.
        <fieldset role="radiogroup" aria-labelledby={`${id}-which`}>
          <legend id={`${id}-which`}>
            <SafeText text={words.whichContact(item.name)} />
          </legend>
          {preview.candidatesOf(item).map((c) => (
            <label key={c.contactId} className="hubspot-send__option">
              <input
                type="radio"
                name={`${id}-contact`}
                checked={checked === c.contactId}
                onChange={() => onPick({ contactId: c.contactId })}
              />{' '}
              <SafeText text={words.candidateLabel(c)} />
            </label>
          ))}
          <label className="hubspot-send__option">
            <input type="radio" name={`${id}-contact`} checked={checked === 'new'} onChange={() => onPick({ contactId: 'new' })} />{' '}
            {words.CREATE_NEW_CONTACT}
          </label>
        </fieldset>
      )}
      {resolved.conflicts.length > 0 && (
        <fieldset aria-describedby={`${id}-help`}>
          <legend>
            <SafeText text={words.teammateValues(item.name)} />
          </legend>
          <p id={`${id}-help`} className="help">
            {words.TEAMMATE_VALUES_HELP}
          </p>
          {resolved.conflicts.map((c) => (
            <label key={c.field} className="hubspot-send__option">
              <input type="checkbox" checked={ours.includes(c.field)} onChange={(e) => setOurs(c.field, e.target.checked)} />{' '}
              <SafeText text={words.oursLabel(c)} />
            </label>
          ))}
        </fieldset>
      )}
    </div>
  );
}

/** Every lead by name under what the send does with it (a scrolling region: a send may hold hundreds). */
function PlanLists({ resolved }: { resolved: CrmResolved[] }) {
  const id = useId();
  return (
    // Focusable so the keyboard can scroll it (it holds no control of its own).
    <div className="hubspot-send__lists" role="region" aria-label="Leads in this send" tabIndex={0}>
      {words.PLAN_GROUPS.map(({ action, heading }) => {
        const rows = resolved.filter((r) => r.action === action);
        if (rows.length === 0) return null;
        return (
          <section key={action} role="group" aria-labelledby={`${id}-${action}`}>
            <h3 id={`${id}-${action}`}>{`${heading} (${rows.length})`}</h3>
            <ul>
              {rows.map((r) => (
                <li key={r.item.personId}>
                  <SafeText text={words.planLine(r)} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
