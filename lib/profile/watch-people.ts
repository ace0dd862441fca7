import type { PagePerson } from './types';

/**
 * A list page's rows (`read` gives none off a list page: ./list-pages.ts), read only while a panel watches the tab (the
 * worker flips the returned switch): a MutationObserver re-reads after changes (scrolling, an SPA move), coalesced into
 * one read per `debounceMs`, and sends what changed; off, nothing runs.
 */
export function watchPeople(
  read: (doc: Document, url: string) => PagePerson[],
  send: (url: string, people: PagePerson[]) => Promise<unknown>,
  debounceMs = 300,
): (on: boolean) => void {
  let observer: MutationObserver | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** What was last sent (null: nothing yet since switched on, or it failed). */
  let last: string | null = null;
  const scan = (): void => {
    timer = undefined;
    const url = location.href;
    const people = read(document, url);
    // Off a list page an empty list is sent once (the panel drops the last rows); between pages that list
    // nobody nothing is sent: no message beside each lookup.
    const sent = people.length === 0 ? '' : url + JSON.stringify(people);
    if (sent === last) return;
    last = sent;
    send(url, people).catch(() => (last = null));
  };
  return (on) => {
    observer?.disconnect();
    clearTimeout(timer);
    observer = timer = undefined;
    last = null;
    if (!on) return;
    observer = new MutationObserver(() => (timer ??= setTimeout(scan, debounceMs)));
    observer.observe(document, { childList: true, subtree: true });
    scan();
  };
}
