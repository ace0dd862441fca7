/*
 * OutOfCreditsView — status `out-of-credits` (a 402): nothing is charged and nothing retries; the
 * account holder has to top up.
 */
import { creditsLabel } from '@/components/shared/format';
import { StateMessage } from './state-message';
import { SafeText } from '@/components/shared/safe-text';

export interface OutOfCreditsViewProps {
  balance: number | null;
  /** The API's words, shown as text. */
  message: string;
  onOpenSettings: () => void;
}

export function OutOfCreditsView({ balance, message, onOpenSettings }: OutOfCreditsViewProps) {
  return (
    <StateMessage title="Out of credits" tone="danger">
      <p>
        {balance === null ? 'The balance is too low for a lookup.' : `The balance (${creditsLabel(balance)}) is too low for a lookup.`}{' '}
        Nothing was charged. Top up the account in the Directory web app; lookups stay paused until then.
      </p>
      {message && (
        <p className="muted small">
          API: <SafeText text={message} />
        </p>
      )}
      <button type="button" className="btn" onClick={onOpenSettings}>
        Open settings
      </button>
    </StateMessage>
  );
}
