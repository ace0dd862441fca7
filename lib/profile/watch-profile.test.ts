import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import { readLinkedInPage } from './linkedin-page-hints';
import { parseLinkedInUrl } from './parse-linkedin-url';
import { parseXUrl } from './parse-x-url';
import { installHappyDom } from '@/tests/support/install-happy-dom';
import type { DetectedProfile, ProfileReport } from './types';
import { watchProfile, type WatchProfileOptions } from './watch-profile';
import { xProfileHints } from './x-page-hints';

await installHappyDom('https://x.com/home');

/** The Navigation API as Chromium (and Firefox 147+) has it: the page's pushState is announced on it. */
const navigation = new EventTarget();

const JACK_HEADER =
  '<div data-testid="UserName"><div dir="ltr"><span>Jack Dorsey</span></div><div dir="ltr"><span>@jack</span></div></div>';

let stop: () => void = () => undefined;
let send: ReturnType<typeof vi.fn<(report: ProfileReport) => Promise<unknown>>>;

function start(overrides: Partial<WatchProfileOptions> = {}): void {
  stop = watchProfile({
    parse: parseXUrl,
    read: (doc, profile, pageUrl) => ({
      shown: 'profile',
      profile,
      hints: profile.site === 'x' ? xProfileHints(doc, profile.handle, pageUrl) : {},
    }),
    hintsComplete: (hints) => hints.name !== undefined,
    send,
    suppressStaleHints: false,
    ...overrides,
  });
}

/** Page state between tests: URL, title and a tiny body, like the e2e fixture pages. */
function page(path: string, body = '', title = 'X'): void {
  history.replaceState(null, '', path);
  document.title = title;
  document.body.innerHTML = body;
}

/** SPA navigation as X does it: pushState, which the content script sees through the Navigation API. */
async function spaNavigate(path: string): Promise<void> {
  history.pushState(null, '', path);
  navigation.dispatchEvent(new Event('currententrychange'));
  await vi.advanceTimersByTimeAsync(0);
}

const sent = () =>
  send.mock.calls.map(([report]) => ({
    handle: report.profile && 'handle' in report.profile ? report.profile.handle : null,
    ...report.hints,
  }));

beforeEach(() => {
  vi.useFakeTimers();
  send = vi.fn(async () => undefined);
  page('/home');
  Object.defineProperty(window, 'navigation', { value: navigation, configurable: true });
});

afterEach(() => {
  stop();
  delete (window as { navigation?: EventTarget }).navigation;
  vi.useRealTimers();
});

describe('watchProfile', () => {
  it('reports a rendered profile once on load and does not watch further', async () => {
    page('/jack', JACK_HEADER, 'Jack Dorsey (@jack) / X');
    const observe = vi.spyOn(MutationObserver.prototype, 'observe');
    start();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toEqual({
      url: 'https://x.com/jack',
      profile: { site: 'x', handle: 'jack', key: 'x:jack', url: 'https://x.com/jack' },
      hints: { name: 'Jack Dorsey' },
      fresh: true,
    });
    expect(observe).not.toHaveBeenCalled();
  });

  it('says "fresh" until one report of the document got through, and again after a back/forward cache restore', async () => {
    send.mockRejectedValueOnce(new Error('Could not establish connection. Receiving end does not exist.'));
    page('/jack', JACK_HEADER);
    start();
    await vi.advanceTimersByTimeAsync(1_000); // the first send failed: its retry is still the document's first
    await spaNavigate('/vitalik');
    expect(send.mock.calls.map(([r]) => [r.url, r.fresh ?? false])).toEqual([
      ['https://x.com/jack', true],
      ['https://x.com/jack', true],
      ['https://x.com/vitalik', false],
    ]);
    window.dispatchEvent(new Event('pagehide'));
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await vi.advanceTimersByTimeAsync(0);
    expect(send.mock.calls.slice(3).map(([r]) => [r.profile === null ? null : r.url, r.fresh ?? false])).toEqual([
      [null, false],
      ['https://x.com/vitalik', true],
    ]);
  });

  it('reports the profile at once, then again when its name renders', async () => {
    page('/jack');
    start();
    expect(sent()).toEqual([{ handle: 'jack' }]);
    document.body.innerHTML = '<div>loading</div>';
    await vi.advanceTimersByTimeAsync(300);
    expect(send).toHaveBeenCalledTimes(1); // nothing new yet
    document.body.innerHTML = JACK_HEADER;
    await vi.advanceTimersByTimeAsync(300);
    expect(sent()).toEqual([{ handle: 'jack' }, { handle: 'jack', name: 'Jack Dorsey' }]);
    document.body.insertAdjacentHTML('beforeend', '<p>more timeline</p>');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('also picks up the name from a title change alone', async () => {
    page('/jack');
    start();
    document.title = '(2) Jack Dorsey (@jack) / X';
    await vi.advanceTimersByTimeAsync(300);
    expect(sent()).toEqual([{ handle: 'jack' }, { handle: 'jack', name: 'Jack Dorsey' }]);
  });

  it('follows SPA navigation through the Navigation API', async () => {
    start();
    await spaNavigate('/jack');
    await spaNavigate('/jack/media'); // same profile: nothing new
    await spaNavigate('/naval/status/123');
    await spaNavigate('/explore');
    await spaNavigate('/i/bookmarks'); // still no profile: reported once
    expect(sent()).toEqual([{ handle: null }, { handle: 'jack' }, { handle: 'naval' }, { handle: null }]);
  });

  it('reports back/forward once, though popstate and the Navigation API both announce it', async () => {
    start();
    history.replaceState(null, '', '/jack');
    window.dispatchEvent(new PopStateEvent('popstate'));
    navigation.dispatchEvent(new Event('currententrychange'));
    expect(sent()).toEqual([{ handle: null }, { handle: 'jack' }]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('without the Navigation API (Firefox ESR 140), sees pushState when the page retitles itself', async () => {
    delete (window as { navigation?: EventTarget }).navigation;
    start();
    history.pushState(null, '', '/jack');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent()).toEqual([{ handle: null }]); // the URL alone changed nothing an event reports
    document.title = 'Jack Dorsey (@jack) / X';
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toEqual([{ handle: null }, { handle: 'jack', name: 'Jack Dorsey' }]);
  });

  it('leaves nothing scheduled once the page is read: no timer, no page observer, nothing while idle', async () => {
    const observe = vi.spyOn(MutationObserver.prototype, 'observe');
    page('/jack', JACK_HEADER, 'Jack Dorsey (@jack) / X');
    start();
    await spaNavigate('/naval'); // incomplete: watched for at most 10 s
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(vi.getTimerCount()).toBe(0);
    expect(observe).toHaveBeenCalledTimes(1); // the one watch after /naval, now disconnected
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent()).toEqual([{ handle: 'jack', name: 'Jack Dorsey' }, { handle: 'naval' }]);
  });

  it('stops watching the DOM ~10 s after a navigation', async () => {
    const disconnect = vi.spyOn(MutationObserver.prototype, 'disconnect');
    page('/jack');
    start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(disconnect).toHaveBeenCalled();
    document.body.innerHTML = JACK_HEADER;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sent()).toEqual([{ handle: 'jack' }]);
  });

  it('coalesces a burst of mutations into one read', async () => {
    const read = vi.fn((_doc: Document, profile: DetectedProfile) => ({ shown: 'profile' as const, profile, hints: {} }));
    page('/jack');
    start({ read });
    for (let i = 0; i < 50; i++) {
      document.body.insertAdjacentHTML('beforeend', `<p>${i}</p>`);
      await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(300);
    // 1 on load + one per 250 ms window over ~0.8 s of mutations, not one per mutation
    expect(read.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(read.mock.calls.length).toBeLessThanOrEqual(5);
  });

  it('retries a failed send once, shortly after', async () => {
    send.mockRejectedValue(new Error('Could not establish connection. Receiving end does not exist.'));
    page('/jack', JACK_HEADER);
    start();
    await vi.advanceTimersByTimeAsync(0);
    expect(send).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[1]![0]).toEqual(send.mock.calls[0]![0]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('survives send throwing synchronously (extension context invalidated)', async () => {
    send.mockImplementation(() => {
      throw new Error('Extension context invalidated.');
    });
    page('/jack', JACK_HEADER);
    expect(() => start()).not.toThrow();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('does not retry a report that a newer one replaced', async () => {
    send.mockRejectedValueOnce(new Error('background restarting'));
    page('/jack', JACK_HEADER);
    start();
    await vi.advanceTimersByTimeAsync(0);
    history.replaceState(null, '', '/naval');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent()).toEqual([{ handle: 'jack', name: 'Jack Dorsey' }, { handle: 'naval' }]);
  });

  it('treats a throwing hint reader as no hints', async () => {
    page('/jack', JACK_HEADER);
    start({
      read: () => {
        throw new Error('markup changed');
      },
    });
    expect(sent()).toEqual([{ handle: 'jack' }]);
  });

  it('goes quiet once stopped', async () => {
    const disconnect = vi.spyOn(MutationObserver.prototype, 'disconnect');
    page('/jack');
    start();
    stop();
    expect(disconnect).toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    document.body.innerHTML = JACK_HEADER;
    await spaNavigate('/naval');
    window.dispatchEvent(new PopStateEvent('popstate'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent()).toEqual([{ handle: 'jack' }]);
  });

  it('goes quiet, sending nothing more, once its extension is gone (Chrome: reloaded or updated)', async () => {
    let alive = true;
    page('/jack', JACK_HEADER);
    start({ alive: () => alive });
    alive = false;
    await spaNavigate('/naval');
    expect(vi.getTimerCount()).toBe(0);
    await spaNavigate('/vitalik');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent()).toEqual([{ handle: 'jack', name: 'Jack Dorsey' }]);
  });
});

describe('watchProfile on LinkedIn', () => {
  const card = (slug: string, name: string, headline: string) =>
    `<main><section><h1>${name}</h1><div class="text-body-medium break-words">${headline}</div>` +
    `<a href="/in/${slug}/overlay/contact-info/">Contact info</a></section></main>`;

  it('never reports the previous member’s card as the next member’s', async () => {
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('https://www.linkedin.com/in/jane-doe/');
    document.title = 'Jane Doe | LinkedIn';
    document.body.innerHTML = card('jane-doe', 'Jane Doe', 'BD at Acme');
    stop = watchProfile({
      parse: parseLinkedInUrl,
      read: (doc, profile) => (profile.site === 'linkedin' ? readLinkedInPage(doc, profile) : { shown: 'pending' }),
      hintsComplete: (hints) => Boolean(hints.name && hints.headline && hints.company),
      send,
      requireName: true,
    });
    await spaNavigate('/in/john-roe/'); // Jane's card is still on screen
    await vi.advanceTimersByTimeAsync(1_000);
    document.title = 'John Roe | LinkedIn';
    document.body.innerHTML = card('john-roe', 'John Roe', 'CTO at Beta');
    await vi.advanceTimersByTimeAsync(300);
    expect(
      send.mock.calls.map(([report]) => [report.profile && 'key' in report.profile ? report.profile.key : null, report.hints]),
    ).toEqual([
      ['li:in:jane-doe', { name: 'Jane Doe', headline: 'BD at Acme' }],
      // Not named yet: "no profile" (nothing to look up), not John with Jane's card.
      [null, {}],
      ['li:in:john-roe', { name: 'John Roe', headline: 'CTO at Beta' }],
    ]);
  });
});

describe('watchProfile on LinkedIn, a move announced before the next page renders (Navigation API)', () => {
  it('reports each member with their own card over a run of moves, never the one still on screen', async () => {
    const people = [
      ['jane-doe', 'Jane Doe', 'BD at Acme'],
      ['john-roe', 'John Roe', 'CTO at Beta'],
      ['mary-major', 'Mary Major', 'CEO at Gamma'],
    ] as const;
    const render = ([, name, headline]: (typeof people)[number]) => {
      document.title = `${name} - ${headline} | LinkedIn`;
      document.body.innerHTML = `<main><section><h1>${name}</h1><div class="text-body-medium break-words">${headline}</div></section></main>`;
    };
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('https://www.linkedin.com/in/jane-doe/');
    render(people[0]);
    stop = watchProfile({
      parse: parseLinkedInUrl,
      read: (doc, profile) => (profile.site === 'linkedin' ? readLinkedInPage(doc, profile) : { shown: 'pending' }),
      hintsComplete: (hints) => Boolean(hints.name && hints.headline),
      send,
      requireName: true,
    });
    for (const person of people.slice(1)) {
      await spaNavigate(`/in/${person[0]}/`); // the last member's page is still on screen
      render(person);
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(
      send.mock.calls.map(([report]) => [report.profile && 'key' in report.profile ? report.profile.key : null, report.hints.name ?? null]),
    ).toEqual([
      ['li:in:jane-doe', 'Jane Doe'],
      [null, null],
      ['li:in:john-roe', 'John Roe'],
      [null, null],
      ['li:in:mary-major', 'Mary Major'],
    ]);
  });

  it('does not take the last member’s name for the company, and watches until the company names itself', async () => {
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL('https://www.linkedin.com/in/jane-doe/');
    document.title = 'Jane Doe - BD at Acme | LinkedIn';
    document.body.innerHTML = '<main><section><h1>Jane Doe</h1><div class="text-body-medium break-words">BD at Acme</div></section></main>';
    stop = watchProfile({
      parse: parseLinkedInUrl,
      read: (doc, profile) => (profile.site === 'linkedin' ? readLinkedInPage(doc, profile) : { shown: 'pending' }),
      hintsComplete: (hints) => hints.name !== undefined,
      send,
      requireName: true,
    });
    await spaNavigate('/company/acme/'); // Jane's title and card are still on screen
    document.title = 'Acme | LinkedIn';
    document.body.innerHTML = '<main><section class="org-top-card"><h1 class="org-top-card-summary__title">Acme</h1></section></main>';
    await vi.advanceTimersByTimeAsync(300);
    expect(
      send.mock.calls.map(([report]) => [report.profile && 'key' in report.profile ? report.profile.key : null, report.hints]),
    ).toEqual([
      ['li:in:jane-doe', { name: 'Jane Doe', headline: 'BD at Acme' }],
      [null, {}],
      ['li:company:acme', { name: 'Acme' }],
    ]);
  });
});

describe('watchProfile on real pages (fixtures/real)', () => {
  const setUrl = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
  /** Put a saved page's head and body on screen. */
  function show(file: string): void {
    const saved = new DOMParser().parseFromString(readFileSync(new URL(`./fixtures/real/${file}`, import.meta.url), 'utf8'), 'text/html');
    document.head.innerHTML = saved.head.innerHTML;
    document.title = saved.title;
    document.body.innerHTML = saved.body.innerHTML;
  }
  const startLinkedIn = () =>
    (stop = watchProfile({
      parse: parseLinkedInUrl,
      read: (doc, profile) => (profile.site === 'linkedin' ? readLinkedInPage(doc, profile) : { shown: 'pending' }),
      hintsComplete: (hints) => Boolean(hints.name && hints.headline && hints.company),
      send,
      requireName: true,
    }));
  const reported = () =>
    send.mock.calls.map(([report]) => [
      report.profile && 'key' in report.profile ? report.profile.key : (report.profile?.kind ?? null),
      report.hints,
    ]);

  it('reports "Profile Not Found" as a profile LinkedIn did not show, at once', async () => {
    setUrl('https://www.linkedin.com/in/ivanahmadfatoni/');
    show('li-not-found-2024.html');
    startLinkedIn();
    await vi.advanceTimersByTimeAsync(11_000);
    expect(reported()).toEqual([['not-shown', {}]]);
  });

  it('reports an app shell as no profile, then the profile once it renders', async () => {
    setUrl('https://www.linkedin.com/in/robertkcheung/');
    show('li-shell-reconstructed.html');
    startLinkedIn();
    await vi.advanceTimersByTimeAsync(2_000);
    show('li-person-logged-in-2025.html');
    await vi.advanceTimersByTimeAsync(300);
    expect(reported()).toEqual([
      [null, {}],
      ['li:in:robertkcheung', { name: 'Rob Cheung', headline: 'Co-Founder ꩜Substrate', company: '꩜Substrate' }],
    ]);
  });

  it('gives up on a shell that never renders: not shown, nothing to search', async () => {
    setUrl('https://www.linkedin.com/in/robertkcheung/');
    show('li-shell-reconstructed.html');
    startLinkedIn();
    await vi.advanceTimersByTimeAsync(11_000);
    expect(reported()).toEqual([
      [null, {}],
      ['not-shown', {}],
    ]);
  });

  it('keeps the X name across the profile’s tabs and keeps watching there', async () => {
    setUrl('https://x.com/perceptnet');
    show('x-profile-2025.html');
    start();
    await spaNavigate('/perceptnet/followers');
    // The list's title is up before its app bar: "People following rob cheung" is not a name.
    document.title = 'People following rob cheung (@perceptnet) / X';
    document.body.innerHTML = '<main></main>';
    await vi.advanceTimersByTimeAsync(300);
    show('x-followers-2025.html');
    document.querySelector('h2 span')!.textContent = 'rob cheung (renamed)';
    await vi.advanceTimersByTimeAsync(300);
    expect(sent()).toEqual([
      { handle: 'perceptnet', name: 'rob cheung' },
      { handle: 'perceptnet', name: 'rob cheung (renamed)' },
    ]);
  });
});

describe('watchProfile: the profile a move leads to, said ahead of the browser', () => {
  /** The Navigation API's `navigate` event: the page is going to `path` (the URL has not moved yet). */
  const going = (path: string, sameDocument = true, navigationType = 'push') =>
    navigation.dispatchEvent(
      Object.assign(new Event('navigate'), { destination: { url: `https://x.com${path}`, sameDocument }, navigationType }),
    );
  const said = () => send.mock.calls.map(([r]) => [r.profile && 'key' in r.profile ? r.profile.key : null, r.ahead ?? false]);

  it('an SPA move to another profile: said ahead, then again once the URL moved (what the background waits for)', async () => {
    page('/jack', JACK_HEADER);
    start();
    going('/vitalik');
    await spaNavigate('/vitalik');
    expect(said()).toEqual([
      ['x:jack', false],
      ['x:vitalik', true],
      ['x:vitalik', false],
    ]);
    expect(send.mock.calls[1]![0]).toMatchObject({ url: 'https://x.com/vitalik', hints: {} });
  });

  it.each([
    ['within the same profile (its media tab)', '/jack/media', true],
    ['to a page that is no profile', '/home', true],
    ['to another document (a full load)', '/vitalik', false],
    ['back or forward (a traversal commits later: popstate reports it)', '/vitalik', true, 'traverse'],
  ])('nothing is said ahead for a move %s', async (_, path, sameDocument, type = 'push') => {
    page('/jack', JACK_HEADER);
    start();
    going(path, sameDocument, type);
    await vi.advanceTimersByTimeAsync(0);
    expect(said()).toEqual([['x:jack', false]]);
  });

  it('a move the page cancels (the URL never changes): what the page still shows is said again', async () => {
    page('/jack', JACK_HEADER);
    start();
    going('/vitalik');
    await vi.advanceTimersByTimeAsync(0);
    expect(said()).toEqual([
      ['x:jack', false],
      ['x:vitalik', true],
      ['x:jack', false],
    ]);
  });

  it('a move the page already cancelled is not said ahead', async () => {
    page('/jack', JACK_HEADER);
    start();
    const cancelled = Object.assign(new Event('navigate', { cancelable: true }), {
      destination: { url: 'https://x.com/vitalik', sameDocument: true },
      navigationType: 'push',
    });
    cancelled.preventDefault();
    navigation.dispatchEvent(cancelled);
    await vi.advanceTimersByTimeAsync(0);
    expect(said()).toEqual([['x:jack', false]]);
  });

  it('not where a profile is reported only once named (LinkedIn)', async () => {
    page('/jack', JACK_HEADER);
    start({ requireName: true });
    going('/vitalik');
    await vi.advanceTimersByTimeAsync(0);
    expect(said().filter(([, ahead]) => ahead)).toEqual([]);
  });
});
