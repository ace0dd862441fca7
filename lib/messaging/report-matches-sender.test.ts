import { describe, expect, it } from 'vitest';
import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import type { ProfileReport } from '@/lib/profile/types';
import { aheadMatchesSender, isStaleLeave, peopleMatchSender, reportMatchesSender } from './report-matches-sender';
import { MESSAGE_SCHEMAS } from './schemas';

const honest = (url: string): Pick<ProfileReport, 'profile'> => ({ profile: parseProfileUrl(url) });

describe('reportMatchesSender', () => {
  it.each([
    'https://x.com/AdaQuant',
    'https://x.com/AdaQuant/status/123',
    'https://mobile.twitter.com/adaquant',
    'https://www.linkedin.com/in/ada-lindqvist/',
    'https://de.linkedin.com/company/meridian-vc/about/',
    'https://www.linkedin.com/sales/lead/ACwAAA',
  ])('accepts an honest report from %s', (url) => {
    expect(honest(url).profile).not.toBeNull();
    expect(reportMatchesSender(honest(url), { url })).toBe(true);
    expect(reportMatchesSender(honest(url), { url, tab: { id: 1, url } })).toBe(true);
  });

  // Chromium keeps sender.url at the document's first URL across pushState; tab.url follows the page.
  it('after an SPA move, trusts the tab URL over the stale document URL', () => {
    const sender = { url: 'https://x.com/AdaQuant', tab: { id: 3, url: 'https://x.com/meitanaka_bd' } };
    expect(reportMatchesSender(honest('https://x.com/meitanaka_bd'), sender)).toBe(true);
    expect(reportMatchesSender(honest('https://x.com/AdaQuant'), sender)).toBe(false);
  });

  it.each([
    // page URL, the public profile the page names (canonical link)
    ['https://www.linkedin.com/in/ACoAAAwyvpsBdVfk2kwZzamQtesKhd23iQB_i1w', 'https://www.linkedin.com/in/robertkcheung/'],
    [
      'https://www.linkedin.com/sales/lead/ACwAAAwyvpsBdVfk2kwZzamQtesKhd23iQB_i1w,NAME_SEARCH,Qk3x',
      'https://www.linkedin.com/in/robertkcheung/',
    ],
    ['https://www.linkedin.com/sales/company/98765', 'https://www.linkedin.com/company/motionapp/'],
  ])('a member-id or Sales Navigator page %s may report the public profile it stands for', (url, canonical) => {
    expect(reportMatchesSender(honest(canonical), { url, tab: { id: 1, url } })).toBe(true);
  });

  it.each([
    [
      'a company from a member-id page',
      'https://www.linkedin.com/in/ACoAAAwyvpsBdVfk2kwZzamQtesKhd23iQB_i1w',
      'https://www.linkedin.com/company/meridian/',
    ],
    ['another person from a vanity page', 'https://www.linkedin.com/in/ada-lindqvist/', 'https://www.linkedin.com/in/robertkcheung/'],
  ])('refuses %s', (_label, url, reported) => {
    expect(reportMatchesSender(honest(reported), { url, tab: { id: 1, url } })).toBe(false);
  });

  it('"LinkedIn did not show this profile" only from a profile URL', () => {
    const notShown = (url: string) => ({ profile: { site: 'linkedin', kind: 'not-shown', url } as const });
    expect(
      reportMatchesSender(notShown('https://www.linkedin.com/in/ivanahmadfatoni/'), {
        url: 'https://www.linkedin.com/in/ivanahmadfatoni/',
      }),
    ).toBe(true);
    expect(reportMatchesSender(notShown('https://www.linkedin.com/feed/'), { url: 'https://www.linkedin.com/feed/' })).toBe(false);
  });

  it('accepts "the page left" from anywhere (it names nobody)', () => {
    expect(reportMatchesSender({ profile: null }, { url: 'https://x.com/home' })).toBe(true);
  });

  const ada = honest('https://x.com/AdaQuant').profile!;
  it.each<[string, ProfileReport['profile'], string | undefined]>([
    ['another X profile than the page', honest('https://x.com/MeridianVC').profile, 'https://x.com/AdaQuant'],
    ["the page's key with another handle", { ...ada, handle: 'MeridianVC' } as ProfileReport['profile'], 'https://x.com/AdaQuant'],
    ["the page's handle with another key", { ...ada, key: 'x:meridianvc' } as ProfileReport['profile'], 'https://x.com/AdaQuant'],
    ['a profile from a page that shows none', ada, 'https://x.com/home'],
    ['an X profile from LinkedIn', ada, 'https://www.linkedin.com/in/adaquant'],
    [
      'a person where the page is a company',
      honest('https://www.linkedin.com/in/meridian').profile,
      'https://www.linkedin.com/company/meridian',
    ],
    ['another LinkedIn person', honest('https://www.linkedin.com/in/someone-else').profile, 'https://www.linkedin.com/in/ada-lindqvist'],
    ['a profile with no sender URL', ada, undefined],
  ])('drops %s', (_label, profile, senderUrl) => {
    expect(reportMatchesSender({ profile }, { url: senderUrl })).toBe(false);
    expect(reportMatchesSender({ profile }, { url: 'https://x.com/elsewhere', tab: { id: 1, url: senderUrl } })).toBe(false);
  });
});

describe('isStaleLeave', () => {
  const left = (url: string): Pick<ProfileReport, 'profile' | 'url'> => ({ url, profile: null });
  it.each([
    // report's page, the tab's page now, stale?
    ['https://x.com/AdaQuant', 'https://www.linkedin.com/in/ada-lindqvist/', true],
    ['https://x.com/AdaQuant', 'https://x.com/meitanaka_bd', true],
    ['https://www.linkedin.com/in/ada-lindqvist/', 'https://x.com/AdaQuant', true],
    // Leaving for a page that is no profile: the card must clear.
    ['https://x.com/AdaQuant', 'https://www.google.com/', false],
    ['https://x.com/AdaQuant', 'https://x.com/home', false],
    // The tab still shows the page the report is about (an in-page move, a reload).
    ['https://x.com/AdaQuant/status/123', 'https://x.com/AdaQuant/status/123', false],
    ['https://x.com/AdaQuant', 'https://x.com/AdaQuant', false],
  ])('a "left" report from %s while the tab shows %s: stale %s', (from, now, stale) => {
    expect(isStaleLeave(left(from), { tab: { id: 1, url: now } })).toBe(stale);
  });

  it('a report that names a profile, or a sender without a tab URL, is never a stale leave', () => {
    const ada = 'https://x.com/AdaQuant';
    expect(isStaleLeave({ url: ada, profile: parseProfileUrl(ada) }, { tab: { id: 1, url: 'https://x.com/meitanaka_bd' } })).toBe(false);
    expect(isStaleLeave(left(ada), {})).toBe(false);
  });
});

describe("peopleMatchSender: a list page's rows only from that list page", () => {
  const rows = [{ name: 'Ada Lindqvist', handle: 'AdaQuant' }];
  it.each([
    // report's page, the tab's page, profile in the report, accepted?
    ['https://x.com/MeridianVC/followers', 'https://x.com/MeridianVC/followers', null, true],
    [
      'https://www.linkedin.com/search/results/people/?keywords=a',
      'https://www.linkedin.com/search/results/people/?keywords=b',
      null,
      true,
    ],
    // Not a list page: a profile page shows one person, never rows.
    ['https://x.com/MeridianVC', 'https://x.com/MeridianVC', null, false],
    // Rows claimed for another page than the tab shows.
    ['https://x.com/MeridianVC/followers', 'https://x.com/MeridianVC/following', null, false],
    ['https://x.com/MeridianVC/followers', 'https://evil.example/MeridianVC/followers', null, false],
    // Rows never ride on a profile report.
    ['https://x.com/MeridianVC/followers', 'https://x.com/MeridianVC/followers', parseProfileUrl('https://x.com/MeridianVC'), false],
  ])('rows read at %s while the tab shows %s (profile %j): %s', (url, tab, profile, ok) => {
    expect(peopleMatchSender({ url, profile, people: rows }, { tab: { id: 1, url: tab } })).toBe(ok);
  });

  it('no rows (the tab left its list page) may come from any page: they only clear the list', () => {
    expect(
      peopleMatchSender({ url: 'https://x.com/AdaQuant', profile: null, people: [] }, { tab: { id: 1, url: 'https://x.com/AdaQuant' } }),
    ).toBe(true);
  });

  it('a report without rows is not its business', () => {
    expect(peopleMatchSender({ url: 'https://x.com/AdaQuant', profile: null }, { tab: { id: 1, url: 'https://x.com/AdaQuant' } })).toBe(
      true,
    );
  });
});

describe("a list page's row: long text is cut, not refused", () => {
  it('a 1,000-character headline keeps the row (cut to 300) instead of refusing the whole list', () => {
    const row = { name: 'Ada Lindqvist', slug: 'ada-lindqvist', headline: 'Founder at QuantLayer · '.repeat(42), company: 'Q'.repeat(400) };
    const parsed = MESSAGE_SCHEMAS.reportProfile.parse({
      url: 'https://www.linkedin.com/search/results/people/?keywords=ada',
      profile: null,
      hints: {},
      people: [row],
    });
    expect(parsed.people?.[0]).toMatchObject({ name: 'Ada Lindqvist', slug: 'ada-lindqvist' });
    expect(parsed.people?.[0]?.headline).toHaveLength(300);
    expect(parsed.people?.[0]?.company).toHaveLength(200);
  });
});

describe('aheadMatchesSender (a report said before the browser has the new address)', () => {
  const onPage = (url: string) => ({ url: 'https://x.com/AdaQuant', tab: { id: 3, url } });
  const ahead = (url: string, profileUrl = url): Pick<ProfileReport, 'profile' | 'url' | 'people'> => ({
    url,
    profile: parseProfileUrl(profileUrl),
  });
  it.each<[string, Pick<ProfileReport, 'profile' | 'url' | 'people'>, string, boolean]>([
    ['a profile on the same site', ahead('https://x.com/meitanaka_bd'), 'https://x.com/AdaQuant', true],
    ['from a non-profile page of the site (home)', ahead('https://x.com/meitanaka_bd/status/1'), 'https://x.com/home', true],
    ['an address on another site', ahead('https://twitter.com/meitanaka_bd'), 'https://x.com/AdaQuant', false],
    [
      'a profile its own address does not name',
      ahead('https://x.com/meitanaka_bd', 'https://x.com/someone_else'),
      'https://x.com/home',
      false,
    ],
    ['no profile (nothing to look up ahead)', { url: 'https://x.com/home', profile: null }, 'https://x.com/AdaQuant', false],
    [
      'rows',
      { url: 'https://x.com/MeridianVC/followers', profile: null, people: [{ name: 'Ada', handle: 'AdaQuant' }] },
      'https://x.com/MeridianVC',
      false,
    ],
    ['a LinkedIn profile from LinkedIn', ahead('https://www.linkedin.com/in/ada-lindqvist/'), 'https://www.linkedin.com/feed/', true],
  ])('%s: %s', (_, report, tabUrl, accepted) => {
    expect(aheadMatchesSender(report, onPage(tabUrl))).toBe(accepted);
  });

  it('the same report is refused without `ahead`: the tab still shows the page being left', () => {
    expect(reportMatchesSender(ahead('https://x.com/meitanaka_bd'), onPage('https://x.com/AdaQuant'))).toBe(false);
  });
});
