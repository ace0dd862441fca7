import { cleanText } from './clean-text';
import { isLinkedInMemberId, parseLinkedInHref } from './parse-linkedin-url';
import { linkedInPersonKey } from './profile-key';
import { definedHints } from './report-tracker';
import { LINKEDIN_ORIGIN } from './sites';
import type { LinkedInProfile, PageHints, PageReading } from './types';

// LinkedIn draws emoji as text, so textContent is what the reader sees. Selectors: the
// logged-in top card first, then the logged-out public page. Only headline and company use
// class names; the name must not (see `personName`).
const HEADLINE = '.text-body-medium.break-words,.top-card-layout__headline';
const COMPANY = 'button[aria-label^="Current company"],[data-section="currentPositionsDetails"] .top-card-link__description';
const EXPERIENCE_LOGO = 'a[data-field="experience_company_logo"] img[alt]';
// Titles of LinkedIn's own pages, still up while the SPA renders the profile, and of its English
// "not found" page read before its markup (the markup checks in readLinkedInPage need no English).
const SECTION_TITLE = /^(?:feed|my network|jobs|messaging|notifications|search|linkedin|log in|sign in|sign up|profile not found)$/i;
// Logged-in organisation tabs are titled "Acme Labs: About | LinkedIn". Only a title-only read
// needs this; the heading, when there is one, names the organisation in any language.
const ORG_TAB = /:\s*(?:Overview|About|Posts|Jobs|People|Life|Events|Home)$/i;
// Pages that are not a profile, by what LinkedIn names them in markup (class names, tracking
// names, form targets), never by their text: the same in every display language.
// (The guest home page and "Profile Not Found" also declare a canonical URL that is no profile.)
const NOT_SHOWN_MARKERS = '[class*="page-not-found"],[data-tracking-control-name^="auth_wall"],[action*="/checkpoint/"]';
// Sales Navigator marks people and companies for its screenshot anonymiser.
const SALES = (field: string) => `[data-anonymize="${field}"]`;

/**
 * Read a LinkedIn page shown at a profile URL: who it shows and what it says about them, or
 * that LinkedIn served no profile there. A member-id or Sales Navigator URL takes the
 * identity of the public profile the page names, so both share one cache entry.
 */
export function readLinkedInPage(doc: Document, urlProfile: LinkedInProfile): PageReading<LinkedInProfile> {
  const declared = declaredUrl(doc);
  if (declared !== undefined) {
    const parsed = parseLinkedInHref(declared);
    // "Profile Not Found" declares `/public-profile/in/…`, the guest home page `/`.
    if (parsed === null || parsed.kind === 'unsupported') return { shown: 'not-shown' };
  }
  if (doc.querySelector(NOT_SHOWN_MARKERS)) return { shown: 'not-shown' };

  const sales = isSales(urlProfile);
  const profile = publicIdentity(doc, urlProfile, declared, sales);
  const hints = sales
    ? salesHints(doc, profile)
    : profile.kind === 'person'
      ? linkedinPersonHints(doc, profile.slug)
      : linkedinCompanyHints(doc);
  return hints.name === undefined ? { shown: 'pending' } : { shown: 'profile', profile, hints };
}

/**
 * Name, headline and current company from a LinkedIn person page. The name comes from the
 * first of: structured data (JSON-LD Person), the profile heading when something else on the
 * page backs it, the title ("Jürgen Müller – CEO – Acme | LinkedIn"). A heading and a title
 * that disagree give no name (one of them is a leftover or not a profile at all). With the
 * URL's slug, a top card that links to another member's profile (an SPA leftover) yields nothing.
 */
export function linkedinPersonHints(doc: Document, slug?: string): PageHints {
  const heading = topHeading(doc);
  const card = heading?.closest('section') ?? doc;
  const key = slug === undefined ? undefined : linkedInPersonKey(slug);
  // A card that links to profile overlays, none of them this member's, is an SPA leftover.
  const cardKeys = overlayKeys(card);
  if (key !== undefined && cardKeys.length > 0 && !cardKeys.includes(key)) return {};

  const [titleName, ...rest] = titleParts(doc);
  const name = personName(doc, heading, titleName, key);
  if (name === undefined) return {};
  const logo = doc
    .querySelector(EXPERIENCE_LOGO)
    ?.getAttribute('alt')
    ?.replace(/\s+logo$/i, '');
  const hints: PageHints = {
    name,
    headline: firstText(card, HEADLINE),
    company: firstText(card, COMPANY) ?? firstText(doc, COMPANY) ?? cleanText(logo),
  };
  // The title's other parts only count when it names the same person, and only as
  // "Name – Headline – Company": a lone second part may be either, so it is not guessed.
  if (titleName === name && rest.length > 1) {
    const company = rest.pop();
    hints.company ??= company;
    hints.headline ??= rest.join(' - ');
  }
  return definedHints(hints);
}

/** The organisation's name on a company / school / showcase page: the heading, then the title. */
export function linkedinCompanyHints(doc: Document): PageHints {
  const heading = cleanText(topHeading(doc)?.textContent);
  const title = titleParts(doc)[0];
  const titleName = cleanText(title?.replace(ORG_TAB, ''));
  // The heading counts when the title agrees ("Acme Labs: About" starts with "Acme Labs") or
  // says nothing; when they disagree one of them is the previous page's, so neither is used.
  const name = heading === undefined ? titleName : title === undefined || title.startsWith(heading) ? heading : undefined;
  return name === undefined ? {} : { name };
}

function personName(
  doc: Document,
  heading: Element | undefined,
  titleName: string | undefined,
  key: string | undefined,
): string | undefined {
  const structured = structuredPersonName(doc, key);
  if (structured !== undefined) return structured;
  const headingName = cleanText(heading?.textContent);
  if (headingName === undefined) return titleName;
  // Backed by the title, or by a card that links to this member's own overlays (the logged-in
  // top card, whose title may still be the last page's). Alone, a heading may be an error page's.
  const headingCard = heading!.closest('section') ?? heading!.parentElement ?? heading!;
  return headingName === titleName || (key !== undefined && overlayKeys(headingCard).includes(key)) ? headingName : undefined;
}

/** The `schema.org` Person in the public page's JSON-LD whose URL is this member's (any, without a slug). */
function structuredPersonName(doc: Document, key: string | undefined): string | undefined {
  for (const script of Array.from(doc.querySelectorAll('script[type="application/ld+json"]'))) {
    try {
      const data = JSON.parse(script.textContent ?? '') as { '@graph'?: unknown[] };
      for (const node of (data['@graph'] ?? [data]) as Array<{ '@type'?: unknown; name?: unknown; url?: unknown }>) {
        if (node?.['@type'] === 'Person' && typeof node.name === 'string' && (key === undefined || profileKeyOf(node.url) === key))
          return cleanText(node.name);
      }
    } catch {
      // Not JSON: not ours to read.
    }
  }
  return undefined;
}

/** Sales Navigator lead or account, from its anonymiser marks. */
function salesHints(doc: Document, profile: LinkedInProfile): PageHints {
  const company = firstText(doc, SALES('company-name'));
  if (profile.kind === 'company') return { name: company };
  return { name: firstText(doc, SALES('person-name')), headline: firstText(doc, SALES('headline')), company };
}

/**
 * The identity to look up: the URL's, unless the URL is a member id or a Sales Navigator id
 * and the page names the public profile (canonical / og:url, the top card's own overlay
 * links, or the links in Sales Navigator's header).
 */
function publicIdentity(doc: Document, profile: LinkedInProfile, declared: string | undefined, sales: boolean): LinkedInProfile {
  if (!sales && !isLinkedInMemberId(profile.slug)) return profile;
  // On Sales Navigator, only the lead's or account's own header (other people are listed below it).
  const scope = sales
    ? (doc.querySelector(SALES(profile.kind === 'person' ? 'person-name' : 'company-name'))?.closest('section') ?? doc)
    : doc;
  const links = Array.from(scope.querySelectorAll(sales ? 'a[href]' : 'a[href*="/overlay/"]'), (a) => absolute(a.getAttribute('href')!));
  for (const href of [declared ?? '', ...links]) {
    const named = parseLinkedInHref(href);
    if (named?.kind === profile.kind && !isLinkedInMemberId(named.slug) && !isSales(named)) return named;
  }
  return profile;
}

function isSales(profile: LinkedInProfile): boolean {
  return profile.url.includes('/sales/');
}

/** `<link rel=canonical>` or `og:url`, absolute; undefined when the page declares neither. */
function declaredUrl(doc: Document): string | undefined {
  const declared = doc.querySelector('link[rel=canonical],meta[property="og:url"]');
  const href = declared?.getAttribute('href') ?? declared?.getAttribute('content');
  return href ? absolute(href) : undefined;
}

function absolute(href: string): string {
  return href.startsWith('/') ? `${LINKEDIN_ORIGIN}${href}` : href;
}

function profileKeyOf(url: unknown): string | undefined {
  const profile = typeof url === 'string' ? parseLinkedInHref(url) : null;
  return profile?.kind === 'person' ? profile.key : undefined;
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

/** Keys of the member overlays (contact info, about) the card links to. */
function overlayKeys(card: ParentNode): string[] {
  const links = Array.from(card.querySelectorAll('a[href*="/overlay/"]'), (link) => absolute(link.getAttribute('href') ?? ''));
  return links.map(profileKeyOf).filter((key) => key !== undefined);
}

/**
 * "(3) Jürgen Müller – CEO – Acme | LinkedIn" → ["Jürgen Müller", "CEO", "Acme"]. Sub-pages
 * lead with their own label ("Experience | Jürgen Müller | LinkedIn"), so the part just
 * before "| LinkedIn" is the one about the profile.
 */
function titleParts(doc: Document): string[] {
  const title = doc.querySelector('meta[property="og:title"]')?.getAttribute('content') || doc.title;
  const sections = title
    .replace(/^\s*\(\d+\+?\)/, '')
    .split('|')
    .map((part) => cleanText(part) ?? '');
  const about = sections.length > 1 && sections.pop()?.toLowerCase() === 'linkedin' ? sections.pop() : undefined;
  if (!about || SECTION_TITLE.test(about)) return [];
  return about.split(/\s[-–—]\s/).map((part) => part.trim());
}
