import { MAX_PAGE_PEOPLE } from './list-pages';
import { text } from './read-people';
import type { PagePerson } from './types';

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
