import { TODAY_RAISE } from '@/lib/credits/plan-budget';
import type { MessageData } from '@/lib/messaging/protocol';
import type { CoreOf } from './worker-core';

type UserLookUp = { trigger: 'user'; override?: true; refresh?: true; q?: string; nameTimedOut?: true };

export type LookupRequestsDeps = CoreOf<'session' | 'credits' | 'views' | 'meter' | 'accountCheck' | 'choices'> & {
  lookUp: (tabId: number, opts: UserLookUp) => Promise<void>;
};

/** The panel's clicks on a tab's lookup: "Look up", "Refresh", "Look up anyway", "Not them?" and "+50 today". */
export class LookupRequests {
  constructor(private readonly deps: LookupRequestsDeps) {}

  async lookUp({ tabId, override, refresh, q }: MessageData<'lookUp'>): Promise<void> {
    const { accountCheck, views, session } = this.deps;
    await accountCheck.ifHalted();
    const state = await views.get({ tabId });
    if (!state?.profile) return;
    // A page LinkedIn did not show is searched only by the words the rep gives, never by its address.
    if (!q && state.status === 'idle' && state.reason === 'not-shown') return;
    // A refused key gets one free /v1/me (it may have been fixed); still refused: lookUp shows bad-key, sends nothing.
    if (await session.retryKey()) return this.deps.lookUp(tabId, { trigger: 'user' });
    // "Not them?": the record shown is not this profile; remember that, and forget a pick of it.
    const shown = state.status === 'matched' ? (state.person?.id ?? state.organization?.id) : undefined;
    if (q && shown && session.accountId) await this.deps.choices.notThem(session.accountId, state.profile.key, shown);
    await views.update({ tabId }, state.profile.key, { status: 'looking-up' });
    await this.deps.lookUp(tabId, {
      trigger: 'user',
      ...(override ? { override: true } : {}),
      ...(refresh ? { refresh: true } : {}),
      ...(q ? { q } : {}),
      nameTimedOut: true,
    });
  }

  /** Once per pause: a click after the lookup went through raises nothing. */
  async raiseBudgetToday({ tabId }: MessageData<'raiseBudgetToday'>): Promise<void> {
    const { views, credits, meter } = this.deps;
    const state = await views.get({ tabId });
    if (state?.status !== 'paused-budget' || !state.profile) return;
    await credits.raiseToday(TODAY_RAISE);
    await meter.refresh();
    // The raise is the user's intent for this lookup: within the raised budget, no override needed.
    await views.update({ tabId }, state.profile.key, { status: 'looking-up' });
    await this.deps.lookUp(tabId, { trigger: 'user', nameTimedOut: true });
  }
}
