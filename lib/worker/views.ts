import type { ViewRef } from '../messaging/protocol';
import { badgeFor, type Badge } from '../tab-state/badge';
import { selectionItem, tabStateItem } from '../storage/items';
import type { TabState } from '../tab-state/tab-state';
import type { StateBody } from './error-state';
import { isTabStateKey } from '../storage/keys';

/** The selection (a popup search pick) is stored like a tab state, under this pseudo tab id. */
export const SELECTION_TAB_ID = -1;

/**
 * What a write must still find in a view to land there: the tab's profile, or for the selection the
 * record picked (so details loaded for one pick never land on the next).
 */
export function viewKey(state: TabState): string | null {
  if (state.tabId === SELECTION_TAB_ID && state.status === 'matched') return `sel:${state.person?.id ?? state.organization?.id ?? ''}`;
  return state.profile?.key ?? null;
}

export function itemFor(view: ViewRef) {
  return 'selection' in view ? selectionItem : tabStateItem(view.tabId);
}

/**
 * Reads and writes per-view state. Writes made for a profile the tab has since left are dropped, so
 * a slow answer can never paint the previous person's card over the current one.
 */
export class Views {
  /** Per-view write queue: two detail loads patching one state must not overwrite each other. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly now: () => number,
    private readonly setBadge: (tabId: number, badge: Badge) => void,
  ) {}

  get(view: ViewRef): Promise<TabState | null> {
    return itemFor(view).getValue();
  }

  async put(state: TabState): Promise<TabState> {
    const view: ViewRef = state.tabId === SELECTION_TAB_ID ? { selection: true } : { tabId: state.tabId };
    let stored = state;
    try {
      await itemFor(view).setValue(state);
    } catch (err) {
      // storage.session is capped (10 MB): an answer too big to keep must not leave the panel on a
      // silent "looking up". Store a small error state the panel shows instead.
      console.warn('Crypto Directory: could not store the tab state', err);
      stored = {
        tabId: state.tabId,
        profile: state.profile,
        hints: state.hints,
        updatedAt: state.updatedAt,
        status: 'error',
        retryable: false,
        message: 'The answer could not be shown: it is too large to keep. Nothing more was charged.',
      };
      await itemFor(view)
        .setValue(stored)
        .catch(() => undefined);
    }
    if (state.tabId !== SELECTION_TAB_ID) this.setBadge(state.tabId, badgeFor(stored.status, stored.status === 'idle' ? stored.reason : undefined));
    return stored;
  }

  /** Replace the state's body if the view still shows `profileKey` (see `viewKey`). */
  update(view: ViewRef, profileKey: string | null, body: StateBody): Promise<TabState | null> {
    return this.patch(view, profileKey, (current) => ({ tabId: current.tabId, profile: current.profile, hints: current.hints, ...body }) as TabState);
  }

  /** Patch the current state (e.g. a detail slot) if the view still shows `profileKey`. */
  patch(view: ViewRef, profileKey: string | null, patch: (s: TabState) => TabState | null): Promise<TabState | null> {
    return this.serialized(view, async () => {
      const current = await this.get(view);
      if (!current || viewKey(current) !== profileKey) return null;
      const next = patch(current);
      if (!next) return null;
      return this.put({ ...next, updatedAt: this.now() });
    });
  }

  /** Write a whole state (a new page report), in the same queue as patches. */
  replace(state: TabState): Promise<TabState> {
    const view: ViewRef = state.tabId === SELECTION_TAB_ID ? { selection: true } : { tabId: state.tabId };
    return this.serialized(view, () => this.put(state));
  }

  private serialized<T>(view: ViewRef, task: () => Promise<T>): Promise<T> {
    const key = 'selection' in view ? 'selection' : String(view.tabId);
    const run = (this.queues.get(key) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return run;
  }

  /** Every tab's state (not the selection): for resuming work after a restart or a key change. */
  async all(): Promise<TabState[]> {
    const raw = await browser.storage.session.get(null);
    return Object.entries(raw)
      .filter(([k]) => isTabStateKey(k))
      .map(([, v]) => v as TabState)
      .filter((s) => s && typeof s.tabId === 'number');
  }

  remove(tabId: number): Promise<void> {
    return this.serialized({ tabId }, () => tabStateItem(tabId).removeValue());
  }
}
