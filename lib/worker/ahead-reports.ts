/*
 * Reports said ahead of the browser (ProfileReport.ahead), one per tab, until a report the browser vouches
 * for settles it: the same profile confirms it, anything else refutes it, and none within AHEAD_CONFIRM_MS
 * refutes it too. The tab's address as the browser itself commits it (tabs.onUpdated) confirms it as well
 * when it names the same profile, usually a few ms before the page's report, which in Chromium waits
 * behind the page's other work for the browser; an address naming anything else settles nothing (it may
 * be an older move's, arriving late). Meanwhile the tab's lookup runs (a card already known is shown; a
 * paid request is journaled, the slow part), and only its send waits here: a content script's word alone
 * never pays.
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
  /** Unsubscribes from the tabs' addresses: followed only while something waits. */
  private unwatch: (() => void) | null = null;

  /**
   * `refuted` runs before a refuted lookup's send is told: it aborts that lookup (its request was only
   * journaled), and `timedOut` says so when no report came at all (the tab's state is left to it).
   */
  constructor(
    private readonly refuted: (tabId: number, key: string, timedOut: boolean) => void,
    private readonly confirmMs = AHEAD_CONFIRM_MS,
    private readonly watchTabUrls?: (onUrl: (tabId: number, url: string) => void) => () => void,
  ) {}

  /**
   * A report for the tab: `ahead`, it waits for its confirmation (`names`: whether a tab address the
   * browser commits names it); vouched for, it settles what waits.
   */
  heard(tabId: number, key: string | null, ahead: boolean, names?: (url: string) => boolean): void {
    const w = this.waiting.get(tabId);
    if (w && !(ahead && w.key === key)) this.settle(tabId, w, !ahead && w.key === key, false);
    if (!ahead || key === null || this.waiting.has(tabId)) return;
    let settle: (confirmed: boolean) => void = () => undefined;
    const answer = new Promise<boolean>((resolve) => (settle = resolve));
    const next: Waiting = { key, answer, settle, ...(names ? { names } : {}) };
    this.waiting.set(tabId, next);
    if (names && this.watchTabUrls && !this.unwatch) this.unwatch = this.watchTabUrls((t, url) => this.committed(t, url));
    setTimeout(() => this.waiting.get(tabId) === next && this.settle(tabId, next, false, true), this.confirmMs);
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
    if (this.waiting.size === 0 && this.unwatch) {
      this.unwatch();
      this.unwatch = null;
    }
    if (!confirmed) this.refuted(tabId, w.key, timedOut);
    w.settle(confirmed);
  }
}
