/*
 * Reports said ahead of the browser (ProfileReport.ahead), one per tab, until a report the browser vouches for
 * settles it: the same profile confirms it; anything else, or nothing within AHEAD_CONFIRM_MS, refutes it. The
 * address the browser commits (tabs.onUpdated) confirms it too when it names the same profile, usually a few ms
 * before the page's report (Chromium queues that behind the page's work); an address naming anything else settles
 * nothing (it may be an older move's). Addresses are followed while a panel watches (`follow`), not from the report
 * on: a listener added then misses that very commit (measured: 2 of 30 moves). Meanwhile the lookup runs (a known
 * card is shown, a paid request journaled); only its send waits here: a content script's word alone never pays.
 */

/** Long enough for a browser under load to commit a same-document move; a lost confirmation gives up here. */
export const AHEAD_CONFIRM_MS = 2_000;

interface Waiting {
  key: string;
  /** Whether a tab address names the reported profile (the parsers the router checks reports with). */
  names?: (url: string) => boolean;
  answer: Promise<boolean>;
  settle(confirmed: boolean): void;
}

export class AheadReports {
  private readonly waiting = new Map<number, Waiting>();
  /** Unsubscribes from the tabs' addresses: followed only while something waits or a panel watches. */
  private unwatch: (() => void) | null = null;
  private following = false;

  /** `refuted` runs before a refuted lookup's send is told (it aborts it); `timedOut`: no report came at all. */
  constructor(
    private readonly refuted: (tabId: number, key: string, timedOut: boolean) => void,
    private readonly confirmMs = AHEAD_CONFIRM_MS,
    private readonly watchTabUrls?: (onUrl: (tabId: number, url: string) => void) => () => void,
  ) {}

  /** A report for the tab: `ahead`, it waits for confirmation (`names`: whether a committed address names it); else it settles. */
  heard(tabId: number, key: string | null, ahead: boolean, names?: (url: string) => boolean): void {
    const w = this.waiting.get(tabId);
    if (w && !(ahead && w.key === key)) this.settle(tabId, w, !ahead && w.key === key, false);
    if (!ahead || key === null || this.waiting.has(tabId)) return;
    let settle: (confirmed: boolean) => void = () => undefined;
    const answer = new Promise<boolean>((resolve) => (settle = resolve));
    const next: Waiting = { key, answer, settle, ...(names ? { names } : {}) };
    this.waiting.set(tabId, next);
    this.listen();
    setTimeout(() => this.waiting.get(tabId) === next && this.settle(tabId, next, false, true), this.confirmMs);
  }

  /** Whether a panel watches some tab: the tabs' addresses are followed meanwhile, ready for the next move. */
  follow(on: boolean): void {
    this.following = on;
    this.listen();
  }

  private listen(): void {
    const wanted = this.following || [...this.waiting.values()].some((w) => w.names);
    if (wanted && !this.unwatch && this.watchTabUrls) this.unwatch = this.watchTabUrls((t, url) => this.committed(t, url));
    if (!wanted && this.unwatch) {
      this.unwatch();
      this.unwatch = null;
    }
  }

  /** The browser committed `url` in the tab: the profile said ahead, it is confirmed. */
  private committed(tabId: number, url: string): void {
    const w = this.waiting.get(tabId);
    if (w?.names?.(url)) this.settle(tabId, w, true, false);
  }

  /** Whether the tab's paid request for `key` may leave: at once, unless an ahead report of it waits. */
  confirmed(tabId: number, key: string): Promise<boolean> {
    const w = this.waiting.get(tabId);
    return w?.key === key ? w.answer : Promise.resolve(true);
  }

  /** The tab closed. */
  forget(tabId: number): void {
    const w = this.waiting.get(tabId);
    if (w) this.settle(tabId, w, false, false);
  }

  private settle(tabId: number, w: Waiting, confirmed: boolean, timedOut: boolean): void {
    this.waiting.delete(tabId);
    this.listen();
    if (!confirmed) this.refuted(tabId, w.key, timedOut);
    w.settle(confirmed);
  }
}
