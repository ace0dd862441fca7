import type { ReactNode } from 'react';
import type { Account } from '@/lib/api';
import { outOfCreditsText } from '@/lib/messages/texts';
import type { Prices } from '@/lib/tab-state/meter-prices';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import { SafeText } from '@/components/shared/safe-text';
import { balanceLabel } from '@/components/shared/credit-meter-bar';

export interface AccountSummaryProps {
  account: Account;
  /** Where the extension sends calls. */
  baseUrl: string;
  /** /v1/me named this address, which the key may never go to (not https): calls stay on `baseUrl`. */
  refusedBaseUrl?: string;
  /** The credit meter: a fresher balance than the identity's, dated when it was read a while ago. */
  meter?: CreditMeter | null;
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
export function AccountSummary({ account, baseUrl, refusedBaseUrl, meter, prices }: AccountSummaryProps) {
  const credits = meter?.hasKey && meter.balance !== null ? meter.balance : account.creditsBalance;
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
        <Row term="Balance">{balanceLabel(credits, meter?.balanceAt)}</Row>
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

const SCOPE_MEANINGS: Readonly<Record<string, string>> = {
  'read:metadata': 'profile cards, searches and details',
  'read:contacts': 'revealing contact channels (email, phone, Telegram, LinkedIn)',
};

/** The key's scopes, and what a missing read:contacts means. */
function KeyScopes({ scopes }: { scopes: readonly string[] }) {
  const canReveal = scopes.includes('read:contacts');
  return (
    <div className="key-scopes">
      <h4 id="scopes-heading">Scopes</h4>
      {scopes.length === 0 ? (
        <p>None reported.</p>
      ) : (
        <ul aria-labelledby="scopes-heading">
          {scopes.map((scope) => (
            <li key={scope}>
              <code>
                <SafeText text={scope} />
              </code>
              {SCOPE_MEANINGS[scope] && ` — ${SCOPE_MEANINGS[scope]}`}
            </li>
          ))}
        </ul>
      )}
      {!canReveal && (
        <p className="notice notice--warn" role="note" aria-label="Missing read:contacts">
          This key lacks <code>read:contacts</code>: profile cards and searches work, but reveals are refused. To reveal contact channels,
          create a key with contact access in the web app (Settings → API) and save it here.
        </p>
      )}
    </div>
  );
}

/** What each call costs, as the account's GET /v1/me reports it (the reference of record for prices). */
function PriceTable({ endpoints, pricing, prices }: Pick<Account, 'endpoints' | 'pricing'> & Pick<AccountSummaryProps, 'prices'>) {
  return (
    <div className="price-table">
      {endpoints && endpoints.length > 0 ? (
        <table>
          <caption>Prices (credits per call)</caption>
          <thead>
            <tr>
              <th scope="col">Call</th>
              <th scope="col">What it does</th>
              <th scope="col">Credits</th>
            </tr>
          </thead>
          <tbody>
            {endpoints.map((e) => (
              <tr key={`${e.method} ${e.path}`}>
                <th scope="row">
                  <code>
                    <SafeText text={`${e.method} ${e.path}`} />
                  </code>
                </th>
                <td>
                  <SafeText text={e.summary} />
                </td>
                <td>{e.credits ?? 'not stated'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>
          Prices: {prices.search} credits per data call, {prices.reveal} for the first reveal of a contact, GET /v1/me free.
        </p>
      )}
      {pricing?.note && (
        <p className="help">
          <SafeText text={pricing.note} />
        </p>
      )}
    </div>
  );
}

/** What sample mode (and a too-low balance) means for this account, in plain words. */
type SampleModeProps = Pick<Account, 'sampleMode' | 'tier'> & Record<'balance' | 'callPrice', number>;

function SampleModeExplanation({ sampleMode, tier, balance, callPrice }: SampleModeProps) {
  // A paid key below a call's price is refused, not sampled: said with the same warning as sample mode.
  const outOfCredits = !sampleMode && tier !== 'free' && balance < callPrice;
  return (
    <div className={sampleMode || outOfCredits ? 'notice notice--warn' : 'notice'} role="note" aria-label="Sample mode">
      {sampleMode ? (
        <>
          <p>
            <strong>Sample mode is on.</strong> This is a free key with fewer credits ({balance}) than a call costs ({callPrice}), so the
            directory answers every lookup and search with <strong>NOT REAL DATA</strong>: synthetic sample rows, charged 0 credits. The
            extension marks them as samples.
          </p>
          <p>
            Add credits (a plan, a referral bonus, or the email or Telegram verification bonus) to get live data. Nothing needs to change
            here: the same key starts returning real answers.
          </p>
        </>
      ) : outOfCredits ? (
        <p>
          {outOfCreditsText({ balance, price: callPrice })} A paid key never gets samples: the API refuses its calls (402) and charges
          nothing for them until the account is topped up.
        </p>
      ) : (
        <p>Sample mode is off: answers are live data.</p>
      )}
    </div>
  );
}
