import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REAL_PAGES, type Expected } from './fixtures/real/corpus';
import { readLinkedInPage } from './linkedin-page-hints';
import { parseProfileUrl } from './parse-profile-url';
import { installHappyDom } from '@/tests/support/install-happy-dom';
import type { PageReading } from './types';
import { readXPage } from './x-page-hints';

await installHappyDom();

/** What the content scripts make of `url` showing `html`: the URL's parse, then the page's reading. */
function readPage(file: string, url: string): Expected {
  const html = readFileSync(new URL(`./fixtures/real/${file}`, import.meta.url), 'utf8');
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const parsed = parseProfileUrl(url);
  if (parsed === null) return { shows: 'none' };
  if (parsed.site === 'linkedin' && parsed.kind === 'unsupported') return { shows: 'unsupported' };
  if (parsed.site === 'linkedin' && parsed.kind === 'not-shown') return { shows: 'not-shown' };
  const reading: PageReading = parsed.site === 'x' ? readXPage(doc, parsed, url) : readLinkedInPage(doc, parsed);
  return reading.shown === 'profile' ? { shows: 'profile', key: reading.profile.key, hints: reading.hints } : { shows: reading.shown };
}

describe('real saved pages (fixtures/real, see PROVENANCE.md)', () => {
  it.each(REAL_PAGES.map((page) => [page.file, page.url, page.expected] as const))('%s at %s', (file, url, expected) => {
    expect(readPage(file, url)).toEqual(expected);
  });

  it('covers every non-profile page LinkedIn serves at a profile URL, and a localized page', () => {
    const files = REAL_PAGES.map((page) => page.file).join(' ');
    for (const kind of ['not-found', 'guest-home', 'authwall', 'restricted', 'shell', 'challenge', '-de-']) expect(files).toContain(kind);
  });
});

describe('titles alone (what a half-rendered page shows)', () => {
  it.each([
    // A profile's list tabs title the list, not the account.
    ['https://x.com/perceptnet/followers', 'People following rob cheung (@perceptnet) / X', {}],
    ['https://x.com/perceptnet/following', 'People followed by rob cheung (@perceptnet) / X', {}],
    ['https://x.com/0thernet/likes', '(1) Posts liked by ben g🥦 (@0thernet) / X', {}],
    ['https://x.com/perceptnet', 'rob cheung (@perceptnet) / X', { name: 'rob cheung' }],
  ])('%s titled %j → %j', (url, title, hints) => {
    const doc = new DOMParser().parseFromString('<title></title>', 'text/html');
    doc.title = title;
    const parsed = parseProfileUrl(url);
    expect(
      parsed?.site === 'x' && readXPage(doc, parsed, url).shown === 'profile'
        ? (readXPage(doc, parsed, url) as { hints: object }).hints
        : null,
    ).toEqual(hints);
  });

  it.each([['Profile Not Found | LinkedIn'], ['Sign Up | LinkedIn'], ['LinkedIn: Log In or Sign Up'], ['LinkedIn']])(
    'a LinkedIn profile URL titled %j over a heading that is no name is not named',
    (title) => {
      const doc = new DOMParser().parseFromString(
        '<title></title><body><main><h1>Welcome to your professional community</h1></main></body>',
        'text/html',
      );
      doc.title = title;
      const parsed = parseProfileUrl('https://www.linkedin.com/in/ivanahmadfatoni/');
      expect(parsed?.site === 'linkedin' && readLinkedInPage(doc, parsed as never).shown).not.toBe('profile');
    },
  );

  it.each([
    ['Profile Not Found | LinkedIn', { shown: 'pending' }],
    ['(2) Rob Cheung | LinkedIn', { shown: 'profile', hints: { name: 'Rob Cheung' } }],
  ])('a LinkedIn profile URL with only the title %j → %j', (title, expected) => {
    const doc = new DOMParser().parseFromString('<title></title>', 'text/html');
    doc.title = title;
    const parsed = parseProfileUrl('https://www.linkedin.com/in/robertkcheung/');
    expect(parsed?.site === 'linkedin' && readLinkedInPage(doc, parsed as never)).toMatchObject(expected);
  });
});
