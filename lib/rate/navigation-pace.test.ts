import { describe, expect, it } from 'vitest';
import { NavigationPace, type PaceDecision } from './navigation-pace';

function paced(opts = {}) {
  let t = 1_000_000;
  const pace = new NavigationPace({ calmMs: 500, settleMs: 500, maxPerMinute: 3, now: () => t, ...opts });
  return { pace, at: (ms: number) => (t = 1_000_000 + ms) };
}

describe('NavigationPace', () => {
  it.each<[string, number[], number, PaceDecision]>([
    // arrivals (ms), decide at (ms), decision
    ['first page of a tab: at once', [0], 0, { kind: 'now' }],
    ['after 2 s on the previous page: at once', [0, 2_000], 2_000, { kind: 'now' }],
    ['reading pace, 600 ms per profile: at once', [0, 600], 600, { kind: 'now' }],
    ['after a 13 ms hop: waits for the page to settle', [0, 13], 13, { kind: 'wait', ms: 500 }],
    ['… and pays once it has stayed 500 ms', [0, 13], 513, { kind: 'now' }],
    ['a storm step 13 ms after a storm step', [0, 10, 23], 30, { kind: 'wait', ms: 493 }],
  ])('%s', (_label, arrivals, decideAt, expected) => {
    const { pace, at } = paced();
    for (const a of arrivals) {
      at(a);
      pace.arrived(1);
    }
    at(decideAt);
    expect(pace.decide(1)).toEqual(expected);
  });

  it('a 300-step storm pays for its first calm step and where it settles, nothing between', () => {
    const { pace, at } = paced({ maxPerMinute: 60 });
    let paid = 0;
    for (let i = 0; i < 300; i++) {
      at(i * 13);
      pace.arrived(7);
      if (pace.decide(7).kind === 'now') {
        pace.started(7);
        paid++;
      }
    }
    at(299 * 13 + 500);
    if (pace.decide(7).kind === 'now') paid++;
    expect(paid).toBe(2);
  });

  it('caps automatic lookups per tab per minute, then lets them go again', () => {
    const { pace, at } = paced();
    for (let i = 0; i < 3; i++) {
      at(i * 1_000);
      pace.arrived(1);
      expect(pace.decide(1)).toEqual({ kind: 'now' });
      pace.started(1);
    }
    at(3_000);
    pace.arrived(1);
    expect(pace.decide(1)).toEqual({ kind: 'too-fast' });
    at(61_000);
    expect(pace.decide(1)).toEqual({ kind: 'now' });
  });

  it('tabs are paced apart', () => {
    const { pace, at } = paced();
    at(0);
    pace.arrived(1);
    at(5);
    pace.arrived(1);
    pace.arrived(2);
    expect(pace.decide(1).kind).toBe('wait');
    expect(pace.decide(2).kind).toBe('now');
  });
});
