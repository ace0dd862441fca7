import { MAX_PAGE_PEOPLE } from './list-pages';
import { shownText } from './clean-text';
import { isXHandle } from './sites';
import type { PagePerson } from './types';
import { xUserId } from './x-page-hints';

/**
 * X: account rows (`UserCell`) and reply authors (`User-Name`): the `/handle` link and its text, the bio (`dir="auto"`
 * outside links), the follow control's id. `pageHandle` (a post's author) is left out: the page is their profile.
 */
export function readXPeople(doc: Document, pageHandle?: string): PagePerson[] {
  const people = new Map<string, PagePerson>();
  for (const row of Array.from(doc.querySelectorAll('[data-testid="UserCell"], article [data-testid="User-Name"]'))) {
    let handle: string | undefined;
    let name: string | undefined;
    for (const a of Array.from(row.querySelectorAll('a[href]'))) {
      const h = /^\/([^/]+)$/.exec(a.getAttribute('href') ?? '')?.[1];
      if (!h || !isXHandle(h) || (handle && h !== handle)) continue;
      handle = h;
      const t = shownText(a);
      if (t && !t.startsWith('@')) name ??= t;
    }
    const key = handle?.toLowerCase();
    if (!handle || !name || !key || key === pageHandle?.toLowerCase() || people.has(key)) continue;
    const bio = Array.from(row.querySelectorAll('[dir="auto"]'))
      .filter((el) => !el.closest('a'))
      .map(shownText)
      .find(Boolean);
    const xId = xUserId(row, handle);
    people.set(key, { name, handle, ...(xId ? { xId } : {}), ...(bio ? { headline: bio } : {}) });
  }
  return [...people.values()].slice(0, MAX_PAGE_PEOPLE);
}
