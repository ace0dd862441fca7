import { cleanText } from './clean-text';
import { MAX_PAGE_PEOPLE } from './list-pages';
import { safeDecodeURIComponent } from './safe-decode';
import type { PagePerson } from './types';

// What a sighted reader sees of an element: LinkedIn draws emoji as text, and repeats names for screen
// readers ("View Ada’s profile", "2nd degree connection") in `visually-hidden` copies.
function shown(el: Element | null): string | undefined {
  const copy = el?.cloneNode(true) as Element | undefined;
  copy?.querySelectorAll('.visually-hidden,svg').forEach((hidden) => hidden.remove());
  return cleanText(copy?.textContent);
}

/**
 * LinkedIn: rows (`li`, or a Sales Navigator list's `tr`) in `main` that link a profile (`/in/slug`) or a
 * Sales Navigator lead (`/sales/lead/…`, whose id is no public slug). Name: that link's text; headline:
 * the row's first other line; company: the row's Sales Navigator company link, or "… at Company".
 * Structure only, never class names (LinkedIn renames them); a layout without such rows gives none.
 */
export function readLinkedInPeople(doc: Document): PagePerson[] {
  const people = new Map<string, PagePerson>();
  const rows = new Set<Element>();
  doc.querySelectorAll('main a[href*="/in/"],main a[href*="/sales/lead/"]').forEach((a) => {
    const m = /\/(in|sales\/lead)\/([^/?#,]+)/.exec(a.getAttribute('href')!);
    const row = a.closest('li,tr');
    const name = shown(a);
    // A row's first profile link is its person; later ones (mutual connections) are not.
    if (!m || !row || rows.has(row) || !name || /^(?:view|status)\b/i.test(name)) return;
    rows.add(row);
    const slug = m[1] === 'in' ? safeDecodeURIComponent(m[2]!)?.toLowerCase() : undefined;
    let headline: string | undefined;
    row.querySelectorAll('*').forEach((el) => {
      const line = el.firstElementChild || el.closest('a,button,.visually-hidden') ? undefined : cleanText(el.textContent);
      if (line !== name && !/^[•·]|^(?:1st|2nd|3rd\+?)$/.test(line ?? '•')) headline ??= line;
    });
    const company = shown(row.querySelector('a[href*="/sales/company/"]')) ?? / (?:at|@) (.+)$/.exec(headline ?? '')?.[1];
    const key = slug ?? `${name}|${company}`;
    if (!people.has(key))
      people.set(key, { name, ...(slug ? { slug } : {}), ...(headline ? { headline } : {}), ...(company ? { company } : {}) });
  });
  return [...people.values()].slice(0, MAX_PAGE_PEOPLE);
}
