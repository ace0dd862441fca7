import type { ReactNode } from 'react';
import type { Account } from '@/lib/api';
import type { Prices } from '@/lib/tab-state/meter-prices';
import { KeyScopes } from './key-scopes';
import { PriceTable } from './price-table';
import { SampleModeExplanation } from './sample-mode-explanation';
import { SafeText } from '@/components/shared/safe-text';
import { balanceLabel } from '@/components/shared/credit-meter-bar';

export interface AccountSummaryProps {
  account: Account;
  /** Where the extension sends calls. */
  baseUrl: string;
  /** /v1/me named this address, which the key may never go to (not https): calls stay on `baseUrl`. */
  refusedBaseUrl?: string;
  /** A fresher balance than the identity's (from the credit meter), if known. */
  balance?: number | null;
  /** When `balance` was read (the meter's): dated when a while ago. */
  balanceAt?: number | null;
  /** The account's prices (the meter's): a data call's (a search) and a first reveal's. */
  prices: Pick<Prices, 'search' | 'reveal'>;
}

/** An account field (the API's words), isolated; `absent` (a dash) when the API did not say. */
function orDash(value: string | null | undefined, absent = '—'): ReactNode {
  return value ? <SafeText text={value} /> : absent;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The account behind the saved key, as GET /v1/me (0 credits) reported it. */
export function AccountSummary({ account, baseUrl, refusedBaseUrl, balance, balanceAt, prices }: AccountSummaryProps) {
  const credits = balance ?? account.creditsBalance;
  return (
    <section aria-labelledby="account-heading" className="card">
      <h2 id="account-heading">Account</h2>
      {refusedBaseUrl && (
        <p className="notice" role="note" aria-label="API address not followed">
          The account reports its API address as{' '}
          <code>
            <SafeText text={refusedBaseUrl} />
          </code>
          , which is not a secure https:// address, so the key is never sent there. The extension keeps calling{' '}
          <code>
            <SafeText text={baseUrl} />
          </code>
          .
        </p>
      )}
      <dl className="facts">
        <Row term="Name">{orDash(account.name)}</Row>
        <Row term="Email">{orDash(account.email)}</Row>
        <Row term="Organisation">{orDash(account.organization)}</Row>
        <Row term="Tier">{orDash(account.tier, 'unknown')}</Row>
        <Row term="Balance">{balanceLabel(credits, balanceAt)}</Row>
        <Row term="Sample mode">{account.sampleMode ? 'On' : 'Off'}</Row>
        <Row term="API host">
          <SafeText text={baseUrl} />
        </Row>
      </dl>
      <SampleModeExplanation sampleMode={account.sampleMode} tier={account.tier} balance={credits} callPrice={prices.search} />

      <KeyScopes scopes={account.apiKey.scopes} />

      {/* For whoever set the extension up, not for the daily work: folded away. */}
      <details className="advanced">
        <summary>Advanced: key details, API version and prices</summary>
        <h3>Key</h3>
        <dl className="facts">
          <Row term="Label">{orDash(account.apiKey.label)}</Row>
          <Row term="Prefix">{account.apiKey.prefix ? <code>{orDash(account.apiKey.prefix)}</code> : '—'}</Row>
          <Row term="Environment">{orDash(account.apiKey.environment)}</Row>
        </dl>
        <dl className="facts">
          <Row term="API version">{orDash(account.apiVersion, 'not reported')}</Row>
        </dl>
        <PriceTable endpoints={account.endpoints} pricing={account.pricing} prices={prices} />
      </details>
    </section>
  );
}
