import { dayKey, type CreditGovernor, type RevealStore } from '@/lib/credits';
import type { MeStamp } from '@/lib/credits/credit-governor';
import type { MessageData, MessageResponse } from '@/lib/messaging/protocol';
import type { PeopleSwitch } from '@/lib/messaging/report-profile';
import type { RateGovernor } from '@/lib/rate';
import type { ClearRunner } from '@/lib/storage/clear-runner';
import type { ClearEvent } from '@/lib/storage/keys';
import type { AccountCheck } from './account-check';
import { meOf } from './account-check';
import type { AccountSession } from './account-session';
import type { LiveRecords } from './live-records';
import type { MeterWriter } from './meter';
import { tabsOfPeopleKeys } from './people-on-page';
import type { Views } from './views';

export interface AccountServiceDeps {
  now: () => number;
  session: AccountSession;
  credits: CreditGovernor;
  rate: RateGovernor;
  liveRecords: LiveRecords;
  reveals: RevealStore;
  views: Views;
  meter: MeterWriter;
  accountCheck: AccountCheck;
  /** Clears what lib/storage/keys.ts declares for an event (lib/storage/clear-runner.ts). */
  clear: ClearRunner;
  /** Whether a panel watches the tab, and its lookup (tabs waiting for a key get theirs once one works). */
  isWatched: (tabId: number) => boolean;
  lookUp: (tabId: number) => Promise<void>;
  tellTab?: (tabId: number, message: PeopleSwitch) => void;
}

/**
 * The API key and its account: saving and removing the key, what another account leaves behind (the
 * cache, the knowledge index, a page's rows), the meter, today's spending and "Clear cache".
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  getAccount(): MessageResponse<'getAccount'> {
    const { session } = this.deps;
    return { account: session.account, baseUrl: session.baseUrl, hasKey: session.hasKey };
  }

  async getMeter(): Promise<MessageResponse<'getMeter'>> {
    await this.deps.accountCheck.ifHalted();
    const meter = await this.deps.meter.refresh();
    // A page opened on a balance read a while ago: read again (free, throttled); the page watches storage.
    void this.deps.accountCheck.ifStale(meter.balanceAt);
    return meter;
  }

  async saveApiKey({ apiKey, baseUrl }: MessageData<'saveApiKey'>): Promise<MessageResponse<'saveApiKey'>> {
    // The key's check is a free /v1/me: its balance is the first the ledger is audited from.
    const stamp = this.deps.credits.witnessMe(null);
    const { previousAccountId, ...outcome } = await this.deps.session.save(apiKey, baseUrl);
    if (outcome.ok) await this.afterChange('key-change', previousAccountId, stamp);
    return outcome;
  }

  async removeApiKey(): Promise<void> {
    const { session, views } = this.deps;
    await this.afterChange('key-removed', await session.remove());
    for (const state of await views.all())
      if (state.profile) await views.update({ tabId: state.tabId }, state.profile.key, { status: 'no-key' });
  }

  /** Every account's revealed contacts (the one reveal store), and the account in use. */
  async getReveals(): Promise<MessageResponse<'getReveals'>> {
    return { accountId: this.deps.session.accountId, reveals: await this.deps.reveals.all() };
  }

  async getSpending(): Promise<MessageResponse<'getSpending'>> {
    const { session, credits, reveals, now } = this.deps;
    const accountId = session.accountId;
    return {
      spentToday: credits.ledger.spentOnSync(dayKey(now())),
      days: await credits.ledger.lastDays(30),
      entries: await credits.ledger.entries(accountId ? { accountId } : {}),
      reveals: accountId ? await reveals.reveals(accountId) : [],
    };
  }

  /** "Clear cache": every account's answers and known records (the families `cache-clear` clears). */
  async clearCache(): Promise<MessageResponse<'clearCache'>> {
    const cleared = await this.deps.clear(['cache-clear'], 'all');
    return { cleared: cleared.cache?.length ?? 0 };
  }

  /**
   * A key saved or removed: what the event clears goes (with `account-change` when the key now names
   * another account, or none: what the last one knew), and waiting tabs are looked up.
   */
  private async afterChange(event: ClearEvent, previousAccountId: string | null, stamp?: MeStamp): Promise<void> {
    const { session, credits, rate, meter } = this.deps;
    const account = session.account;
    const changed = previousAccountId !== (account?.id ?? null);
    const cleared = await this.deps.clear(changed ? [event, 'account-change'] : [event], previousAccountId ? [previousAccountId] : []);
    if (changed) rate.reset(); // another account has its own allowance
    // The rows the last account's answers handed to pages (memory, not a stored family).
    if (changed && previousAccountId) this.deps.liveRecords.clear(previousAccountId);
    // "People on this page" rows went with the last account: a watched tab's list is read again for this one.
    for (const tabId of tabsOfPeopleKeys(cleared.pagePeople ?? []))
      if (this.deps.isWatched(tabId)) this.deps.tellTab?.(tabId, { people: true });
    rate.setTier(account?.tier ?? null);
    if (account) await credits.observeMe(meOf(account), stamp);
    await meter.refresh();
    // Tabs waiting for a key (or stuck on a bad one) get their lookup now.
    for (const state of await this.deps.views.all()) {
      if (state.profile && ['no-key', 'bad-key', 'wrong-host'].includes(state.status)) void this.deps.lookUp(state.tabId);
    }
  }
}
