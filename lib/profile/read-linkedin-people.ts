import { cleanText } from './clean-text';
import { MAX_PAGE_PEOPLE } from './list-pages';
import { safeDecodeURIComponent } from './to-http-url';
import type { PagePerson } from './types';

// LinkedIn repeats names and badges for screen readers ("View Ada’s profile", "2nd degree connection") in
// copies its own stylesheet hides; LinkedIn draws emoji as text.
const HIDDEN = '.visually-hidden,.a11y-text,svg';
const PERSON_LINK = 'a[href*="/in/"],a[href*="/sales/lead/"]';

function shown(el: Element | null): string | undefined {
  const copy = el?.cloneNode(true) as Element | undefined;
  copy?.querySelectorAll(HIDDEN).forEach((hidden) => hidden.remove());
  return cleanText(copy?.textContent);
}

/** `/in/slug` or `/sales/lead/id` of a link: who it names. */
const personPath = (a: Element) => /\/(in|sales\/lead)\/([^/?#,]+)/.exec(a.getAttribute('href')!);

/**
 * The row a person's link sits in: its list item (`li`, a Sales Navigator table's `tr`); on a page that
 * has no such rows (2025's My Network draws its list in plain blocks), the largest block that links no one
 * else inside a block that does. A lone profile link is no list: no row.
 */
function rowOf(a: Element, who: string, items: boolean): Element | null {
  let row = a.closest('li,tr');
  for (let el: Element | null = a; !items && !row && el?.parentElement; el = el.parentElement) {
    if ([...el.parentElement.querySelectorAll(PERSON_LINK)].some((other) => personPath(other)?.[0] !== who)) row = el;
  }
  return row;
}

/**
 * LinkedIn: the people a list page shows, each from its row's first profile link (`/in/slug`) or Sales
 * Navigator lead link (`/sales/lead/…`, whose id is no public slug) in `main`. Name: that link's text;
 * headline: the row's first other line (not a button, not a link elsewhere); company: the row's Sales
 * Navigator account link, or the headline's "… at Company". Structure only, never class names (LinkedIn
 * renames them); a layout without such rows gives none.
 */
export function readLinkedInPeople(doc: Document): PagePerson[] {
  const people = new Map<string, PagePerson>();
  const rows = new Set<Element>();
  // List items, where the page has them, are the only rows (a top card's "Ada works here" link is none).
  const items = !!doc.querySelector(`main :is(li,tr) :is(${PERSON_LINK})`);
  doc.querySelectorAll(`main :is(${PERSON_LINK})`).forEach((a) => {
    const m = personPath(a);
    const row = m && people.size < MAX_PAGE_PEOPLE && rowOf(a, m[0], items);
    if (!row || rows.has(row)) return;
    // A row's first named profile link is its person; later ones (mutual connections) are not.
    const name = shown(a);
    if (!name || /^(?:view|status)\b/i.test(name)) return;
    rows.add(row);
    const slug = m[1] === 'in' ? safeDecodeURIComponent(m[2]!)?.toLowerCase() : undefined;
    let headline: string | undefined;
    for (const el of row.querySelectorAll('*')) {
      const link = el.closest('a');
      headline =
        el.firstElementChild || el.closest(`button,${HIDDEN}`) || (link && personPath(link)?.[0] !== m[0])
          ? undefined
          : cleanText(el.textContent);
      if (headline !== name && !/^[•·]|^(?:1st|2nd|3rd\+?)(?: degree connection)?$/.test(headline ?? '•')) break;
      headline = undefined;
    }
    const company = shown(row.querySelector('a[href*="/sales/company/"]')) ?? cleanText(/ (?:at|@) ?([^|,•·(]+)/.exec(headline ?? '')?.[1]);
    const key = slug ?? `${name}|${company}`;
    if (!people.has(key))
      people.set(key, { name, ...(slug ? { slug } : {}), ...(headline ? { headline } : {}), ...(company ? { company } : {}) });
  });
  return [...people.values()];
}
