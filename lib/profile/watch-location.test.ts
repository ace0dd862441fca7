import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installHappyDom } from '@/tests/support/install-happy-dom';
import { watchLocation } from './watch-location';

await installHappyDom('https://x.com/home');

/** What Chromium and Firefox 147+ have; happy-dom, like Firefox ESR 140, has none. */
const navigation = new EventTarget();
const withNavigationApi = () => Object.defineProperty(window, 'navigation', { value: navigation, configurable: true });

let life: AbortController;
let moved: ReturnType<typeof vi.fn<() => void>>;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0)); // mutation records are delivered as a microtask

beforeEach(() => {
  history.replaceState(null, '', '/home');
  document.head.innerHTML = '<title>Home / X</title>';
  document.body.innerHTML = '<main><h1>Home</h1></main>';
  life = new AbortController();
  moved = vi.fn<() => void>();
});

afterEach(() => {
  life.abort();
  delete (window as { navigation?: EventTarget }).navigation;
});

// How X and LinkedIn move between pages, and what the content script hears of it in each browser.
const pushState = () => history.pushState(null, '', '/jack');
describe('watchLocation', () => {
  it.each([
    [
      'pushState, announced by the Navigation API',
      true,
      () => {
        pushState();
        navigation.dispatchEvent(new Event('currententrychange'));
      },
    ],
    ['back/forward (popstate), Navigation API or not', true, () => window.dispatchEvent(new PopStateEvent('popstate'))],
    ['back/forward (popstate), Firefox ESR 140', false, () => window.dispatchEvent(new PopStateEvent('popstate'))],
    [
      'pushState then a retitle, Firefox ESR 140 (X: "Jack (@jack) / X")',
      false,
      () => {
        pushState();
        document.title = 'jack (@jack) / X';
      },
    ],
    [
      'pushState then the title text edited in place, Firefox ESR 140',
      false,
      () => {
        pushState();
        (document.querySelector('title')!.firstChild as Text).data = 'Jane Doe | LinkedIn';
      },
    ],
    [
      'pushState then a new <title>, Firefox ESR 140',
      false,
      () => {
        pushState();
        document.querySelector('title')!.replaceWith(Object.assign(document.createElement('title'), { textContent: 'Explore / X' }));
      },
    ],
  ])('hears %s', async (_, navigationApi, move) => {
    if (navigationApi) withNavigationApi();
    watchLocation(moved, life.signal);
    move();
    await flush();
    expect(moved).toHaveBeenCalled();
  });

  it.each([
    ['the page re-rendering its body, Firefox ESR 140', false, () => (document.body.innerHTML = '<main><h1>Timeline</h1></main>')],
    ['a retitle with the Navigation API (no page observer at all)', true, () => (document.title = '(1) Home / X')],
    ['pushState without a retitle, Firefox ESR 140 (the limit: X and LinkedIn always retitle)', false, pushState],
  ])('is not woken by %s', async (_, navigationApi, change) => {
    if (navigationApi) withNavigationApi();
    const observe = vi.spyOn(MutationObserver.prototype, 'observe');
    watchLocation(moved, life.signal);
    change();
    await flush();
    expect(moved).not.toHaveBeenCalled();
    expect(observe).toHaveBeenCalledTimes(navigationApi ? 0 : 1);
  });

  it.each([true, false])('hears nothing once aborted (Navigation API: %s)', async (navigationApi) => {
    if (navigationApi) withNavigationApi();
    watchLocation(moved, life.signal);
    life.abort();
    pushState();
    navigation.dispatchEvent(new Event('currententrychange'));
    window.dispatchEvent(new PopStateEvent('popstate'));
    document.title = 'jack (@jack) / X';
    await flush();
    expect(moved).not.toHaveBeenCalled();
  });

  it('schedules nothing: no timer runs while the page stays put', () => {
    vi.useFakeTimers();
    try {
      watchLocation(moved, life.signal);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
