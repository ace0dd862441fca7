import { ANSWER_TOO_LARGE } from '@/lib/messages/texts';
import type { ViewRef } from '@/lib/messaging/protocol';
import { isSelectionRef, type TabRef } from '@/lib/messaging/view-ref';
import { badgeFor, type Badge } from '@/lib/tab-state/badge';
import { selectionItem, tabStateItem } from '@/lib/tab-state/items';
import { isMatchState, type SelectionEntry, type TabState, type ViewState } from '@/lib/tab-state/tab-state';
import type { StateBody } from './error-state';
import { isTabStateKey } from '@/lib/storage/keys';

/** At most this many cards deep: the back stack is for a few steps, not a history. */
export const MAX_STACK = 20;

/**
 * What a write must still find in a view to land there: the tab's profile, or for the selection the
 * record on top of the stack (so details loaded for one card never land on the next).
 */
export function viewKey(view: ViewRef, state: ViewState): string | null {
  if (isSelectionRef(view)) return isMatchState(state) ? `sel:${state.person?.id ?? state.organization?.id ?? ''}` : null;
  return state.profile?.key ?? null;
}

const queueKey = (view: ViewRef) => (isSelectionRef(view) ? 'selection' : String(view.tabId));

/**
 * Reads and writes per-view state. Writes made for a profile the tab has since left are dropped, so
 * a slow answer can never paint the previous person's card over the current one.
 */
export class Views {
  /** Per-view write queue: two detail loads patching one state must not overwrite each other. */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** One storage item per tab: defining one reads storage (wxt), so it is not defined again for each write. */
  private readonly items = new Map<number, ReturnType<typeof tabStateItem>>();
  /** Each tab's state as this worker last put (or read) it; null: none. See `put`. */
  private readonly tabs = new Map<number, TabState | null>();
  /** A tab's state held in memory but not written yet (see `hold`). */
  private readonly unwritten = new Map<number, TabState>();
  /** Stopped: storage alone is read again (whatever still runs of this worker writes nothing from memory). */
  private held = true;

  constructor(
    private readonly now: () => number,
    private readonly setBadge: (tabId: number, badge: Badge) => void,
    /** Told each tab state as its write is issued (the panels showing the tab are sent it: lib/messaging/watch-port.ts). */
    private readonly onWrite: (tabId: number, state: TabState | null) => void = () => {},
  ) {}

  get(view: TabRef): Promise<TabState | null>;
  get(view: ViewRef): Promise<ViewState | null>;
  async get(view: ViewRef): Promise<ViewState | null> {
    if (isSelectionRef(view)) return (await selectionItem.getValue())?.entries.at(-1)?.state ?? null;
    const held = this.tabs.get(view.tabId);
    if (held !== undefined) return held;
    const stored = await this.item(view.tabId).getValue();
    if (!this.held) return stored;
    // A state put while this was read is newer than what was read.
    if (!this.tabs.has(view.tabId)) this.tabs.set(view.tabId, stored);
    return this.tabs.get(view.tabId) ?? null;
  }

  /**
   * Puts `state` on the view. A tab's state is this worker's to write (storage.session is its copy for
   * the pages): it is held in memory at once and its write is issued in order, so the next patch of the
   * tab neither reads storage nor waits for this write to land (`written` does). The selection stack is
   * read-modify-written in storage, one write after the other.
   */
  private async put(view: ViewRef, state: ViewState): Promise<{ written: Promise<ViewState> }> {
    if (isSelectionRef(view)) return { written: Promise.resolve(await this.stored(view, state)) };
    const tabState = { ...state, tabId: view.tabId };
    if (this.held) this.tabs.set(view.tabId, tabState);
    this.unwritten.delete(view.tabId); // superseded: never shown
    return { written: this.stored(view, tabState) };
  }

  private async stored(view: ViewRef, state: ViewState): Promise<ViewState> {
    let stored = state;
    try {
      await this.write(view, state);
    } catch (err) {
      // storage.session is capped (10 MB): an answer too big to keep must not leave the panel on a
      // silent "looking up". Store a small error state the panel shows instead.
      console.warn('Crypto Directory: could not store the tab state', err);
      const { profile, hints, updatedAt } = state;
      stored = { profile, hints, updatedAt, status: 'error', retryable: false, message: ANSWER_TOO_LARGE };
      if (isSelectionRef(view)) await this.write(view, stored).catch(() => undefined);
      else if (this.tabs.get(view.tabId) === state) {
        // Only if nothing newer was put meanwhile (its own write decides what the panel shows).
        stored = { ...stored, tabId: view.tabId } as TabState;
        this.tabs.set(view.tabId, stored as TabState);
        await this.write(view, stored).catch(() => undefined);
      } else return stored;
    }
    if (!isSelectionRef(view)) this.setBadge(view.tabId, badgeFor(stored.status, stored.status === 'idle' ? stored.reason : undefined));
    return stored;
  }

  private async write(view: ViewRef, state: ViewState): Promise<void> {
    if (!isSelectionRef(view)) {
      this.onWrite(view.tabId, state as TabState);
      return this.item(view.tabId).setValue(state as TabState);
    }
    const stack = await selectionItem.getValue();
    const top = stack?.entries.at(-1);
    if (stack && top) await selectionItem.setValue({ ...stack, entries: [...stack.entries.slice(0, -1), { ...top, state }] });
  }

  /** Replace the state's body if the view still shows `profileKey` (see `viewKey`). */
  update(view: ViewRef, profileKey: string | null, body: StateBody): Promise<ViewState | null> {
    return this.patch(view, profileKey, (current) => ({ profile: current.profile, hints: current.hints, ...body }) as ViewState);
  }

  /** Patch the current state (e.g. a detail slot) if the view still shows `profileKey`. */
  patch(view: ViewRef, profileKey: string | null, patch: (s: ViewState) => ViewState | null): Promise<ViewState | null> {
    return this.serialized(view, async () => {
      const current = await this.get(view);
      if (!current || viewKey(view, current) !== profileKey) return null;
      const next = patch(current);
      if (!next) return null;
      return this.put(view, { ...next, updatedAt: this.now() });
    }).then((put) => put && put.written);
  }

  /**
   * Put a tab's state in memory without writing it yet: a lookup that answers at once from what is
   * already known puts its answer next, and the pages are shown that instead of a "looking up" that
   * would only delay it. `flush` writes it if nothing replaced it.
   */
  hold(view: TabRef, state: ViewState): Promise<void> {
    if (!this.held) return this.replace(view, state).then(() => undefined);
    return this.serialized(view, async () => {
      const tabState = { ...state, tabId: view.tabId };
      this.tabs.set(view.tabId, tabState);
      this.unwritten.set(view.tabId, tabState);
    });
  }

  /** Write the state `hold` put, unless another replaced it; resolves once it landed. */
  async flush(view: TabRef): Promise<void> {
    const put = await this.serialized(view, async () => {
      const state = this.unwritten.get(view.tabId);
      this.unwritten.delete(view.tabId);
      return { written: state && this.tabs.get(view.tabId) === state ? this.stored(view, state) : null };
    });
    await put.written;
  }

  /** Write a tab's whole state (a new page report), in the same queue as patches. */
  replace(view: TabRef, state: ViewState): Promise<ViewState> {
    return this.serialized(view, () => this.put(view, state)).then((put) => put.written);
  }

  // ── the selection: a back stack over one tab's view ─────────────────────────────────────────

  /**
   * Open a card over the tab's view. A stack over another tab is dropped first (it belongs to a page
   * the user has left); `tabId` null keeps the stack's tab (or leaves it to be bound by a panel).
   */
  push(entry: SelectionEntry, tabId: number | null): Promise<void> {
    return this.serialized({ selection: true }, async () => {
      const stack = await selectionItem.getValue();
      const over = tabId ?? stack?.tabId ?? null;
      const keep = stack && (stack.tabId === over || stack.tabId === null) ? stack.entries : [];
      await selectionItem.setValue({ tabId: over, entries: [...keep, entry].slice(-MAX_STACK) });
    });
  }

  /** "Back": the card under the top one shows again (as it was: nothing is fetched or paid). */
  pop(): Promise<ViewState | null> {
    return this.serialized({ selection: true }, async () => {
      const stack = await selectionItem.getValue();
      if (!stack) return null;
      const entries = stack.entries.slice(0, -1);
      await (entries.length ? selectionItem.setValue({ ...stack, entries }) : selectionItem.setValue(null));
      return entries.at(-1)?.state ?? null;
    });
  }

  /**
   * The followed tab is now `tabId` (null: none): a stack opened before any panel said which tab it
   * shows is bound to it; a stack over a tab nobody follows any more is cleared. `watched` answers
   * whether some panel still shows a tab.
   */
  followed(tabId: number | null, watched: (tabId: number) => boolean): Promise<void> {
    return this.serialized({ selection: true }, async () => {
      const stack = await selectionItem.getValue();
      if (stack?.tabId === null && tabId !== null) await selectionItem.setValue({ ...stack, tabId });
      else if (stack && stack.tabId !== null && !watched(stack.tabId)) await selectionItem.setValue(null);
    });
  }

  /** The tab moved to another profile or closed: a stack over it is cleared. */
  leftTab(tabId: number): Promise<void> {
    return this.serialized({ selection: true }, async () => {
      if ((await selectionItem.getValue())?.tabId === tabId) await selectionItem.setValue(null);
    });
  }

  private serialized<T>(view: ViewRef, task: () => Promise<T>): Promise<T> {
    const key = queueKey(view);
    const run = (this.queues.get(key) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    this.queues.set(key, tail);
    void tail.then(() => {
      if (this.queues.get(key) === tail) this.queues.delete(key);
    });
    return run;
  }

  private item(tabId: number): ReturnType<typeof tabStateItem> {
    return this.items.get(tabId) ?? this.items.set(tabId, tabStateItem(tabId)).get(tabId)!;
  }

  /** The worker stopped: states are no longer held in memory (see `held`). */
  stop(): void {
    this.held = false;
    this.tabs.clear();
    this.unwritten.clear();
  }

  /** Every tab's state (not the selection): for resuming work after a restart or a key change. */
  async all(): Promise<TabState[]> {
    const raw = await browser.storage.session.get(null);
    return Object.entries(raw)
      .filter(([k]) => isTabStateKey(k))
      .map(([, v]) => v as TabState)
      .filter((s) => s && typeof s.tabId === 'number')
      .map((s) => this.tabs.get(s.tabId) ?? s);
  }

  remove(tabId: number): Promise<void> {
    return this.serialized({ tabId }, async () => {
      this.tabs.set(tabId, null);
      this.unwritten.delete(tabId);
      this.onWrite(tabId, null);
      await this.item(tabId).removeValue();
      // Forgotten once storage agrees, unless the tab was written again meanwhile.
      if (this.tabs.get(tabId) === null) {
        this.tabs.delete(tabId);
        this.items.delete(tabId);
      }
    });
  }
}
