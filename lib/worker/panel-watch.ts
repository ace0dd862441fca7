import type { PeopleSwitch } from '@/lib/messaging/report-profile';
import type { ProfileLookup } from './profile-lookup';
import type { TabWatchers } from './tab-watchers';
import type { Views } from './views';

export interface PanelWatchDeps {
  views: Views;
  lookup: Pick<ProfileLookup, 'watch' | 'unwatch'>;
  watchers: Pick<TabWatchers, 'isWatched' | 'tabs'>;
  /** A tab nobody watches: its "People on this page" rows go. */
  forgetPeople: (tabId: number) => Promise<void>;
  tellTab?: (tabId: number, message: PeopleSwitch) => void;
  /** Resolves once the worker has started (a watch's lookup waits for it). */
  ready: () => Promise<void>;
}

/**
 * Panel pages (their ports) starting and stopping to watch tabs: the lookup learns it, the back stack
 * follows the tab shown, and a tab's content script is told whether to read a list page's rows.
 */
export class PanelWatch {
  constructor(private readonly deps: PanelWatchDeps) {}

  async watch(portId: string, tabId: number | null): Promise<void> {
    const { lookup, views, watchers } = this.deps;
    const before = watchers.tabs();
    const watching = lookup.watch(portId, tabId, this.deps.ready());
    this.tell(before);
    // The followed tab changed: the back stack belongs to the tab it was opened over.
    await views.followed(tabId, (t) => watchers.isWatched(t));
    await watching;
  }

  unwatch(portId: string): Promise<void> {
    const before = this.deps.watchers.tabs();
    this.deps.lookup.unwatch(portId);
    this.tell(before);
    return this.deps.views.followed(null, (t) => this.deps.watchers.isWatched(t));
  }

  /** A tab a panel started or stopped watching: its content script reads a list page's rows only while watched. */
  private tell(before: Set<number>): void {
    const { watchers, tellTab, forgetPeople } = this.deps;
    const now = watchers.tabs();
    for (const tab of now) if (!before.has(tab)) tellTab?.(tab, { people: true });
    for (const tab of before) {
      if (now.has(tab)) continue;
      tellTab?.(tab, { people: false });
      void forgetPeople(tab);
    }
  }
}
