/*
 * RevealDialog — the modal "Confirm reveal": which channels are on file, the exact price (the account's
 * reveal price, or its person-read price for a contact the record says this account already unlocked),
 * the balance now and after, and what is left of today's budget (the meter's, with the calls on the wire
 * already taken off). Only "Reveal for N credits" confirms; Cancel, Escape and a backdrop click close it
 * without sending anything.
 */
import { useRef, useState } from 'react';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import { creditsLabel, formatCredits } from '@/components/shared/format';
import { ModalDialog } from '@/components/shared/modal-dialog';
import { SafeText } from '@/components/shared/safe-text';
import { outOfCreditsText } from '@/lib/messages/texts';

export interface RevealDialogProps {
  personName: string;
  /** Channel names on file ("Email", "Telegram") */
  onFile: string[];
  /** From `revealPrice(person, prices)` (lib/worker/reveal-price.ts), with the meter's prices. */
  price: number;
  /** The record says this account already unlocked the contact. */
  unlocked: boolean;
  meter: CreditMeter | null;
  /** Called once, then the dialog closes. */
  onConfirm: () => void;
  onCancel: () => void;
}

export function RevealDialog({ personName, onFile, price, unlocked, meter, onConfirm, onCancel }: RevealDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  // A double click must not send two reveals.
  const [sent, setSent] = useState(false);
  const balance = meter?.balance ?? null;
  // The worker's remainder has the calls on the wire taken off; a meter stored by an older version has none.
  const leftToday = meter ? Math.max(0, meter.remainingToday ?? meter.dailyBudget - meter.spentToday) : null;
  const cannotAfford = balance !== null && balance < price;
  const overBudget = leftToday !== null && leftToday < price;

  return (
    <ModalDialog title="Confirm reveal" onClose={onCancel} initialFocus={cancelRef} className="reveal-dialog">
      <p>
        Reveal{' '}
        <strong>
          <SafeText text={personName} />
        </strong>
        ’s contact channels? Revealed channels are kept on this device and shown again at no cost.
      </p>
      <dl className="facts">
        <dt>On file</dt>
        <dd>{onFile.length > 0 ? onFile.join(', ') : 'No channels on file'}</dd>
        <dt>Price</dt>
        <dd>
          {creditsLabel(price)}
          {unlocked && ' (already unlocked by your account)'}
        </dd>
        <dt>Balance</dt>
        <dd>
          {balance === null ? (
            'unknown'
          ) : (
            <>
              {creditsLabel(balance)} now → {creditsLabel(Math.max(0, balance - price))} after
            </>
          )}
        </dd>
        <dt>Today’s budget</dt>
        <dd>{leftToday === null ? 'unknown' : `${creditsLabel(leftToday)} left of ${formatCredits(meter?.dailyBudget ?? 0)}`}</dd>
      </dl>
      {cannotAfford && <p className="notice notice--danger">{outOfCreditsText({ balance, price })}</p>}
      {!cannotAfford && overBudget && (
        <p className="notice notice--warn">
          This is more than is left of today’s budget, so it may be refused. You can raise the budget in settings.
        </p>
      )}
      <div className="modal__actions">
        <button ref={cancelRef} type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={sent || cannotAfford}
          onClick={() => {
            if (sent) return;
            setSent(true);
            onConfirm();
          }}
        >
          Reveal for {creditsLabel(price)}
        </button>
      </div>
    </ModalDialog>
  );
}
