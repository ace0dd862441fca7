import type { Account } from '@/lib/api';
import { KEY_REFUSED_LABEL, SAVED_KEY_REFUSED } from '@/lib/messages/texts';
import { SafeText } from '@/components/shared/safe-text';
import { AccountSummary, type AccountSummaryProps } from './account-summary';
import { ApiKeyForm, type ApiKeyFormProps } from './api-key-form';
import { hostOf } from './base-url-check';

/** `baseUrl`: where the saved key goes (the address saved with it, from the worker), else the build default for a first key. */
export type KeySectionProps = Omit<ApiKeyFormProps, 'storedKeyPrefix' | 'guidance'> &
  Omit<AccountSummaryProps, 'account'> & {
    /** The account the key showed when it last worked; null before the first check. */
    account: Account | null;
    /** /v1/me named this address instead: asked about, never used on its own. */
    proposal: string | null;
    /** Remounts the key form, so the secret typed into it does not linger after a save or removal. */
    formGeneration: number;
    /** Called from the Switch click (the host permission is requested in it). */
    onAcceptProposal: () => void;
    onKeepBaseUrl: () => void;
  };

/** The options page's key form, the answer to a proposed address, and the account the key belongs to. */
export function KeySection({ account, proposal, formGeneration, onAcceptProposal, onKeepBaseUrl, ...props }: KeySectionProps) {
  const { baseUrl, hasKey, busy, meter } = props;
  const host = proposal && hostOf(proposal);
  return (
    <>
      <ApiKeyForm key={formGeneration} {...props} storedKeyPrefix={account?.apiKey.prefix} />
      {/* The key goes to another address only if the user says so here: an API (or whoever answers in its place) cannot move it. */}
      {proposal && hasKey && (
        <section aria-labelledby="base-proposal-heading" className="card notice notice--warn" role="region">
          <h2 id="base-proposal-heading">Switch the API address?</h2>
          <p>
            GET /v1/me says this account’s API is at{' '}
            <code>
              <SafeText text={proposal} />
            </code>
            , but the extension calls{' '}
            <code>
              <SafeText text={baseUrl} />
            </code>
            . Nothing has been sent to{' '}
            <strong>
              <SafeText text={host} />
            </strong>
            . If you switch, your API key is sent there from now on.
          </p>
          <div className="actions">
            <button type="button" className="btn btn--primary" disabled={busy} onClick={onAcceptProposal}>
              Switch to <SafeText text={host} />
            </button>
            <button type="button" className="btn" disabled={busy} onClick={onKeepBaseUrl}>
              Keep <SafeText text={hostOf(baseUrl)} />
            </button>
          </div>
        </section>
      )}
      {/* The API refused the saved key since it was saved (the meter knows). */}
      {hasKey && meter?.keyRejected && (
        <p role="alert" className="notice notice--danger" aria-label={KEY_REFUSED_LABEL}>
          {SAVED_KEY_REFUSED} The account below is what the key showed when it last worked.
        </p>
      )}
      {account && hasKey && <AccountSummary {...props} account={account} />}
    </>
  );
}
