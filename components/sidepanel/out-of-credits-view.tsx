/*
 * OutOfCreditsView — status `out-of-credits` (a 402, or automatic calls halted on one): nothing
 * retries; the account holder has to top up. The state's sentence is the table's (lib/messages/texts.ts),
 * which says what was charged as the ledger booked it.
 */
import { creditsLabel } from '@/components/shared/format';
import { StateMessage } from './state-message';
import { SafeText } from '@/components/shared/safe-text';
import { OUT_OF_CREDITS, OUT_OF_CREDITS_LABEL } from '@/lib/messages/texts';

export interface OutOfCreditsViewProps {
  balance: number | null;
  /** What happened, in the table's words (shown as text). */
  message: string;
  onOpenSettings: () => void;
}

export function OutOfCreditsView({ balance, message, onOpenSettings }: OutOfCreditsViewProps) {
  return (
    <StateMessage title={OUT_OF_CREDITS_LABEL} tone="danger">
      <p>
        <SafeText text={message || OUT_OF_CREDITS} />
      </p>
      {balance !== null && <p className="muted small">Balance: {creditsLabel(balance)}.</p>}
      <button type="button" className="btn" onClick={onOpenSettings}>
        Open settings
      </button>
    </StateMessage>
  );
}
