import type { ResponseCache } from '@/lib/cache';
import { dayKey, type CreditGovernor, type RevealStore } from '@/lib/credits';
import type { MeStamp } from '@/lib/credits/credit-governor';
import type { MessageData, MessageResponse } from '@/lib/messaging/protocol';
import type { PeopleSwitch } from '@/lib/messaging/report-profile';
import type { RateGovernor } from '@/lib/rate';
import type { KvStore } from '@/lib/storage/kv-store';
import { CACHE_PREFIX } from '@/lib/storage/keys';
import type { AccountCheck } from './account-check';
import { meOf } from './account-check';
import type { AccountSession } from './account-session';
import type { KnownStore } from './known-store';
import type { LiveRecords } from './live-records';
import type { MeterWriter } from './meter';
import type { Views } from './views';

export interface AccountServiceDeps {
  now: () => number;
  session: AccountSession;
  credits: CreditGovernor;
  rate: RateGovernor;
  cache: ResponseCache;
  known: KnownStore;
  liveRecords: LiveRecords;
  reveals: RevealStore;
  views: Views;
  meter: MeterWriter;
  accountCheck: AccountCheck;
  /** The records database (for counting what "Clear cache" removes). */
  local: KvStore;
  /** "People on this page": forgets every tab's rows; returns the tabs that had some. */
  clearPagePeople: () => Promise<number[]>;
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
    return this.deps.meter.refresh();
  }

  async saveApiKey({ apiKey, baseUrl }: MessageData<'saveApiKey'>): Promise<MessageResponse<'saveApiKey'>> {
    // The key's check is a free /v1/me: its balance is the first the ledger is audited from.
    const stamp = this.deps.credits.witnessMe(null);
    const { previousAccountId, ...outcome } = await this.deps.session.save(apiKey, baseUrl);
    if (outcome.ok) await this.afterChange(previousAccountId, stamp);
    return outcome;
  }

  async removeApiKey(): Promise<void> {
    const { session, views } = this.deps;
    const accountId = await session.remove();
    if (accountId) {
      await this.forget(accountId);
      await this.clearPagePeople();
    }
    await this.afterChange(null);
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

  async clearCache(): Promise<MessageResponse<'clearCache'>> {
    const cleared = Object.keys(await this.deps.local.getMany(CACHE_PREFIX)).length;
    await Promise.all([this.deps.cache.clearAll(), this.deps.known.clearAll()]);
    return { cleared };
  }

  /** The key now names another account (or none): what the last one knew goes, and waiting tabs are looked up. */
  async afterChange(previousAccountId: string | null, stamp?: MeStamp): Promise<void> {
    const { session, credits, rate, views, meter } = this.deps;
    const account = session.account;
    if (previousAccountId !== (account?.id ?? null)) {
      if (previousAccountId) await this.forget(previousAccountId);
      await this.clearPagePeople();
      rate.reset(); // another account has its own allowance
    }
    rate.setTier(account?.tier ?? null);
    if (account) await credits.observeMe(meOf(account), stamp);
    else await credits.resume();
    await meter.refresh();
    // Tabs waiting for a key (or stuck on a bad one) get their lookup now.
    for (const state of await views.all()) {
      if (state.profile && ['no-key', 'bad-key', 'wrong-host'].includes(state.status)) void this.deps.lookUp(state.tabId);
    }
  }

  /** What an account's answers taught: the cache, the knowledge index, the prospect records. */
  private async forget(accountId: string): Promise<void> {
    this.deps.liveRecords.clear(accountId);
    await Promise.all([this.deps.cache.clearAccount(accountId), this.deps.known.clearAccount(accountId)]);
  }

  /** "People on this page" rows say what the last account knew: gone, and a watched tab's list is read again for this one. */
  private async clearPagePeople(): Promise<void> {
    for (const tabId of await this.deps.clearPagePeople()) if (this.deps.isWatched(tabId)) this.deps.tellTab?.(tabId, { people: true });
  }
}
