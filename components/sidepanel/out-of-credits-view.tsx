/*
 * OutOfCreditsView — status `out-of-credits` (a 402, or automatic calls halted on one): nothing
 * retries; the account holder has to top up. The state's sentence is the table's (lib/messages/texts.ts),
 * which says what was charged as the ledger booked it.
 */
import { StateMessage } from './state-message';
import { SafeText } from '@/components/shared/safe-text';
import { safeHref } from '@/components/shared/safe-href';
import { SafeLink } from '@/components/shared/safe-link';
import { OUT_OF_CREDITS, OUT_OF_CREDITS_LABEL, creditsLabel } from '@/lib/messages/texts';

export interface OutOfCreditsViewProps {
  balance: number | null;
  /** What happened, in the table's words (shown as text). */
  message: string;
  onOpenSettings: () => void;
  /** Where to top up: an answer's `upgradeUrl`, else `/v1/me`'s docs address (linked only over https). */
  topUpUrl?: string | null | undefined;
}

export function OutOfCreditsView({ balance, message, onOpenSettings, topUpUrl }: OutOfCreditsViewProps) {
  // A 402 carries no link: the words say where; the link is the account's docs address, https only.
  const href = safeHref(topUpUrl, { httpsOnly: true });
  return (
    <StateMessage title={OUT_OF_CREDITS_LABEL} tone="danger">
      <p>
        <SafeText text={message || OUT_OF_CREDITS} />
      </p>
      {balance !== null && <p className="muted small">Balance: {creditsLabel(balance)}.</p>}
      <p className="state-actions">
        {href && (
          <SafeLink href={href} httpsOnly className="btn btn--primary">
            How to top up
          </SafeLink>
        )}{' '}
        <button type="button" className="btn" onClick={onOpenSettings}>
          Open settings
        </button>
      </p>
    </StateMessage>
  );
}
