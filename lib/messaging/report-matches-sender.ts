import { linkedInCompanyKey, linkedInPersonKey, xProfileKey } from '@/lib/profile/profile-key';
import { isLinkedInMemberId } from '@/lib/profile/parse-linkedin-url';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import { isLinkedInListPage, isXListPage } from '@/lib/profile/list-pages';
import type { ProfileReport } from '@/lib/profile/types';
import type { SenderLike } from './classify-sender';

/** Chromium keeps `sender.url` at the document's first URL across X's pushState moves; `sender.tab.url` follows them. */
export function senderPageUrl(sender: Pick<SenderLike, 'url' | 'tab'>): string | undefined {
  return sender.tab?.url || sender.url;
}

/**
 * Whether a report names the profile of the page the browser says it came from: hostile code beside the script could
 * make it report someone else (a lookup paid for another profile). The content scripts' parsers: an honest one agrees.
 */
export function reportMatchesSender(report: Pick<ProfileReport, 'profile'>, sender: Pick<SenderLike, 'url' | 'tab'>): boolean {
  const reported = report.profile;
  // "The page left" names nobody: nothing to pay for, nothing to compare.
  if (reported === null) return true;
  const pageUrl = senderPageUrl(sender);
  const actual = pageUrl ? parseProfileUrl(pageUrl) : null;
  if (actual === null || actual.site !== reported.site) return false;
  if (reported.site === 'x') {
    // The handle is what the lookup searches for, the key what it caches under: both must be the page's.
    return actual.site === 'x' && reported.key === actual.key && xProfileKey(reported.handle) === actual.key;
  }
  if (actual.site !== 'linkedin') return false;
  // "LinkedIn did not show a profile here": only from a page whose URL names one.
  if (reported.kind === 'not-shown') return actual.kind === 'person' || actual.kind === 'company';
  if (actual.kind !== reported.kind) return false;
  if (reported.kind === 'unsupported') return true;
  if (actual.kind === 'unsupported') return false;
  const slugKey = reported.kind === 'person' ? linkedInPersonKey(reported.slug) : linkedInCompanyKey(reported.slug);
  if (reported.key !== slugKey) return false;
  if (reported.key === actual.key) return true;
  // A member-id or Sales Navigator URL stands for a public profile the page itself names (its canonical
  // link): the report may carry that identity, of the same kind, so both share one cache entry.
  try {
    return isLinkedInMemberId(actual.slug) || /^\/sales\//i.test(new URL(pageUrl!).pathname);
  } catch {
    return false;
  }
}

/**
 * A report ahead of the browser (ProfileReport.ahead; the tab still shows the page being left): only a profile on
 * that page's own site, and nothing is paid on its word alone (lib/worker/ahead-reports.ts waits for a vouched one).
 */
export function aheadMatchesSender(
  report: Pick<ProfileReport, 'profile' | 'url' | 'people'>,
  sender: Pick<SenderLike, 'url' | 'tab'>,
): boolean {
  const pageUrl = senderPageUrl(sender);
  const profile = report.profile;
  if (!pageUrl || report.people !== undefined || profile === null || !('key' in profile)) return false;
  try {
    if (new URL(pageUrl).origin !== new URL(report.url).origin) return false;
  } catch {
    return false;
  }
  return reportMatchesSender(report, { url: report.url });
}

/**
 * A "page left" report arriving after its tab shows another profile page (X's pagehide landing after the LinkedIn
 * page reported): applying it would blank that card. One about the page still shown (an in-page move) is never stale.
 */
export function isStaleLeave(report: Pick<ProfileReport, 'profile' | 'url'>, sender: Pick<SenderLike, 'tab'>): boolean {
  if (report.profile !== null || !sender.tab?.url) return false;
  const shown = profileKeyOf(sender.tab.url);
  return shown !== null && profileKeyOf(report.url) !== shown;
}

/** The cache key of the profile a URL names, or null (not a profile, or a page the product does not look up). */
function profileKeyOf(url: string): string | null {
  const parsed = parseProfileUrl(url);
  return parsed && 'key' in parsed ? parsed.key : null;
}

/**
 * A list page's rows (`people`) come only with no profile, from the list page the browser says the tab
 * shows, and say which page they were read on (the same address, up to its query and fragment).
 */
export function peopleMatchSender(
  report: Pick<ProfileReport, 'profile' | 'url' | 'people'>,
  sender: Pick<SenderLike, 'url' | 'tab'>,
): boolean {
  if (report.people === undefined) return true;
  // No rows (the tab left its list page): it only clears what the panel listed.
  if (report.people.length === 0) return report.profile === null;
  const pageUrl = senderPageUrl(sender);
  if (report.profile !== null || !pageUrl || !(isXListPage(pageUrl) || isLinkedInListPage(pageUrl))) return false;
  try {
    const [a, b] = [new URL(pageUrl), new URL(report.url)];
    return a.origin === b.origin && a.pathname === b.pathname;
  } catch {
    return false;
  }
}
