import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadFixture } from './fixtures/load-fixture';
import { REAL_PAGES, type Expected } from './fixtures/real/corpus';
import { readLinkedInPage } from './linkedin-page-hints';
import { parseProfileUrl } from './parse-profile-url';
import { readXPeople } from './read-x-people';
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

/** Rows and hints of an X page in fixtures/real (the readers' own functions, as the content scripts call them). */
function readX(file: string, url: string) {
  const doc = loadFixture(`real/${file}`);
  const parsed = parseProfileUrl(url);
  const reading = parsed?.site === 'x' ? readXPage(doc, parsed, url) : null;
  return {
    hints: reading?.shown === 'profile' ? reading.hints : null,
    rows: readXPeople(doc, parsed?.site === 'x' ? parsed.handle : undefined),
  };
}

// Issue 42: the full saved pages re-trimmed with every follow control (PROVENANCE.md, "X user ids").
describe('X user ids on the real saved pages', () => {
  it.each([
    // SubstrateLabs/brocc @ 817559b, _x-profile.html: the viewer follows @perceptnet ("Following", -unfollow);
    // the sidebar suggests three others, each with its own id.
    ['x-profile-ids-2025.html', 'https://x.com/perceptnet', { name: 'rob cheung', xId: '910583573647843328' }],
    // shaunsales/xingest @ b94a931, tests/fixtures/*.html (January 2026)
    ['x-profile-cz-binance-2026.html', 'https://x.com/cz_binance', { name: 'CZ 🔶 BNB', xId: '902926941413453824' }],
    ['x-profile-jason-2026.html', 'https://x.com/Jason', { name: '@jason', xId: '3840' }],
    ['x-profile-nikitabier-2026.html', 'https://x.com/nikitabier', { name: 'Nikita Bier', xId: '636513296' }],
    ['x-profile-nodepay-2026.html', 'https://x.com/nodepay', { name: 'Nodepay', xId: '1761766475076132864' }],
    ['x-profile-okx-2026.html', 'https://x.com/okx', { name: 'OKX', xId: '867617849208037377' }],
  ])("%s: the header's id", (file, url, hints) => {
    const { hints: read, rows } = readX(file, url);
    expect(read).toEqual(hints);
    // Not a suggestion's: every other id on the page is someone else's.
    expect(rows.map((row) => row.xId)).not.toContain(hints.xId);
  });

  it("reads the header's id, not one of the page's three suggestions", () => {
    expect(readX('x-profile-ids-2025.html', 'https://x.com/perceptnet').rows).toEqual([
      expect.objectContaining({ handle: 'nbaronia1', xId: '1440854432040644612' }),
      expect.objectContaining({ handle: 'IsntTrivial', xId: '1270408574926303232' }),
      expect.objectContaining({ handle: 'stevenkplus1', xId: '790690471869898752' }),
    ]);
  });

  it.each([
    // The list's rows and the sidebar's three suggestions; the one row without an id is the viewer's own (@0thernet).
    ['x-followers-ids-2025.html', 'https://x.com/perceptnet/followers', 27, 26],
    ['x-following-ids-2025.html', 'https://x.com/perceptnet/following', 23, 22],
  ])('%s: %i rows, %i with their id', (file, url, count, withId) => {
    const { hints, rows } = readX(file, url);
    expect(rows).toHaveLength(count);
    expect(rows.filter((row) => row.xId !== undefined)).toHaveLength(withId);
    expect(withId / count).toBeGreaterThanOrEqual(0.95);
    expect(rows.filter((row) => row.xId === undefined).map((row) => row.handle)).toEqual(['0thernet']);
    expect(new Set(rows.map((row) => row.xId)).size).toBe(count); // one id per row: none borrowed from a neighbour
    // A list tab has no header follow control: the page's own account is reported by handle and name alone.
    expect(hints).toEqual({ name: 'rob cheung' });
  });

  it('reports the handle alone on one\'s own profile ("Edit profile"), though suggestions carry ids', () => {
    const { hints, rows } = readX('x-profile-own-reconstructed.html', 'https://x.com/perceptnet');
    expect(hints).toEqual({ name: 'rob cheung' });
    expect(rows.every((row) => row.xId !== undefined)).toBe(true);
  });
});
