import { describe, expect, it } from 'vitest';
import { parseProfileUrl } from '../profile/parse-profile-url';
import type { ProfileReport } from '../profile/types';
import { reportMatchesSender } from './report-matches-sender';

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

  it('accepts "the page left" from anywhere (it names nobody)', () => {
    expect(reportMatchesSender({ profile: null }, { url: 'https://x.com/home' })).toBe(true);
  });

  const ada = honest('https://x.com/AdaQuant').profile!;
  it.each<[string, ProfileReport['profile'], string | undefined]>([
    ['another X profile than the page', honest('https://x.com/MeridianVC').profile, 'https://x.com/AdaQuant'],
    ['the page\'s key with another handle', { ...ada, handle: 'MeridianVC' } as ProfileReport['profile'], 'https://x.com/AdaQuant'],
    ['the page\'s handle with another key', { ...ada, key: 'x:meridianvc' } as ProfileReport['profile'], 'https://x.com/AdaQuant'],
    ['a profile from a page that shows none', ada, 'https://x.com/home'],
    ['an X profile from LinkedIn', ada, 'https://www.linkedin.com/in/adaquant'],
    ['a person where the page is a company', honest('https://www.linkedin.com/in/meridian').profile, 'https://www.linkedin.com/company/meridian'],
    ['another LinkedIn person', honest('https://www.linkedin.com/in/someone-else').profile, 'https://www.linkedin.com/in/ada-lindqvist'],
    ['a profile with no sender URL', ada, undefined],
  ])('drops %s', (_label, profile, senderUrl) => {
    expect(reportMatchesSender({ profile }, { url: senderUrl })).toBe(false);
    expect(reportMatchesSender({ profile }, { url: 'https://x.com/elsewhere', tab: { id: 1, url: senderUrl } })).toBe(false);
  });
});
