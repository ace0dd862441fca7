/**
 * Which tabs someone is looking at through the extension: a panel page (Chrome's side panel or
 * Firefox's sidebar following the active tab, a popped-out panel, `sidepanel.html?tabId=N`) holds a
 * port open and says which tab it shows. A tab is watched while at least one open port names it; a
 * closed panel closes its port, so nothing is left watched by a panel that is gone.
 */
export class TabWatchers {
  private readonly byPort = new Map<string, number | null>();
  private readonly closed = new Set<string>();
  private last: number | null = null;

  /**
   * Port `portId` now shows `tabId` (null: no tab). Returns the tab that became watched by this
   * change (it was watched by nobody before), or null.
   */
  show(portId: string, tabId: number | null): number | null {
    if (this.closed.has(portId)) return null;
    const wasWatched = tabId !== null && this.isWatched(tabId);
    this.byPort.set(portId, tabId);
    if (tabId !== null) this.last = tabId;
    return tabId !== null && !wasWatched ? tabId : null;
  }

  /** The panel behind `portId` closed; returns the tab it showed. Later `show`s from it are ignored. */
  close(portId: string): number | null {
    const shown = this.byPort.get(portId) ?? null;
    this.byPort.delete(portId);
    this.closed.add(portId);
    return shown;
  }

  /** The tab a panel most recently said it shows, while one still does (where a popup pick opens). */
  lastShown(): number | null {
    return this.last !== null && this.isWatched(this.last) ? this.last : null;
  }

  /** Whether some open panel shows a tab. */
  anyWatched(): boolean {
    return this.tabs().size > 0;
  }

  /** The tabs some open panel shows. */
  tabs(): Set<number> {
    return new Set([...this.byPort.values()].filter((t) => t !== null));
  }

  isWatched(tabId: number): boolean {
    return this.tabs().has(tabId);
  }
}
