import { cleanText } from './clean-text';
import { MAX_PAGE_PEOPLE } from './list-pages';
import type { PagePerson } from './types';
import { visibleText } from './visible-text';
import { isXHandle } from './parse-x-url';

/*
 * Row readers for list pages (./list-pages.ts): pure, given the page's Document. Structure only (X's
 * `data-testid`s, LinkedIn's profile links inside list rows), never class names, which both sites rename.
 * A layout they do not recognise gives no rows: never a wrong list.
 */

const text = (el: Element | null | undefined): string | undefined => (el ? cleanText(visibleText(el)) : undefined);

/**
 * X: account rows (`UserCell`: followers, following, list members, people search) and the authors of a
 * post's replies (`User-Name` in each reply). The handle comes from the row's `/handle` link; the name
 * is that link's text; the bio the row's `dir="auto"` text outside the links. `pageHandle` (a post's
 * author) is left out: the page itself is their profile.
 */
export function readXPeople(doc: Document, pageHandle?: string): PagePerson[] {
  const people = new Map<string, PagePerson>();
  for (const row of Array.from(doc.querySelectorAll('[data-testid="UserCell"], article [data-testid="User-Name"]'))) {
    let handle: string | undefined;
    let name: string | undefined;
    for (const a of Array.from(row.querySelectorAll('a[href]'))) {
      const h = /^\/(\w{1,20})$/.exec(a.getAttribute('href') ?? '')?.[1];
      if (!h || !isXHandle(h) || (handle && h !== handle)) continue;
      handle = h;
      const t = text(a);
      if (t && !t.startsWith('@')) name ??= t;
    }
    const key = handle?.toLowerCase();
    if (!handle || !name || !key || key === pageHandle?.toLowerCase() || people.has(key)) continue;
    const bio = Array.from(row.querySelectorAll('[dir="auto"]'))
      .filter((el) => !el.closest('a'))
      .map(text)
      .find(Boolean);
    people.set(key, { name, handle, ...(bio ? { headline: bio } : {}) });
  }
  return [...people.values()].slice(0, MAX_PAGE_PEOPLE);
}

/**
 * LinkedIn: rows (`li`, or a Sales Navigator list's `tr`) in `main` that link a profile (`/in/slug`) or a
 * Sales Navigator lead (`/sales/lead/…`, whose id is no public slug). Name: that link's text; headline:
 * the row's first other line; company: the row's Sales Navigator company link, or "… at Company".
 */
export function readLinkedInPeople(doc: Document): PagePerson[] {
  const people = new Map<string, PagePerson>();
  const rows = new Set<Element>();
  const main = doc.querySelector('main');
  for (const a of main ? Array.from(main.querySelectorAll('a[href*="/in/"], a[href*="/sales/lead/"]')) : []) {
    const m = /\/(in|sales\/lead)\/([^/?#,]+)/.exec(a.getAttribute('href') ?? '');
    const row = a.closest('li, tr');
    const name = text(a);
    // A row's first profile link is its person; later ones (mutual connections) are not.
    if (!m || !row || rows.has(row) || !name || /^(?:view|status)\b/i.test(name)) continue;
    rows.add(row);
    const slug = m[1] === 'in' ? decodeURIComponent(m[2]!).toLowerCase() : undefined;
    const lines = Array.from(row.querySelectorAll('*'))
      .filter((el) => !el.firstElementChild && !el.closest('a, button'))
      .map(text)
      .filter((t): t is string => !!t && t !== name && !/^[•·]|^(?:1st|2nd|3rd\+?)$/.test(t));
    const headline = lines[0];
    const company = text(row.querySelector('a[href*="/sales/company/"]')) ?? / (?:at|@) (.+)$/.exec(headline ?? '')?.[1];
    const key = slug ?? `${name}|${company ?? ''}`;
    if (people.has(key)) continue;
    people.set(key, { name, ...(slug ? { slug } : {}), ...(headline ? { headline } : {}), ...(company ? { company } : {}) });
  }
  return [...people.values()].slice(0, MAX_PAGE_PEOPLE);
}
