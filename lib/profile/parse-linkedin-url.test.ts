import { describe, expect, it } from 'vitest';
import { parseLinkedInHref, parseLinkedInUrl } from './parse-linkedin-url';

type Expected = ['person' | 'company', string] | ['sales-lead' | 'sales-account', string] | 'recruiter' | null;

// [url, expected kind and slug as decoded (Sales Navigator: its id), 'recruiter', or null]
const table: [string, Expected][] = [
  // People
  ['https://www.linkedin.com/in/williamhgates/', ['person', 'williamhgates']],
  ['https://www.linkedin.com/in/williamhgates', ['person', 'williamhgates']],
  ['https://linkedin.com/in/reidhoffman', ['person', 'reidhoffman']],
  ['http://www.linkedin.com/in/reidhoffman/', ['person', 'reidhoffman']],
  ['https://www.linkedin.com/in/ReidHoffman/', ['person', 'ReidHoffman']],
  ['https://www.linkedin.com/in/jane-doe-4b1a2c3d/?originalSubdomain=uk', ['person', 'jane-doe-4b1a2c3d']],
  ['https://www.linkedin.com/in/jane-doe-4b1a2c3d?trk=public_profile_browsemap', ['person', 'jane-doe-4b1a2c3d']],
  ['https://www.linkedin.com/in/jane-doe-4b1a2c3d/#experience', ['person', 'jane-doe-4b1a2c3d']],
  ['https://de.linkedin.com/in/j%C3%BCrgen-m%C3%BCller-1a2b3c/', ['person', 'jürgen-müller-1a2b3c']],
  ['https://de.linkedin.com/in/j%c3%bcrgen-m%c3%bcller-1a2b3c', ['person', 'jürgen-müller-1a2b3c']],
  ['https://www.linkedin.com/in/jürgen-müller-1a2b3c/', ['person', 'jürgen-müller-1a2b3c']],
  ['https://cn.linkedin.com/in/%E5%BC%A0%E4%BC%9F-a1b2c3', ['person', '张伟-a1b2c3']],
  ['https://fr.linkedin.com/in/fran%C3%A7ois-dupont-75a0b1', ['person', 'françois-dupont-75a0b1']],
  ['https://uk.linkedin.com/in/john-smith-01234567', ['person', 'john-smith-01234567']],
  ['https://in.linkedin.com/in/rahul-sharma-9a8b7c6d', ['person', 'rahul-sharma-9a8b7c6d']],
  ['https://br.linkedin.com/in/jo%C3%A3o-silva', ['person', 'joão-silva']],
  ['https://www.linkedin.com/in/satyanadella/details/experience/', ['person', 'satyanadella']],
  ['https://www.linkedin.com/in/satyanadella/details/skills/', ['person', 'satyanadella']],
  ['https://www.linkedin.com/in/satyanadella/recent-activity/all/', ['person', 'satyanadella']],
  ['https://www.linkedin.com/in/satyanadella/recent-activity/comments/', ['person', 'satyanadella']],
  ['https://www.linkedin.com/in/satyanadella/overlay/contact-info/', ['person', 'satyanadella']],
  ['https://www.linkedin.com/in/satyanadella/overlay/about-this-profile/', ['person', 'satyanadella']],
  ['https://www.linkedin.com/in/satyanadella/detail/recent-activity/shares/', ['person', 'satyanadella']],
  ['https://www.linkedin.com/m/in/satyanadella/', ['person', 'satyanadella']],
  ['https://mobile.linkedin.com/in/satyanadella', ['person', 'satyanadella']],
  ['https://www.linkedin.com/mwlite/in/satyanadella', ['person', 'satyanadella']],
  ['https://www.linkedin.com/in/ACoAAABCDEF0123456789abcdefGHIJ', ['person', 'ACoAAABCDEF0123456789abcdefGHIJ']],
  ['www.linkedin.com/in/vitalik-buterin-267a7450', ['person', 'vitalik-buterin-267a7450']],
  // Organisations
  ['https://www.linkedin.com/company/coinbase/', ['company', 'coinbase']],
  ['https://www.linkedin.com/company/coinbase', ['company', 'coinbase']],
  ['https://www.linkedin.com/company/coinbase/about/', ['company', 'coinbase']],
  ['https://www.linkedin.com/company/coinbase/people/', ['company', 'coinbase']],
  ['https://www.linkedin.com/company/coinbase/posts/?feedView=all', ['company', 'coinbase']],
  ['https://www.linkedin.com/company/coinbase/jobs/', ['company', 'coinbase']],
  ['https://www.linkedin.com/company/coinbase/life/', ['company', 'coinbase']],
  ['https://www.linkedin.com/company/Andreessen-Horowitz/', ['company', 'Andreessen-Horowitz']],
  ['https://www.linkedin.com/company/1234567/', ['company', '1234567']],
  ['https://de.linkedin.com/company/deutsche-b%C3%B6rse', ['company', 'deutsche-börse']],
  ['https://www.linkedin.com/school/stanford-university/', ['company', 'stanford-university']],
  ['https://www.linkedin.com/school/mit/alumni/', ['company', 'mit']],
  ['https://www.linkedin.com/showcase/coinbase-cloud/', ['company', 'coinbase-cloud']],
  ['https://www.linkedin.com/m/company/coinbase/', ['company', 'coinbase']],
  // An apostrophe, percent-encoded as LinkedIn links it
  ['https://www.linkedin.com/company/bristol-women%27s-voice', ['company', "bristol-women's-voice"]],
  ["https://www.linkedin.com/company/bristol-women's-voice/about/", ['company', "bristol-women's-voice"]],
  // Member ids appear in real links; the page names the vanity slug (see readLinkedInPage)
  ['https://www.linkedin.com/in/ACoAAAwyvpsBdVfk2kwZzamQtesKhd23iQB_i1w', ['person', 'ACoAAAwyvpsBdVfk2kwZzamQtesKhd23iQB_i1w']],
  // Sales Navigator: leads are people, accounts organisations; other pages show no one
  ['https://www.linkedin.com/sales/lead/ACwAAAABCDE,NAME_SEARCH,xY12?_ntb=abc', ['sales-lead', 'ACwAAAABCDE']],
  ['https://www.linkedin.com/sales/people/ACwAAAABCDE,NAME_SEARCH,xY12', ['sales-lead', 'ACwAAAABCDE']],
  ['https://www.linkedin.com/sales/lead/ACwAAAABCDE%2CNAME_SEARCH%2CxY12', ['sales-lead', 'ACwAAAABCDE']],
  ['https://www.linkedin.com/sales/company/1234567', ['sales-account', '1234567']],
  ['https://www.linkedin.com/sales/company/1234567/people', ['sales-account', '1234567']],
  ['https://www.linkedin.com/sales/search/people?query=(keywords%3Acrypto)', null],
  ['https://www.linkedin.com/sales/home', null],
  ['https://www.linkedin.com/sales/', null],
  ['https://www.linkedin.com/sales/lead/', null],
  // Recruiter: recognised, never guessed
  ['https://www.linkedin.com/talent/profile/AEMAAAB', 'recruiter'],
  ['https://www.linkedin.com/talent/hire/123456/discover/recruiterSearch/profile/AEMAAAB?project=1', 'recruiter'],
  ['https://www.linkedin.com/talent/home', null],
  // Not profiles
  ['https://www.linkedin.com/', null],
  ['https://www.linkedin.com/feed/', null],
  ['https://www.linkedin.com/feed/update/urn:li:activity:7123456789012345678/', null],
  ['https://www.linkedin.com/search/results/people/?keywords=vitalik', null],
  ['https://www.linkedin.com/search/results/all/?keywords=coinbase&origin=GLOBAL_SEARCH_HEADER', null],
  ['https://www.linkedin.com/jobs/', null],
  ['https://www.linkedin.com/jobs/view/3912345678/', null],
  ['https://www.linkedin.com/jobs/search/?currentJobId=3912345678&keywords=solidity', null],
  ['https://www.linkedin.com/messaging/', null],
  ['https://www.linkedin.com/messaging/thread/2-ZGM3Y2U5OTktMTE0ZC00/', null],
  ['https://www.linkedin.com/mynetwork/', null],
  ['https://www.linkedin.com/mynetwork/invite-connect/connections/', null],
  ['https://www.linkedin.com/notifications/', null],
  ['https://www.linkedin.com/in/', null],
  ['https://www.linkedin.com/in', null],
  ['https://www.linkedin.com/in/me/', null],
  ['https://www.linkedin.com/in/unavailable/', null],
  ['https://www.linkedin.com/posts/vitalik-buterin-267a7450_ethereum-activity-7123456789012345678-AbCd/', null],
  ['https://www.linkedin.com/pulse/why-ethereum-matters-jane-doe/', null],
  ['https://www.linkedin.com/groups/1234567/', null],
  ['https://www.linkedin.com/events/7123456789012345678/', null],
  ['https://www.linkedin.com/learning/blockchain-basics', null],
  ['https://www.linkedin.com/newsletters/crypto-weekly-7012345678901234567/', null],
  ['https://www.linkedin.com/pub/john-smith/12/345/678', null],
  ['https://www.linkedin.com/profile/view?id=12345678', null],
  ['https://www.linkedin.com/authwall?trk=gf&sessionRedirect=https%3A%2F%2Fwww.linkedin.com%2Fin%2Freidhoffman', null],
  ['https://www.linkedin.com/company/', null],
  ['https://www.linkedin.com/company/setup/new/', null],
  ['https://www.linkedin.com/premium/products/', null],
  ['https://www.linkedin.com/login', null],
  ['https://www.linkedin.com/checkpoint/lg/login-submit', null],
  ['https://www.linkedin.com/me/profile-views/', null],
  // Malformed or impossible slugs (must not throw)
  ['https://www.linkedin.com/in/j%C3%BCrgen-%E0%A4%A', null],
  ['https://www.linkedin.com/in/%', null],
  ['https://www.linkedin.com/in/a%2Fb', null],
  ['https://www.linkedin.com/in/john%20doe', null],
  ['https://www.linkedin.com/in/%3Cscript%3E', null],
  ['https://www.linkedin.com/company/%E0%A4%A/about/', null],
  // Other hosts
  ['https://business.linkedin.com/talent-solutions', null],
  ['https://learning.linkedin.com/in/someone', null],
  ['https://lnkd.in/dQw4w9Wg', null],
  ['https://www.linkedin.com.evil.example/in/reidhoffman', null],
  ['https://notlinkedin.com/in/reidhoffman', null],
  ['https://x.com/reidhoffman', null],
  // Not URLs
  ['/in/reidhoffman', null],
  ['in/reidhoffman', null],
  ['javascript:location="https://www.linkedin.com/in/reidhoffman"', null],
  ['not a url at all', null],
];

describe('parseLinkedInUrl', () => {
  it('has a large table', () => expect(table.length).toBeGreaterThanOrEqual(50));

  it.each(table)('%s → %j', (url, expected) => {
    const result = parseLinkedInUrl(url);
    if (expected === null) {
      expect(result).toBeNull();
    } else if (expected === 'recruiter') {
      expect(result).toEqual({ site: 'linkedin', kind: 'unsupported', reason: 'recruiter', url: url.split(/[?#]/)[0] });
    } else if (expected[0] === 'sales-lead' || expected[0] === 'sales-account') {
      const [which, id] = expected;
      const section = which === 'sales-lead' ? 'in' : 'company';
      expect(result).toEqual({
        site: 'linkedin',
        kind: which === 'sales-lead' ? 'person' : 'company',
        slug: id,
        key: `li:${section}:${id.toLowerCase()}`,
        url: url.split(/[?#]/)[0],
      });
    } else {
      const [kind, slug] = expected;
      const section = kind === 'person' ? 'in' : 'company';
      expect(result).toEqual({
        site: 'linkedin',
        kind,
        slug,
        key: `li:${section}:${slug.toLowerCase()}`,
        url: `https://www.linkedin.com/${section}/${encodeURIComponent(slug)}/`,
      });
    }
  });

  it('keys a person the same from any host, case and encoding', () => {
    const keys = [
      'https://de.linkedin.com/in/J%C3%BCrgen-M%C3%BCller-1a2b3c/',
      'https://www.linkedin.com/in/jürgen-müller-1a2b3c/details/experience/',
      // Decomposed ü (u + U+0308) folds to the same key.
      'https://www.linkedin.com/in/ju%CC%88rgen-mu%CC%88ller-1a2b3c',
    ].map((url) => {
      const profile = parseLinkedInUrl(url);
      return profile?.kind === 'person' ? profile.key : null;
    });
    expect(new Set(keys)).toEqual(new Set(['li:in:jürgen-müller-1a2b3c']));
  });

  it('links to the percent-encoded canonical URL', () => {
    expect(parseLinkedInUrl('https://de.linkedin.com/in/j%C3%BCrgen-m%C3%BCller-1a2b3c/')?.url).toBe(
      'https://www.linkedin.com/in/j%C3%BCrgen-m%C3%BCller-1a2b3c/',
    );
  });
});

describe('parseLinkedInHref (absolute URLs only: the content script and page reader)', () => {
  // Every absolute http(s) row of the table reads the same; what only pasted text needs (no scheme, `//`) is no page.
  it.each(table.filter(([url]) => /^https?:\/\//i.test(url)))('%s', (url) => expect(parseLinkedInHref(url)).toEqual(parseLinkedInUrl(url)));

  it.each([
    'www.linkedin.com/in/reidhoffman',
    '//www.linkedin.com/in/reidhoffman',
    '/in/reidhoffman',
    'ftp://www.linkedin.com/in/reidhoffman',
  ])('%s → null', (href) => expect(parseLinkedInHref(href)).toBeNull());
});
