import { describe, expect, it } from 'vitest';
import type { Timers } from '@/lib/rate/timers';
import { MIN_ALARM_MS, tabAlarm, tabOfAlarm, WakeUps } from './wake-ups';

/** A manual clock whose timers fire on `advance`, and an alarm API that only records (as Chrome does until it fires). */
function rig(withAlarms = true) {
  let t = 1_000_000;
  const timers: Array<{ id: number; at: number; fn: () => void }> = [];
  let nextId = 0;
  const fakeTimers: Timers = {
    setTimeout: (fn, ms) => {
      timers.push({ id: ++nextId, at: t + ms, fn });
      return nextId;
    },
    clearTimeout: (id) => void timers.splice(timers.findIndex((x) => x.id === id) >>> 0, timers.some((x) => x.id === id) ? 1 : 0),
  };
  const alarms = new Map<string, number>();
  const alarmApi = {
    create: (name: string, info: { when: number }) => void alarms.set(name, info.when),
    clear: async (name: string) => alarms.delete(name),
  };
  const ran: string[] = [];
  const wake = new WakeUps({ now: () => t, timers: fakeTimers, ...(withAlarms ? { alarms: alarmApi } : {}) });
  return {
    wake,
    alarms,
    ran,
    timers,
    now: () => t,
    advance(ms: number) {
      t += ms;
      for (const due of timers.filter((x) => x.at <= t)) {
        timers.splice(timers.indexOf(due), 1);
        due.fn();
      }
    },
  };
}

describe('WakeUps', () => {
  it('a short wait runs on a timer, backed by an alarm no sooner than the minimum; the timer clears the alarm', async () => {
    const r = rig();
    r.wake.at('a', r.now() + 4_000, () => r.ran.push('a'));
    expect(r.alarms.get('a')).toBe(r.now() + MIN_ALARM_MS);
    r.advance(3_999);
    expect(r.ran).toEqual([]);
    r.advance(1);
    expect(r.ran).toEqual(['a']);
    await Promise.resolve();
    expect(r.alarms.has('a')).toBe(false);
  });

  it('a long wait is an alarm alone, at its time (a timer would die with the worker)', () => {
    const r = rig();
    r.wake.at('b', r.now() + 45_000, () => r.ran.push('b'));
    expect(r.timers).toHaveLength(0);
    expect(r.alarms.get('b')).toBe(r.now() + 45_000);
  });

  it('the alarm firing first cancels the timer: the task runs once', () => {
    const r = rig();
    r.wake.at('c', r.now() + 10_000, () => r.ran.push('c'));
    r.wake.fired('c');
    r.advance(20_000);
    expect(r.ran).toEqual([]);
  });

  it('a new wait of the same name replaces the old; cancel clears both timer and alarm', async () => {
    const r = rig();
    r.wake.at('d', r.now() + 5_000, () => r.ran.push('old'));
    r.wake.at('d', r.now() + 8_000, () => r.ran.push('new'));
    r.advance(8_000);
    expect(r.ran).toEqual(['new']);
    r.wake.at('e', r.now() + 5_000, () => r.ran.push('e'));
    r.wake.cancel('e');
    await Promise.resolve();
    r.advance(60_000);
    expect(r.ran).toEqual(['new']);
    expect(r.alarms.has('e')).toBe(false);
  });

  it('stop drops the timers but keeps the alarms (what a stopped worker leaves behind)', () => {
    const r = rig();
    r.wake.at('f', r.now() + 5_000, () => r.ran.push('f'));
    r.wake.stop();
    r.advance(10_000);
    expect(r.ran).toEqual([]);
    expect(r.alarms.has('f')).toBe(true);
  });

  it('without an alarm API every wait is a timer, long ones too', () => {
    const r = rig(false);
    r.wake.at('g', r.now() + 45_000, () => r.ran.push('g'));
    r.advance(45_000);
    expect(r.ran).toEqual(['g']);
  });

  it.each([
    [tabAlarm(7), 7],
    ['resume-tab:0', 0],
    ['resume-tab:', null],
    ['resume-tab:-1', null],
    ['resume-tab:1.5', null],
    ['balance-check', null],
  ])('tabOfAlarm(%s) → %s', (name, tab) => {
    expect(tabOfAlarm(name)).toBe(tab);
  });
});
