import { describe, expect, it } from 'vitest';
import { parseProfileUrl } from './parse-profile-url';
import { initialTrackerState, profileIdentity, trackReport, type TrackerState } from './report-tracker';
import type { PageHints, ProfileReport } from './types';

const report = (url: string, hints: PageHints = {}): ProfileReport => ({ url, profile: parseProfileUrl(url), hints });

/** Feed reports through the tracker; returns what would have been sent (null = nothing). */
function run(reports: ProfileReport[], suppressStaleHints = true): (ProfileReport | null)[] {
  let state: TrackerState = initialTrackerState;
  return reports.map((next) => {
    const result = trackReport(state, next, { suppressStaleHints });
    state = result.state;
    return result.send;
  });
}

const JANE = 'https://www.linkedin.com/in/jane-doe/';
const JOHN = 'https://www.linkedin.com/in/john-roe/';

describe('trackReport', () => {
  it('sends the first report, even for a non-profile page', () => {
    expect(run([report('https://x.com/home')])).toEqual([{ url: 'https://x.com/home', profile: null, hints: {} }]);
  });

  it.each<[string, ProfileReport[], (PageHints | null)[]]>([
    [
      'same profile, same hints',
      [report('https://x.com/jack', { name: 'jack' }), report('https://x.com/jack', { name: 'jack' })],
      [{ name: 'jack' }, null],
    ],
    ['profile tab of the same profile', [report('https://x.com/jack'), report('https://x.com/jack/media')], [{}, null]],
    ['name appears after render', [report('https://x.com/jack'), report('https://x.com/jack', { name: 'jack' })], [{}, { name: 'jack' }]],
    [
      'name changes',
      [report('https://x.com/jack', { name: 'jack' }), report('https://x.com/jack', { name: 'Jack Dorsey' })],
      [{ name: 'jack' }, { name: 'Jack Dorsey' }],
    ],
    [
      'hint vanishes in a re-render',
      [report(JANE, { name: 'Jane', headline: 'BD' }), report(JANE, { name: 'Jane' })],
      [{ name: 'Jane', headline: 'BD' }, null],
    ],
    [
      'hints grow',
      [report(JANE, { name: 'Jane' }), report(JANE, { name: 'Jane', company: 'Acme' })],
      [{ name: 'Jane' }, { name: 'Jane', company: 'Acme' }],
    ],
    [
      // A handle X gave to another account: the id is news even though the handle is not.
      'X id read, then another id under the same handle',
      [
        report('https://x.com/jack', { name: 'jack', xId: '12' }),
        report('https://x.com/jack/media', { name: 'jack', xId: '12' }),
        report('https://x.com/jack', { name: 'jack', xId: '1842' }),
      ],
      [{ name: 'jack', xId: '12' }, null, { name: 'jack', xId: '1842' }],
    ],
    ['empty strings are no hints', [report('https://x.com/jack', { name: '' }), report('https://x.com/jack', {})], [{}, null]],
    [
      'non-profile to non-profile',
      [report('https://x.com/home'), report('https://x.com/explore'), report('https://x.com/i/bookmarks')],
      [{}, null, null],
    ],
    [
      'profile then non-profile then profile',
      [report('https://x.com/jack'), report('https://x.com/home'), report('https://x.com/jack')],
      [{}, {}, {}],
    ],
    [
      'Recruiter pages, once',
      [report('https://www.linkedin.com/talent/profile/AEMAA1'), report('https://www.linkedin.com/talent/profile/AEMAA2')],
      [{}, null],
    ],
    ['hints on a non-profile page are dropped', [report('https://x.com/home', { name: 'Home' })], [{}]],
  ])('%s', (_name, reports, expected) => {
    expect(run(reports).map((sent) => sent?.hints ?? null)).toEqual(expected);
  });

  it('sends a new profile right away, even with no hints yet', () => {
    const sent = run([report('https://x.com/jack', { name: 'jack' }), report('https://x.com/naval')]);
    expect(sent[1]).toEqual({ url: 'https://x.com/naval', profile: parseProfileUrl('https://x.com/naval'), hints: {} });
  });

  it("drops the previous profile's hints while the page still shows them", () => {
    const sent = run([
      report(JANE, { name: 'Jane Doe', headline: 'BD' }),
      report(JOHN, { name: 'Jane Doe', headline: 'BD' }), // Jane's card still up
      report(JOHN, { name: 'Jane Doe' }), // half torn down
      report(JOHN, { name: 'John Roe', headline: 'CTO' }), // John rendered
    ]);
    expect(sent.map((s) => s?.hints ?? null)).toEqual([
      { name: 'Jane Doe', headline: 'BD' },
      {},
      null,
      { name: 'John Roe', headline: 'CTO' },
    ]);
  });

  it('keeps a shared company when the rest differs', () => {
    const sent = run([report(JANE, { name: 'Jane', company: 'Acme' }), report(JOHN, { name: 'John', company: 'Acme' })]);
    expect(sent[1]?.hints).toEqual({ name: 'John', company: 'Acme' });
  });

  it('keeps namesakes when stale suppression is off (X checks the handle itself)', () => {
    const sent = run([report('https://x.com/alice', { name: 'Satoshi' }), report('https://x.com/bob', { name: 'Satoshi' })], false);
    expect(sent[1]?.hints).toEqual({ name: 'Satoshi' });
  });
});

describe('profileIdentity', () => {
  it.each([
    ['https://x.com/Jack/media', 'x:jack'],
    ['https://www.linkedin.com/company/acme/about/', 'li:company:acme'],
    ['https://www.linkedin.com/talent/profile/AEMAA1', 'unsupported:recruiter'],
    ['https://www.linkedin.com/sales/home', 'none'],
    ['https://x.com/home', 'none'],
  ])('%s → %s', (url, identity) => expect(profileIdentity(parseProfileUrl(url))).toBe(identity));
});
