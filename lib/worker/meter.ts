import type { CreditGovernor, CreditStatus } from '@/lib/credits/credit-governor';
import type { Settings } from '@/lib/settings';
import { meterItem } from '@/lib/tab-state/items';
import type { CreditMeter } from '@/lib/tab-state/tab-state';
import type { AccountSession } from './account-session';
import type { WorkerSettings } from './worker-settings';

/**
 * The meter every page shows, from the credit governor's status and the session: the one place the
 * pages learn prices, holds, today's remainder (calls on the wire taken off) and the balance.
 */
export function meterOf(status: CreditStatus, session: AccountSession, settings: Settings): CreditMeter {
  const account = session.account;
  return {
    hasKey: session.hasKey,
    accountId: account?.id ?? null,
    accountName: account?.name ?? null,
    tier: account?.tier ?? null,
    balance: status.balance ?? account?.creditsBalance ?? null,
    balanceAt: status.balanceAt ?? session.checkedAt,
    spentToday: status.spentToday,
    dailyBudget: status.budget,
    lowBalanceWarning: settings.lowBalanceWarning,
    sampleMode: account?.sampleMode ?? false,
    halted402: status.halted !== null,
    keyRejected: session.hasKey && session.keyRejected,
    scopes: account?.apiKey.scopes ?? null,
    prices: status.prices,
    holds: status.holds,
    remainingToday: status.remainingToday,
    lowBalance: status.lowBalance,
    pricesStale: status.pricesStale,
    docsUrl: account?.docs ?? null,
  };
}

/** Writes the meter where every page reads it (storage.session), after anything that moves it. */
export class MeterWriter {
  constructor(private readonly deps: { credits: CreditGovernor; session: AccountSession; settings: WorkerSettings }) {}

  async refresh(): Promise<CreditMeter> {
    const { credits, session, settings } = this.deps;
    const meter = meterOf(await credits.status(), session, await settings.ready());
    await meterItem.setValue(meter);
    return meter;
  }
}
