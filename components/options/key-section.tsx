import type { Account } from '@/lib/api';
import type { Prices } from '@/lib/tab-state/meter-prices';
import { KEY_REFUSED_LABEL, SAVED_KEY_REFUSED } from '@/lib/messages/texts';
import { AccountSummary } from './account-summary';
import { ApiKeyForm } from './api-key-form';
import { BaseUrlProposal } from './base-url-proposal';
import type { FormMessage } from './save-key-message';

export interface KeySectionProps {
  /** Where the saved key goes (the address saved with it, from the worker), else the build default for a first key. */
  baseUrl: string;
  hasKey: boolean;
  /** The account the key showed when it last worked; null before the first check. */
  account: Account | null;
  /** /v1/me named this address and it was refused (not https): said under the account. */
  refusedBaseUrl?: string;
  /** /v1/me named this address instead: asked about, never used on its own. */
  proposal: string | null;
  /** The API refused the saved key since it was saved (the meter knows). */
  keyRejected: boolean;
  /** The meter's balance, fresher than the account's. */
  balance?: number;
  balanceAt?: number | null;
  /** The account's prices (the meter's, `pricesOf(meter)`), quoted in the account summary. */
  prices: Prices;
  busy: boolean;
  message: FormMessage | null;
  /** Remounts the key form, so the secret typed into it does not linger after a save or removal. */
  formGeneration: number;
  /** Called from the Save submit event (the host permission is requested in it). */
  onSave: (input: { apiKey: string; baseUrl: string }) => void;
  onRemove: () => void;
  /** Called from the Switch click (the host permission is requested in it). */
  onAcceptProposal: () => void;
  onKeepBaseUrl: () => void;
}

/** The options page's key form, the answer to a proposed address, and the account the key belongs to. */
export function KeySection(props: KeySectionProps) {
  const { baseUrl, hasKey, account, busy } = props;
  return (
    <>
      <ApiKeyForm
        key={props.formGeneration}
        initialBaseUrl={baseUrl}
        hasKey={hasKey}
        storedKeyPrefix={account?.apiKey.prefix}
        busy={busy}
        message={props.message}
        onSave={props.onSave}
        onRemove={props.onRemove}
      />
      {props.proposal && hasKey && (
        <BaseUrlProposal
          current={baseUrl}
          proposed={props.proposal}
          busy={busy}
          onAccept={props.onAcceptProposal}
          onKeep={props.onKeepBaseUrl}
        />
      )}
      {hasKey && props.keyRejected && (
        <p role="alert" className="notice notice--danger" aria-label={KEY_REFUSED_LABEL}>
          {SAVED_KEY_REFUSED} The account below is what the key showed when it last worked.
        </p>
      )}
      {account && hasKey && (
        <AccountSummary
          account={account}
          baseUrl={baseUrl}
          refusedBaseUrl={props.refusedBaseUrl}
          balance={props.balance}
          balanceAt={props.balanceAt}
          prices={props.prices}
        />
      )}
    </>
  );
}
