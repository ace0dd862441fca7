import { cleanText } from './clean-text';
import { isLinkedInMemberId, parseLinkedInHref } from './parse-linkedin-url';
import { linkedInPersonKey } from './profile-key';
import { definedHints } from './report-tracker';
import { LINKEDIN_ORIGIN } from './sites';
import type { DetectedProfile, LinkedInProfile, PageHints, PageReading } from './types';

// LinkedIn draws emoji as text: textContent is what the reader sees. Selectors: logged-in top card, then the
// public page; only headline and company use class names, never the name (see `personName`).
const HEADLINE = '.text-body-medium.break-words,.top-card-layout__headline';
const COMPANY = 'button[aria-label^="Current company"],[data-section="currentPositionsDetails"] .top-card-link__description';
const EXPERIENCE_LOGO = 'a[data-field="experience_company_logo"] img[alt]';
// Titles of LinkedIn's own pages, still up while the SPA renders the profile, and of its English "not found" page
// read before its markup (the markup checks need no English).
const SECTION_TITLE = /^(?:feed|my network|jobs|messaging|notifications|search|linkedin|log in|sign in|sign up|profile not found)$/i;
// Logged-in organisation tabs are titled "Acme Labs: About | LinkedIn" (a title-only read; a heading names it in any language).
const ORG_TAB = /:\s*(?:Overview|About|Posts|Jobs|People|Life|Events|Home)$/i;
// Pages that are not a profile, by markup names (classes, tracking names, form targets), never by text: the same in
// every display language. (The guest home and "Profile Not Found" also declare no profile URL.)
const NOT_SHOWN_MARKERS = '[class*="page-not-found"],[data-tracking-control-name^="auth_wall"],[action*="/checkpoint/"]';
// Sales Navigator marks people and companies for its screenshot anonymiser.
const SALES = (field: string) => `[data-anonymize="${field}"]`;

/** Who a LinkedIn page at a profile URL shows, or none; a member-id or Sales Navigator URL takes the public one named (one cache entry). */
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

/** Nothing more to wait for: a person's name, headline and company; an organisation's name. */
export function linkedInHintsComplete(hints: PageHints, profile: DetectedProfile): boolean {
  const person = profile.site === 'linkedin' && profile.kind === 'person';
  return hints.name !== undefined && (!person || (hints.headline !== undefined && hints.company !== undefined));
}

/**
 * Name, headline and current company from a LinkedIn person page. The name: JSON-LD Person, else the heading
 * when something else backs it, else the title ("Jürgen Müller – CEO – Acme | LinkedIn"); a heading and title
 * that disagree give none (one is a leftover), as does a top card linking another member's overlays.
 */
export function linkedinPersonHints(doc: Document, slug?: string): PageHints {
  const heading = topHeading(doc);
  const card = heading?.closest('section') ?? doc;
  const key = slug === undefined ? undefined : linkedInPersonKey(slug);
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
  // The title's other parts count only when it names the same person, as "Name – Headline – Company" (a lone second
  // part may be either: not guessed).
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
  // The heading counts when the title agrees ("Acme Labs: About") or says nothing; disagreeing, one is the last page's.
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
  // Backed by the title, or by a card linking to this member's own overlays (the logged-in top card, whose
  // title may still be the last page's). Alone, a heading may be an error page's.
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

/** The URL's identity, unless it is a member or Sales Navigator id and the page names the public one (canonical, overlay, header links). */
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
 * "(3) Jürgen Müller – CEO – Acme | LinkedIn" → ["Jürgen Müller", "CEO", "Acme"]. Sub-pages lead with their own
 * label ("Experience | Jürgen Müller | LinkedIn"): the part just before "| LinkedIn" is the profile's.
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
