import { describe, expect, it } from 'vitest';
import { parseProfileUrl } from './parse-profile-url';

describe('parseProfileUrl', () => {
  it.each([
    ['https://x.com/VitalikButerin/status/1', 'x:vitalikbuterin'],
    ['https://mobile.twitter.com/jack', 'x:jack'],
    ['https://www.linkedin.com/in/reidhoffman/', 'li:in:reidhoffman'],
    ['https://fr.linkedin.com/company/ledger/', 'li:company:ledger'],
    ['https://www.linkedin.com/school/mit/', 'li:company:mit'],
  ])('dispatches %s → %s', (url, key) => {
    const result = parseProfileUrl(url);
    expect(result && 'key' in result ? result.key : null).toBe(key);
  });

  it('marks Recruiter as unsupported', () => {
    expect(parseProfileUrl('https://www.linkedin.com/talent/profile/AEMAAAB?trk=x#frag')).toEqual({
      site: 'linkedin',
      kind: 'unsupported',
      reason: 'recruiter',
      url: 'https://www.linkedin.com/talent/profile/AEMAAAB',
    });
  });

  it('reads a Sales Navigator lead as a person', () => {
    expect(parseProfileUrl('https://www.linkedin.com/sales/lead/ACwAAA1,NAME_SEARCH,x#frag')).toMatchObject({
      kind: 'person',
      key: 'li:in:acwaaa1',
    });
  });

  it.each([
    '',
    ' ',
    'undefined',
    'null',
    '%',
    '%E0%A4%A',
    '\u0000\uFFFF',
    '/x.com/jack',
    '../in/reidhoffman',
    '?https://x.com/jack',
    '#https://x.com/jack',
    'javascript:alert(document.cookie)',
    'JaVaScRiPt:void(0)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'blob:https://x.com/1234-5678',
    'chrome-extension://abcdef/popup.html',
    'about:blank',
    'file:///etc/passwd',
    'https://',
    'https://:80',
    'https://[::1]/in/x',
    'https://exa mple.com/jack',
    'https://example.com/in/reidhoffman',
    'https://google.com/search?q=https://x.com/jack',
    'https://web.archive.org/web/2020/https://twitter.com/jack',
    'x'.repeat(100_000),
    `https://x.com/${'a/'.repeat(10_000)}`,
  ])('never throws and finds nothing in %j', (input) => {
    expect(parseProfileUrl(input)).toBeNull();
  });

  it('survives non-string input at runtime', () => {
    for (const input of [undefined, null, 42, {}, { href: 5 }, Symbol('x')]) {
      expect(() => parseProfileUrl(input as unknown as string)).not.toThrow();
      expect(parseProfileUrl(input as unknown as string)).toBeNull();
    }
  });
});
