import type { PagePerson } from './types';

export interface WatchPeopleOptions {
  /** Whether `url` lists people (./list-pages.ts). */
  isList(url: string): boolean;
  /** The rows the page shows (./read-x-people.ts, ./read-linkedin-people.ts). */
  read(doc: Document, url: string): PagePerson[];
  send(url: string, people: PagePerson[]): Promise<unknown>;
  /** Coalesce DOM mutations into one read per this many ms. */
  debounceMs?: number;
}

/**
 * A list page's rows, read only while a panel watches the tab (the worker flips the returned switch): a
 * MutationObserver re-reads after changes (scrolling, an SPA move) and sends what changed; off, nothing runs.
 */
export function watchPeople(options: WatchPeopleOptions): (on: boolean) => void {
  let observer: MutationObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** What was last sent (null: nothing yet since switched on, or it failed). */
  let last: string | null = null;
  const scan = (): void => {
    timer = undefined;
    const url = location.href;
    const people = options.isList(url) ? options.read(document, url) : [];
    // Off a list page an empty list is sent once (the panel drops the last rows); between pages that list
    // nobody nothing is sent: no message beside each lookup.
    const sent = people.length === 0 ? '' : url + JSON.stringify(people);
    if (sent === last) return;
    last = sent;
    options.send(url, people).catch(() => (last = null));
  };
  return (on) => {
    observer?.disconnect();
    clearTimeout(timer);
    observer = timer = undefined;
    last = null;
    if (!on) return;
    observer = new MutationObserver(() => (timer ??= setTimeout(scan, options.debounceMs ?? 300)));
    observer.observe(document, { childList: true, subtree: true });
    scan();
  };
}
