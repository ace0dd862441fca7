/*
 * RevealDialog — the modal "Confirm reveal": the person's company's trust signals (defunct, its X account's
 * risk) before anything is paid, which channels are on file, and the governor's quote
 * (lib/credits/quote.ts, over the meter): the exact price (the account's reveal price, or its person-read
 * price for a contact a record of this account says is already unlocked), the balance now and after, and
 * what is left of today's budget. A reveal the quote refuses (today's budget cannot hold it while it is
 * sent, or the balance cannot pay it) says why here and cannot be confirmed: nothing is refused after the
 * click. Only "Reveal for N credits" confirms; Cancel, Escape and a backdrop click close it unsent.
 */
import { useRef, useState } from 'react';
import type { Quote } from '@/lib/credits/quote';
import { formatCredits } from '@/components/shared/format';
import { ModalDialog } from '@/components/shared/modal-dialog';
import { asOfLabel } from '@/components/shared/credit-meter-bar';
import { SafeText } from '@/components/shared/safe-text';
import { creditsLabel, quoteRefusalText } from '@/lib/messages/texts';
import type { Project } from '@/lib/api';
import { CompanyTrust } from './trust-signals';

export interface RevealDialogProps {
  personName: string;
  /** The person's company (`person.company`): warned of when defunct or its X account is risky. */
  company?: Project | null;
  /** Channel names on file ("Email", "Telegram") */
  onFile: string[];
  /** `meterQuote(meter, { endpoint: revealEndpoint(…) })`: what the click pays, and whether it may. */
  quote: Quote;
  /** The record says this account already unlocked the contact. */
  unlocked: boolean;
  /** Today's budget (the meter's), for "N left of M"; null: unknown. */
  dailyBudget: number | null;
  /** When the quote's balance was read (the meter's): dated when a while ago. */
  balanceAt?: number | null;
  /** Called once, with the price confirmed, then the dialog closes. */
  onConfirm: (quoted: number) => void;
  onCancel: () => void;
}

export function RevealDialog(props: RevealDialogProps) {
  const { quote, unlocked, dailyBudget, onConfirm, onCancel } = props;
  const cancelRef = useRef<HTMLButtonElement>(null);
  // A double click must not send two reveals.
  const [sent, setSent] = useState(false);
  const { price, balance, remainingToday, refusal } = quote;

  return (
    <ModalDialog title="Confirm reveal" onClose={onCancel} initialFocus={cancelRef} className="reveal-dialog">
      <p>
        Reveal{' '}
        <strong>
          <SafeText text={props.personName} />
        </strong>
        ’s contact channels? Revealed channels are kept on this device and shown again at no cost.
      </p>
      <CompanyTrust company={props.company} />
      <dl className="facts">
        <dt>On file</dt>
        <dd>{props.onFile.length > 0 ? props.onFile.join(', ') : 'No channels on file'}</dd>
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
              {creditsLabel(balance)}
              {asOfLabel(props.balanceAt) || ' now'} → {creditsLabel(Math.max(0, balance - price))} after
            </>
          )}
        </dd>
        <dt>Today’s budget</dt>
        <dd>
          {dailyBudget === null || !Number.isFinite(remainingToday)
            ? 'unknown'
            : `${creditsLabel(remainingToday)} left of ${formatCredits(dailyBudget)}`}
        </dd>
      </dl>
      {refusal !== null && (
        <p className={`notice ${refusal === 'budget' ? 'notice--warn' : 'notice--danger'}`} role="alert">
          {quoteRefusalText(quote)}
        </p>
      )}
      <div className="modal__actions">
        <button ref={cancelRef} type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={sent || refusal !== null}
          onClick={() => {
            if (sent) return;
            setSent(true);
            onConfirm(price);
          }}
        >
          Reveal for {creditsLabel(price)}
        </button>
      </div>
    </ModalDialog>
  );
}
