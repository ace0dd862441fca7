import type { Account } from '@/lib/api';
import type { CreditGovernor } from '@/lib/credits/credit-governor';
import { SERVER_SETTLE_MS } from '@/lib/credits/reconcile';
import { balanceFresh } from '@/lib/tab-state/tab-state';
import type { AccountSession } from './account-session';
import { BALANCE_CHECK_ALARM, type WakeUps } from './wake-ups';

export interface AccountCheckDeps {
  session: AccountSession;
  credits: CreditGovernor;
  wakeUps: WakeUps;
  now: () => number;
  /** Wait after a lost answer before asking (default SERVER_SETTLE_MS): the server has settled the call by then. */
  afterLossMs?: number;
  /** After every answered check: the meter shows what it learned. */
  onChecked: () => Promise<void>;
}

/** At most one re-check per this long, unless the prices are stale (then nothing can be paid without one). */
const MIN_GAP_MS = 30_000;

/** The parts of `/v1/me` the credit governor reads. */
export const meOf = (a: Account) => ({ id: a.id, creditsBalance: a.creditsBalance, endpoints: a.endpoints, pricing: a.pricing });

/**
 * The one re-read of `/v1/me` (free), with one throttle, for every reason the worker has to ask: a lost
 * answer (does the balance show it was charged?), a 402 halt (were credits added?), a charge that
 * disagreed with the prices (what are they now?). Each answer is stamped when it is sent, so the credit
 * governor reconciles only against a balance asked for after the losses it settles.
 */
export class AccountCheck {
  private running: Promise<void> | null = null;
  private last = 0;
  private pending = false;

  constructor(private readonly deps: AccountCheckDeps) {}

  /** After a lost answer: once things are quiet, on an alarm (a worker stopped before it still checks, at its next start). */
  soon(): void {
    if (this.pending) return;
    this.pending = true;
    const { now, afterLossMs = SERVER_SETTLE_MS } = this.deps;
    const wait = Math.max(afterLossMs, this.last + MIN_GAP_MS - now());
    this.deps.wakeUps.at(BALANCE_CHECK_ALARM, now() + wait, () => void this.run());
  }

  /** A page asks while a 402 halt is on: at most every 30 s. */
  async ifHalted(): Promise<void> {
    if (!this.deps.credits.haltedFor402() || this.deps.now() - this.last < MIN_GAP_MS) return;
    await this.run();
  }

  /**
   * The balance shown was read a while ago (a browser restart, a page opened later): read again, at most
   * once per BALANCE_FRESH_MS whatever the outcome (a failure is not retried until then).
   */
  async ifStale(balanceAt: number | null | undefined): Promise<void> {
    const now = this.deps.now();
    if (balanceFresh(balanceAt, now) || balanceFresh(this.last, now)) return;
    // Nobody waits for it (pages watch the meter): a failed read leaves the balance dated, nothing more.
    await this.run().catch(() => undefined);
  }

  /** At once, joining a check under way: the balance-check alarm fired (possibly in a later worker), or nothing is paid until the prices are read again. */
  run(): Promise<void> {
    this.running ??= this.check().finally(() => (this.running = null));
    return this.running;
  }

  private async check(): Promise<void> {
    const { session, credits, now } = this.deps;
    this.pending = false;
    this.last = now();
    const accountId = session.accountId;
    if (!session.hasKey || !accountId) return;
    const stamp = credits.witnessMe(accountId);
    const account = await session.refresh();
    if (account) await credits.observeMe(meOf(account), stamp);
    await this.deps.onChecked();
  }
}
