import { cleanText } from './clean-text';
import { MAX_PAGE_PEOPLE } from './list-pages';
import { safeDecodeURIComponent } from './to-http-url';
import type { PagePerson } from './types';

// LinkedIn repeats names and badges for screen readers ("View Ada’s profile", "2nd degree connection") in
// copies its own stylesheet hides; LinkedIn draws emoji as text.
const HIDDEN = '.visually-hidden,.a11y-text,svg';
const NOT_A_LINE = `button,${HIDDEN}`;
const PERSON_LINK = 'a[href*="/in/"],a[href*="/sales/lead/"]';

/** `/in/slug` or `/sales/lead/id` of a link: who it names. */
const personPath = (a: Element) => /\/(in|sales\/lead)\/([^/?#,]+)/.exec(a.getAttribute('href')!);

/** The text under `node` without hidden descendants, read in place (cloning a row to strip them cost more than a read). */
function textOf(node: Node, top = true): string {
  if (node.nodeType === 3) return (node as Text).data;
  if (node.nodeType !== 1 || (!top && (node as Element).matches(HIDDEN))) return '';
  let text = '';
  for (let child = node.firstChild; child; child = child.nextSibling) text += textOf(child, false);
  return text;
}

const shown = (el: Element | null): string | undefined => (el ? cleanText(textOf(el)) : undefined);

/**
 * The first line under `el` that is not the name, a "• 2nd" badge, a button, hidden, or in a link to anyone else
 * (`own`: the nearest link above is this person's, or none). One pass down: `closest` per element cost more.
 */
function firstLine(el: Element, who: string, name: string, own: boolean): string | undefined {
  for (let child = el.firstElementChild; child; child = child.nextElementSibling) {
    if (child.matches(NOT_A_LINE)) continue;
    const mine = child.localName === 'a' ? personPath(child)?.[0] === who : own;
    const line = child.firstElementChild ? firstLine(child, who, name, mine) : mine ? cleanText(child.textContent) : undefined;
    if (line && line !== name && !/^[•·]|^(?:1st|2nd|3rd\+?)(?: degree connection)?$/.test(line)) return line;
  }
}

/**
 * LinkedIn: a list page's people, each from its row's first `/in/slug` or Sales Navigator `/sales/lead/…` link
 * in `main`. A row is the link's `li` (or `tr`), else (2025's My Network) the largest block around it that links
 * no one else inside one that does. Name: the link's text; headline: the row's first other line; company: a
 * Sales Navigator account link or the headline's "… at Company". Structure only (LinkedIn renames classes).
 */
export function readLinkedInPeople(doc: Document): PagePerson[] {
  const people = new Map<string, PagePerson>();
  const rows = new Set<Element>();
  // List items, where the page has them, are the only rows (a top card's "Ada works here" link is none).
  const items = !!doc.querySelector(`main :is(li,tr) :is(${PERSON_LINK})`);
  // Without items: a block holds someone else's link iff it holds the nearest one before or after the link
  // in document order (a block's links are consecutive there), so two `contains` per level, not a search.
  const links = items ? [] : [...doc.querySelectorAll(PERSON_LINK)];
  const whos = links.map((a) => personPath(a)?.[0]);
  const other = (i: number, step: number) => {
    for (let j = i + step; j >= 0 && j < links.length; j += step) if (whos[j] !== whos[i]) return links[j]!;
    return null;
  };
  doc.querySelectorAll(`main :is(${PERSON_LINK})`).forEach((a) => {
    const m = personPath(a);
    if (!m || people.size >= MAX_PAGE_PEOPLE) return;
    let row = a.closest('li,tr');
    if (!items) {
      const i = links.indexOf(a);
      const [before, after] = [other(i, -1), other(i, 1)];
      for (let el: Element | null = a; !row && el?.parentElement; el = el.parentElement)
        if (el.parentElement.contains(before) || el.parentElement.contains(after)) row = el;
    }
    if (!row || rows.has(row)) return;
    // A row's first named profile link is its person; later ones (mutual connections) are not.
    const name = shown(a);
    if (!name || /^(?:view|status)\b/i.test(name)) return;
    rows.add(row);
    const slug = m[1] === 'in' ? safeDecodeURIComponent(m[2]!)?.toLowerCase() : undefined;
    const link = row.closest('a');
    const headline = row.closest(NOT_A_LINE) ? undefined : firstLine(row, m[0], name, !link || personPath(link)?.[0] === m[0]);
    const company = shown(row.querySelector('a[href*="/sales/company/"]')) ?? cleanText(/ (?:at|@) ?([^|,•·(]+)/.exec(headline ?? '')?.[1]);
    const key = slug ?? `${name}|${company}`;
    if (!people.has(key))
      people.set(key, { name, ...(slug ? { slug } : {}), ...(headline ? { headline } : {}), ...(company ? { company } : {}) });
  });
  return [...people.values()];
}
