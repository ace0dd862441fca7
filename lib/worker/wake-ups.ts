import { realTimers, type Timers } from '@/lib/rate/timers';

/** The part of `browser.alarms` the worker uses, injected like the clock (wxt's fakeBrowser implements it). */
export interface AlarmApi {
  create(name: string, info: { when: number }): unknown;
  clear(name: string): Promise<unknown>;
}

/** Chrome fires no alarm sooner than 30 s after it is set (packed extensions; shorter ones are raised to it). */
export const MIN_ALARM_MS = 30_000;

/** The alarm that asks the free `/v1/me` for the balance after a lost answer. */
export const BALANCE_CHECK_ALARM = 'balance-check';
/** Just after local midnight: the follow-ups due today, counted again for the badge. */
export const FOLLOW_UPS_ALARM = 'follow-ups';
/** "Keep HubSpot up to date": the next run (soon after a change, else every minute while it is on). */
export const HUBSPOT_SYNC_ALARM = 'hubspot-sync';
const TAB_ALARM_PREFIX = 'resume-tab:';
/** The one pending automatic resume of a tab (a name wait, the pace, a rate-limit reset). */
export const tabAlarm = (tabId: number) => `${TAB_ALARM_PREFIX}${tabId}`;
/** The tab a `tabAlarm` is for, or null for any other name. */
export function tabOfAlarm(name: string): number | null {
  const digits = name.startsWith(TAB_ALARM_PREFIX) ? name.slice(TAB_ALARM_PREFIX.length) : '';
  return /^\d+$/.test(digits) ? Number(digits) : null;
}

/**
 * Waits that outlive the MV3 worker (Chrome stops it after ~30 s idle, timers and all). A wait shorter than an
 * alarm's minimum runs on a timer, backed by an alarm in case the worker stops first; a longer one is an alarm
 * alone. `task` must do what the alarm handler does for `name` from stored state (a restarted worker has no
 * closures), so whichever comes first cancels the other. Without an alarm API (benches, tests): timers only.
 */
export class WakeUps {
  private readonly pending = new Map<string, unknown>();
  private readonly timers: Timers;

  constructor(private readonly opts: { now: () => number; alarms?: AlarmApi | undefined; timers?: Timers }) {
    this.timers = opts.timers ?? realTimers;
  }

  /** Run `task` at `when` (epoch ms), replacing a wake-up of the same name. */
  at(name: string, when: number, task: () => void): void {
    this.cancelTimer(name);
    const now = this.opts.now();
    const ms = Math.max(0, when - now);
    const { alarms } = this.opts;
    if (!alarms || ms < MIN_ALARM_MS) {
      const id = this.timers.setTimeout(() => {
        this.pending.delete(name);
        if (alarms) void alarms.clear(name).catch(() => undefined);
        task();
      }, ms);
      this.pending.set(name, id);
    }
    // Created (or replaced) after a short timer too: if this worker dies first, the alarm wakes the next.
    if (alarms) void Promise.resolve(alarms.create(name, { when: Math.max(when, now + MIN_ALARM_MS) })).catch(() => undefined);
  }

  /** The alarm `name` fired: its timer, if this worker still has one, must not run the task a second time. */
  fired(name: string): void {
    this.cancelTimer(name);
  }

  cancel(name: string): void {
    this.cancelTimer(name);
    void this.opts.alarms?.clear(name).catch(() => undefined);
  }

  /** This worker stops: its timers go, the alarms stay (that is what they are for). */
  stop(): void {
    for (const id of this.pending.values()) this.timers.clearTimeout(id);
    this.pending.clear();
  }

  private cancelTimer(name: string): void {
    const id = this.pending.get(name);
    if (id === undefined) return;
    this.timers.clearTimeout(id);
    this.pending.delete(name);
  }
}
