import { cleanText } from './clean-text';
import { parseLinkedInUrl } from './parse-linkedin-url';
import { linkedInPersonKey } from './profile-key';
import { definedHints } from './report-tracker';
import type { PageHints } from './types';

// LinkedIn draws emoji as text, so textContent is what the reader sees. Selectors: the
// logged-in top card first, then the logged-out public page.
const HEADLINE = '.text-body-medium.break-words,.top-card-layout__headline';
const COMPANY =
  'button[aria-label^="Current company"],[data-section="currentPositionsDetails"] .top-card-link__description';
const EXPERIENCE_LOGO = 'a[data-field="experience_company_logo"] img[alt]';
// Titles of LinkedIn's own pages, still up while the SPA renders the profile.
const SECTION_TITLE =
  /^(?:feed|home|my network|jobs|messaging|notifications|search|sales navigator|learning|events|groups|linkedin|log in|sign in|sign up)$/i;
// Logged-in organisation tabs are titled "Acme Labs: About | LinkedIn".
const ORG_TAB = /:\s*(?:Overview|About|Posts|Jobs|People|Life|Events|Videos|Insights|Products|Home|Alumni)$/i;

/**
 * Name, headline and current company from a LinkedIn person page: the top card first, then
 * `og:title` / `<title>` ("Jürgen Müller – CEO – Acme | LinkedIn"). With the URL's slug, a top
 * card that links to another member's profile (an SPA leftover) yields nothing.
 */
export function linkedinPersonHints(doc: Document, slug?: string): PageHints {
  const heading = topHeading(doc);
  const card = heading?.closest('section') ?? doc;
  if (slug !== undefined && cardIsSomeoneElses(card, linkedInPersonKey(slug))) return {};

  const logo = doc.querySelector(EXPERIENCE_LOGO)?.getAttribute('alt')?.replace(/\s+logo$/i, '');
  const hints: PageHints = {
    name: cleanText(heading?.textContent),
    headline: firstText(card, HEADLINE),
    company: firstText(card, COMPANY) ?? firstText(doc, COMPANY) ?? cleanText(logo),
  };
  const [titleName, ...rest] = titleParts(doc);
  // The title's other parts only count when it names the same person as the card, and only
  // as "Name – Headline – Company": a lone second part may be either, so it is not guessed.
  if (titleName !== undefined && (hints.name ?? titleName) === titleName) {
    hints.name = titleName;
    if (rest.length > 1) {
      hints.company ??= rest.pop();
      hints.headline ??= rest.join(' - ');
    }
  }
  return definedHints(hints);
}

/** The organisation's name on a company / school / showcase page: the h1, then the title. */
export function linkedinCompanyHints(doc: Document): PageHints {
  const name = cleanText(topHeading(doc)?.textContent) ?? cleanText(titleParts(doc)[0]?.replace(ORG_TAB, ''));
  return name === undefined ? {} : { name };
}

/** The first visible, non-empty h1, preferring the one in `<main>`. */
function topHeading(doc: Document): Element | undefined {
  return [...doc.querySelectorAll('main h1'), ...doc.querySelectorAll('h1')].find(
    (h1) => !h1.matches('.visually-hidden') && cleanText(h1.textContent) !== undefined,
  );
}

function firstText(root: ParentNode, selector: string): string | undefined {
  return Array.from(root.querySelectorAll(selector), (element) => cleanText(element.textContent)).find(Boolean);
}

/** The card links to profile overlays (contact info, about) and none of them is this member's. */
function cardIsSomeoneElses(card: ParentNode, key: string): boolean {
  const keys = Array.from(card.querySelectorAll('a[href*="/overlay/"]'), (link) => {
    const href = link.getAttribute('href') ?? '';
    const profile = parseLinkedInUrl(href.startsWith('/') ? `https://www.linkedin.com${href}` : href);
    return profile?.kind === 'person' ? profile.key : undefined;
  }).filter(Boolean);
  return keys.length > 0 && !keys.includes(key);
}

/**
 * "(3) Jürgen Müller – CEO – Acme | LinkedIn" → ["Jürgen Müller", "CEO", "Acme"]. Sub-pages
 * lead with their own label ("Experience | Jürgen Müller | LinkedIn"), so the part just
 * before "| LinkedIn" is the one about the profile.
 */
function titleParts(doc: Document): string[] {
  const title = doc.querySelector('meta[property="og:title"]')?.getAttribute('content') || doc.title;
  const sections = title.replace(/^\s*\(\d+\+?\)/, '').split('|').map((part) => cleanText(part) ?? '');
  const about = sections.length > 1 && sections.pop()?.toLowerCase() === 'linkedin' ? sections.pop() : undefined;
  if (!about || SECTION_TITLE.test(about)) return [];
  return about.split(/\s[-–—]\s/).map((part) => part.trim());
}
