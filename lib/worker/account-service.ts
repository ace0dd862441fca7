import { dayKey } from '@/lib/credits/day-key';
import type { MeStamp } from '@/lib/credits/credit-governor';
import type { MessageData, MessageResponse } from '@/lib/messaging/protocol';
import type { PeopleSwitch } from '@/lib/messaging/report-profile';
import type { ClearRunner } from '@/lib/storage/clear-runner';
import type { ClearEvent } from '@/lib/storage/keys';
import { meOf } from './account-check';
import { tabsOfPeopleKeys } from './people-on-page';
import type { CoreOf } from './worker-core';

export type AccountDeps = CoreOf<
  'now' | 'session' | 'credits' | 'rate' | 'liveRecords' | 'reveals' | 'views' | 'meter' | 'accountCheck' | 'watchers'
> & {
  /** Clears what lib/storage/keys.ts declares for an event (lib/storage/clear-runner.ts). */
  clear: ClearRunner;
  /** A watched tab's lookup (tabs waiting for a key get theirs once one works). */
  lookUp: (tabId: number) => Promise<void>;
  tellTab?: (tabId: number, message: PeopleSwitch) => void;
};

/**
 * The messages about the API key and its account, as the handler table takes them: saving and removing
 * the key, what another account leaves behind (the cache, the knowledge index, a page's rows), the meter,
 * today's spending and "Clear cache".
 */
export function accountHandlers(d: AccountDeps) {
  const { session, credits, views } = d;

  /**
   * A key saved or removed: what the event clears goes (with `account-change` when the key now names
   * another account, or none: what the last one knew), and waiting tabs are looked up.
   */
  async function afterChange(event: ClearEvent, previousAccountId: string | null, stamp?: MeStamp): Promise<void> {
    const account = session.account;
    const changed = previousAccountId !== (account?.id ?? null);
    const cleared = await d.clear(changed ? [event, 'account-change'] : [event], previousAccountId ? [previousAccountId] : []);
    if (changed) d.rate.reset(); // another account has its own allowance
    // The rows the last account's answers handed to pages (memory, not a stored family).
    if (changed && previousAccountId) d.liveRecords.clear(previousAccountId);
    // "People on this page" rows went with the last account: a watched tab's list is read again for this one.
    for (const tabId of tabsOfPeopleKeys(cleared.pagePeople ?? [])) if (d.watchers.isWatched(tabId)) d.tellTab?.(tabId, { people: true });
    d.rate.setTier(account?.tier ?? null);
    if (account) await credits.observeMe(meOf(account), stamp);
    await d.meter.refresh();
    // Tabs waiting for a key (or stuck on a bad one) get their lookup now.
    for (const state of await views.all())
      if (state.profile && ['no-key', 'bad-key', 'wrong-host'].includes(state.status)) void d.lookUp(state.tabId);
  }

  return {
    getAccount: (): MessageResponse<'getAccount'> => ({ account: session.account, baseUrl: session.baseUrl, hasKey: session.hasKey }),

    async getMeter(): Promise<MessageResponse<'getMeter'>> {
      await d.accountCheck.ifHalted();
      const meter = await d.meter.refresh();
      // A page opened on a balance read a while ago: read again (free, throttled); the page watches storage.
      void d.accountCheck.ifStale(meter.balanceAt);
      return meter;
    },

    async saveApiKey({ apiKey, baseUrl }: MessageData<'saveApiKey'>): Promise<MessageResponse<'saveApiKey'>> {
      // The key's check is a free /v1/me: its balance is the first the ledger is audited from.
      const stamp = credits.witnessMe(null);
      const { previousAccountId, ...outcome } = await session.save(apiKey, baseUrl);
      if (outcome.ok) await afterChange('key-change', previousAccountId, stamp);
      return outcome;
    },

    async removeApiKey(): Promise<void> {
      await afterChange('key-removed', await session.remove());
      for (const state of await views.all())
        if (state.profile) await views.update({ tabId: state.tabId }, state.profile.key, { status: 'no-key' });
    },

    /** Every account's revealed contacts (the one reveal store), and the account in use. */
    getReveals: async (): Promise<MessageResponse<'getReveals'>> => ({ accountId: session.accountId, reveals: await d.reveals.all() }),

    async getSpending(): Promise<MessageResponse<'getSpending'>> {
      const accountId = session.accountId;
      return {
        spentToday: credits.ledger.spentOnSync(dayKey(d.now())),
        days: await credits.ledger.lastDays(30),
        entries: await credits.ledger.entries(accountId ? { accountId } : {}),
        reveals: accountId ? await d.reveals.reveals(accountId) : [],
      };
    },

    /** "Clear cache": every account's answers and known records (the families `cache-clear` clears). */
    clearCache: async (): Promise<MessageResponse<'clearCache'>> => ({
      cleared: (await d.clear(['cache-clear'], 'all')).cache?.length ?? 0,
    }),
  };
}
