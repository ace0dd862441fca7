import type { ResponseCache } from '@/lib/cache';
import { dayKey, type CreditGovernor, type LedgerEntry } from '@/lib/credits';
import { shiftDay } from '@/lib/credits/day-key';
import { failureText } from '@/lib/messages/texts';
import type { ViewRef } from '@/lib/messaging/protocol';
import { SELECTION } from '@/lib/messaging/view-ref';
import type { RateGovernor } from '@/lib/rate';
import { meterItem } from '@/lib/tab-state/items';
import { isMatchState, type ViewState } from '@/lib/tab-state/tab-state';
import { meOf, type AccountCheck } from './account-check';
import type { AccountSession } from './account-session';
import type { MeterWriter } from './meter';
import { viewKey, type Views } from './views';
import { BALANCE_CHECK_ALARM, FOLLOW_UPS_ALARM, HUBSPOT_SYNC_ALARM, tabOfAlarm, type WakeUps } from './wake-ups';
import type { WorkerSettings } from './worker-settings';

export interface StartDeps {
  now: () => number;
  settings: WorkerSettings;
  session: AccountSession;
  credits: CreditGovernor;
  cache: ResponseCache;
  rate: RateGovernor;
  accountCheck: AccountCheck;
  meter: MeterWriter;
  views: Views;
  wakeUps: WakeUps;
  lookUp: (tabId: number) => Promise<void>;
  resumeAt: (tabId: number, when: number) => void;
  /** The follow-ups due today, on the badge. */
  refreshFollowUps: () => Promise<unknown>;
  /**
   * "People on this page" rows a stop cut off, with what the journal booked at start, and an "Enrich a list"
   * run: it goes on after a worker stop, and waits for "Resume" after a browser start.
   */
  settleRows: (lost: LedgerEntry[], browserStart: boolean) => Promise<void>;
  /** A HubSpot send the browser cut off. */
  resumeCrm: () => Promise<unknown>;
  /** What stop() and "Delete all data" unsubscribe. */
  onUnwatch: (unsubscribe: () => void) => void;
}

/**
 * The worker's start, before any message is served: the settings, what a previous worker left on the wire
 * (booked from the journal), the account and its prices, and the tabs whose lookups a restart cut off.
 */
export async function startWorker(d: StartDeps): Promise<void> {
  await d.settings.load();
  d.onUnwatch(
    d.settings.watch((next, previous) => {
      void d.meter.refresh();
      if (next.autoLookup === 'never' || previous.autoLookup !== 'never') return;
      // Automatic lookups turned on: the tabs that waited for a click are looked up now.
      void d.views
        .all()
        .then((all) => all.filter((s) => s.status === 'idle' && s.reason === 'manual').forEach((s) => void d.lookUp(s.tabId)));
    }),
  );
  // Before anything can be sent: book what a previous worker left on the wire (its requests will never
  // answer), and remove the in-flight markers earlier builds kept.
  const lost = await d.credits.recoverJournal();
  await d.cache.dropLeftoverMarkers();
  await d.session.load();
  const unknown = d.session.hasKey && !d.session.account;
  if (unknown) await d.session.refresh();
  d.rate.setTier(d.session.account?.tier ?? null);
  // The meter a previous worker showed (none after a browser restart: storage.session is emptied): its
  // balance, if read after the stored `/v1/me` (a paid answer's), stands with its time.
  const shown = await meterItem.getValue();
  const account = d.session.account;
  const kept =
    account && shown?.accountId === account.id && shown.balance !== null && shown.balanceAt
      ? { balance: shown.balance, at: shown.balanceAt }
      : null;
  if (account) {
    const newer = kept && kept.at >= (d.session.checkedAt ?? 0);
    await d.credits.observeMe({
      ...meOf(account),
      ...(newer ? { creditsBalance: kept.balance, readAt: kept.at } : { readAt: d.session.checkedAt ?? d.now() }),
    });
  }
  // Prices left stale by a previous worker are read again before anything can be paid.
  if (d.credits.pricesStale()) await d.accountCheck.prices();
  await d.accountCheck.ifHalted();
  await d.meter.refresh();
  // No fresh meter to go on: `/v1/me` (free) once, off the start path (the pages watch the meter).
  if (!unknown) void d.accountCheck.ifStale(kept?.at);
  for (const state of await d.views.all()) {
    if (state.status === 'looking-up') void d.lookUp(state.tabId);
    // Re-armed from the stored reset (its alarm may be gone with a browser restart): never sent before it.
    else if (state.status === 'rate-limited') d.resumeAt(state.tabId, state.resumeAt + 250);
    else if (isMatchState(state)) await settleInterrupted(d.views, { tabId: state.tabId }, state);
  }
  const selection = await d.views.get(SELECTION);
  if (selection) await settleInterrupted(d.views, SELECTION, selection);
  // The meter is written at every start and never removed: none before this one's means storage.session
  // was emptied, so the browser itself started (not just this worker).
  await d.settleRows(lost, shown === null);
  await followUpsDaily(d);
  // A HubSpot send the browser cut off finishes now (off the start path: nothing waits for it).
  void d.resumeCrm().catch(() => undefined);
}

/** The follow-up count now, and again just after the next local midnight (an alarm: the worker may be stopped by then). */
export async function followUpsDaily(d: Pick<StartDeps, 'now' | 'wakeUps' | 'refreshFollowUps'>): Promise<void> {
  await d.refreshFollowUps();
  const [y, m, day] = shiftDay(dayKey(d.now()), 1).split('-').map(Number);
  const midnight = new Date(y ?? 1970, (m ?? 1) - 1, day ?? 1, 0, 1).getTime();
  d.wakeUps.at(FOLLOW_UPS_ALARM, midnight, () => void followUpsDaily(d));
}

/**
 * `browser.alarms.onAlarm`, routed by the background: acts on stored state only (the worker that set the
 * alarm may be gone).
 */
export async function alarmFired(
  name: string,
  d: Pick<StartDeps, 'now' | 'wakeUps' | 'refreshFollowUps' | 'accountCheck'> & {
    pruneCosts: () => Promise<unknown>;
    resume: (tabId: number) => Promise<void>;
    /** "Keep HubSpot up to date"'s run. */
    syncCrm: () => Promise<void>;
  },
): Promise<void> {
  d.wakeUps.fired(name);
  if (name === BALANCE_CHECK_ALARM) return d.accountCheck.fired();
  if (name === HUBSPOT_SYNC_ALARM) return d.syncCrm();
  if (name === FOLLOW_UPS_ALARM) {
    await followUpsDaily(d);
    // Once a day, off the start path: charges of people who never became leads follow the ledger's retention.
    await d.pruneCosts().catch(() => 0);
    return;
  }
  const tabId = tabOfAlarm(name);
  if (tabId !== null) await d.resume(tabId);
}

/**
 * A killed worker leaves its in-memory work marked in stored states: a reveal "in progress" (its
 * charge, if any, shows in the next balance) and detail skeletons. Say so, and offer the action again.
 */
async function settleInterrupted(views: Views, view: ViewRef, state: ViewState): Promise<void> {
  if (!isMatchState(state)) return;
  const stuck = (slot?: { status: string }) => slot?.status === 'loading';
  if (!state.revealing && !stuck(state.personDetail) && !stuck(state.organizationDetail)) return;
  const interrupted = { status: 'error' as const, message: failureText({ kind: 'network', cause: 'interrupted' }, 'unknown') };
  await views.patch(view, viewKey(view, state), (s) =>
    isMatchState(s)
      ? {
          ...s,
          ...(stuck(s.personDetail) ? { personDetail: interrupted } : {}),
          ...(stuck(s.organizationDetail) ? { organizationDetail: interrupted } : {}),
          ...(s.revealing
            ? {
                revealing: undefined,
                revealError: {
                  personId: s.revealing,
                  message: failureText({ kind: 'network', cause: 'interrupted', reveal: true }, 'unknown'),
                },
              }
            : {}),
        }
      : null,
  );
}

/** "Delete all data": once begun, nothing may write again between the wipe and the restart. */
export class Wipe {
  wiping = false;

  constructor(private readonly d: { deleteAll?: () => Promise<void>; wakeUps: WakeUps; unwatch: ReadonlyArray<() => void> }) {}

  async run(): Promise<void> {
    const { deleteAll } = this.d;
    if (!deleteAll) throw new Error('this worker cannot delete its data');
    // No message is served (a lookup or a send started now would recreate a database), no timer, no
    // reaction to the wiped settings.
    this.wiping = true;
    this.d.wakeUps.stop();
    this.d.unwatch.forEach((u) => u());
    await deleteAll().catch((e: unknown) => {
      this.wiping = false; // not wiped: the extension goes on as it was (until its next start, without its watchers)
      throw e;
    });
  }
}
