import type { Account } from '@/lib/api';
import type { Prices } from '@/lib/tab-state/meter-prices';
import { SafeText } from '@/components/shared/safe-text';

export interface PriceTableProps {
  endpoints: Account['endpoints'];
  pricing: Account['pricing'];
  /** The account's prices (the meter's), said in a line when /v1/me lists no endpoints. */
  prices: Pick<Prices, 'search' | 'reveal'>;
}

/** What each call costs, as the account's GET /v1/me reports it (the reference of record for prices). */
export function PriceTable({ endpoints, pricing, prices }: PriceTableProps) {
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
