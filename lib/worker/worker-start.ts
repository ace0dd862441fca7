import { dayKey, shiftDay } from '@/lib/credits/day-key';
import { failureText } from '@/lib/messages/texts';
import type { ViewRef } from '@/lib/messaging/protocol';
import { SELECTION } from '@/lib/messaging/view-ref';
import { meterItem } from '@/lib/tab-state/items';
import { isMatchState, type ViewState } from '@/lib/tab-state/tab-state';
import { meOf } from './account-check';
import type { WorkerServices } from './handlers';
import { viewKey, type Views } from './views';
import { BALANCE_CHECK_ALARM, FOLLOW_UPS_ALARM, HUBSPOT_SYNC_ALARM, tabOfAlarm } from './wake-ups';
import type { WorkerCore } from './worker-core';
import type { WorkerDeps } from './worker-deps';

/** What the start and the alarms act on: the background's deps, the core and the services built over it. */
export interface Worker {
  deps: WorkerDeps;
  core: WorkerCore;
  s: WorkerServices;
}

/**
 * The worker's start, before any message is served: the settings, what a previous worker left on the wire
 * (booked from the journal), the account and its prices, and the tabs whose lookups a restart cut off.
 * `onUnwatch`: what stop() and "Delete all data" unsubscribe.
 */
export async function startWorker(w: Worker, onUnwatch: (unsubscribe: () => void) => void): Promise<void> {
  const { settings, credits, session, views, accountCheck, meter } = w.core;
  await settings.load();
  onUnwatch(
    settings.watch((next, previous) => {
      void meter.refresh();
      if (next.autoLookup === 'never' || previous.autoLookup !== 'never') return;
      // Automatic lookups turned on: the tabs that waited for a click are looked up now.
      void views
        .all()
        .then((all) => all.filter((s) => s.status === 'idle' && s.reason === 'manual').forEach((s) => void w.s.autoLookUp(s.tabId)));
    }),
  );
  // Before anything can be sent: book what a previous worker left on the wire (its requests will never
  // answer), and remove the in-flight markers earlier builds kept.
  const lost = await credits.recoverJournal();
  await w.core.cache.dropLeftoverMarkers();
  await session.load();
  const unknown = session.hasKey && !session.account;
  if (unknown) await session.refresh();
  w.core.rate.setTier(session.account?.tier ?? null);
  // The meter a previous worker showed (none after a browser restart: storage.session is emptied): its
  // balance, if read after the stored `/v1/me` (a paid answer's), stands with its time.
  const shown = await meterItem.getValue();
  const account = session.account;
  const kept =
    account && shown?.accountId === account.id && shown.balance !== null && shown.balanceAt
      ? { balance: shown.balance, at: shown.balanceAt }
      : null;
  if (account) {
    const newer = kept && kept.at >= (session.checkedAt ?? 0);
    await credits.observeMe({
      ...meOf(account),
      ...(newer ? { creditsBalance: kept.balance, readAt: kept.at } : { readAt: session.checkedAt ?? w.core.now() }),
    });
  }
  // Prices left stale by a previous worker are read again before anything can be paid.
  if (credits.pricesStale()) await accountCheck.run();
  await accountCheck.ifHalted();
  await meter.refresh();
  // No fresh meter to go on: `/v1/me` (free) once, off the start path (the pages watch the meter).
  if (!unknown) void accountCheck.ifStale(kept?.at);
  for (const state of await views.all()) {
    if (state.status === 'looking-up') void w.s.autoLookUp(state.tabId);
    // Re-armed from the stored reset (its alarm may be gone with a browser restart): never sent before it.
    else if (state.status === 'rate-limited') w.s.lookup.resumeAt(state.tabId, state.resumeAt + 250);
    else if (isMatchState(state)) await settleInterrupted(views, { tabId: state.tabId }, state);
  }
  const selection = await views.get(SELECTION);
  if (selection) await settleInterrupted(views, SELECTION, selection);
  // "People on this page" rows a stop cut off, with what the journal booked, and an "Enrich a list" run: it
  // goes on after a worker stop, and waits for "Resume" after a browser start. The meter is written at every
  // start and never removed: none before this one's means storage.session was emptied, so the browser
  // itself started (not just this worker).
  await w.s.peopleOnPage.settleInterrupted(lost);
  await w.s.enrich.settleInterrupted(shown === null);
  await followUpsDaily(w);
  // A HubSpot send the browser cut off finishes now (off the start path: nothing waits for it).
  void w.s.hubspot.resume().catch(() => undefined);
}

/** The follow-up count now, and again just after the next local midnight (an alarm: the worker may be stopped by then). */
async function followUpsDaily(w: Worker): Promise<void> {
  await w.s.leads.refreshFollowUps();
  const [y, m, day] = shiftDay(dayKey(w.core.now()), 1).split('-').map(Number);
  const midnight = new Date(y ?? 1970, (m ?? 1) - 1, day ?? 1, 0, 1).getTime();
  w.core.wakeUps.at(FOLLOW_UPS_ALARM, midnight, () => void followUpsDaily(w));
}

/**
 * `browser.alarms.onAlarm`, routed by the background (registered at its top level, so an alarm wakes a
 * stopped worker): acts on stored state only (the worker that set the alarm may be gone).
 */
export async function alarmFired(name: string, w: Worker): Promise<void> {
  w.core.wakeUps.fired(name);
  if (name === BALANCE_CHECK_ALARM) return w.core.accountCheck.run();
  if (name === HUBSPOT_SYNC_ALARM) return w.s.hubspot.sync();
  if (name === FOLLOW_UPS_ALARM) {
    await followUpsDaily(w);
    // Once a day, off the start path: charges of people who never became leads follow the ledger's retention.
    await w.deps.leads.pruneCosts(w.core.now() - w.core.credits.ledger.retentionDays * 86_400_000).catch(() => 0);
    return;
  }
  const tabId = tabOfAlarm(name);
  if (tabId !== null) await w.s.lookup.resume(tabId);
}

/**
 * A killed worker leaves its in-memory work marked in stored states: a reveal "in progress" (its
 * charge, if any, shows in the next balance) and detail skeletons. Say so, and offer the action again.
 */
async function settleInterrupted(views: Views, view: ViewRef, state: ViewState): Promise<void> {
  if (!isMatchState(state)) return;
  const stuck = (slot?: { status: string }) => slot?.status === 'loading';
  if (!state.revealing && !stuck(state.personDetail) && !stuck(state.organizationDetail)) return;
  const message = (reveal: boolean) => failureText({ kind: 'network', cause: 'interrupted', ...(reveal ? { reveal } : {}) }, 'unknown');
  const interrupted = { status: 'error' as const, message: message(false) };
  await views.patch(view, viewKey(view, state), (s) =>
    isMatchState(s)
      ? {
          ...s,
          ...(stuck(s.personDetail) ? { personDetail: interrupted } : {}),
          ...(stuck(s.organizationDetail) ? { organizationDetail: interrupted } : {}),
          ...(s.revealing ? { revealing: undefined, revealError: { personId: s.revealing, message: message(true) } } : {}),
        }
      : null,
  );
}
