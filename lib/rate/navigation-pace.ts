/**
 * Pays only for where a tab settles. A person reading profiles stays on each for a second or more; a page
 * walking `history.pushState` through hundreds of handles stays on each for milliseconds. So:
 *  - a tab that was calm (its previous page stayed `calmMs` or longer) is looked up at once: normal browsing keeps its speed;
 *  - after a fast move, the new page must itself stay `settleMs` before it is paid for;
 *  - however a page paces itself, at most `maxPerMinute` automatic lookups start per tab per minute; past that
 *    the tab is "navigating fast" and waits for a click.
 * Pure: the clock is injected; the worker keeps one instance and calls it per report.
 */
export interface NavigationPaceOptions {
  calmMs?: number;
  settleMs?: number;
  maxPerMinute?: number;
  now?: () => number;
}

export type PaceDecision = { kind: 'now' } | { kind: 'wait'; ms: number } | { kind: 'too-fast' };

interface TabPace {
  arrivedAt: number;
  calm: boolean;
  /** Start times of the automatic lookups in the last minute. */
  paid: number[];
}

const MINUTE = 60_000;

export class NavigationPace {
  private readonly o: Required<NavigationPaceOptions>;
  private readonly tabs = new Map<number, TabPace>();

  constructor({
    // A person reads a card for a second or more; a page stepping faster than this is not read.
    calmMs = 800,
    settleMs = 800,
    // Above a rep reading at a profile a second (60 a minute); a page stepping just slower than the settle time is stopped here.
    maxPerMinute = 75,
    now = () => Date.now(),
  }: NavigationPaceOptions = {}) {
    this.o = { calmMs, settleMs, maxPerMinute, now };
  }

  /** The tab now shows another page (a profile or not). */
  arrived(tabId: number): void {
    const now = this.o.now();
    const prev = this.tabs.get(tabId);
    const calm = !prev || now - prev.arrivedAt >= this.o.calmMs;
    this.tabs.set(tabId, { arrivedAt: now, calm, paid: prev?.paid ?? [] });
  }

  /** May an automatic lookup for the tab's current page start now? */
  decide(tabId: number): PaceDecision {
    const now = this.o.now();
    const tab = this.tabs.get(tabId);
    if (!tab) return { kind: 'now' };
    tab.paid = tab.paid.filter((t) => now - t < MINUTE);
    if (tab.paid.length >= this.o.maxPerMinute) return { kind: 'too-fast' };
    if (tab.calm) return { kind: 'now' };
    const left = tab.arrivedAt + this.o.settleMs - now;
    return left > 0 ? { kind: 'wait', ms: left } : { kind: 'now' };
  }

  /** An automatic lookup started for this tab (counts against the per-minute cap). */
  started(tabId: number): void {
    const tab = this.tabs.get(tabId);
    if (tab) tab.paid.push(this.o.now());
    else this.tabs.set(tabId, { arrivedAt: this.o.now(), calm: true, paid: [this.o.now()] });
  }

  forget(tabId: number): void {
    this.tabs.delete(tabId);
  }
}
