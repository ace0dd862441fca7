/**
 * Calls `moved` after anything that may have changed `location.href`, from events only (no timer). An isolated
 * world cannot see the page's `history.pushState`: the Navigation API (Chromium 102+, Firefox 147+) reports
 * each same-document move; without it (Firefox ESR 140) a `<head>` mutation is the cue (X and LinkedIn retitle
 * on every route); `popstate` fires in every world. `moved` may run for no move: the caller compares the URL.
 */
export function watchLocation(moved: () => void, signal: AbortSignal, ahead?: (url: string) => void): void {
  addEventListener('popstate', moved, { signal });
  const navigation = (window as { navigation?: EventTarget }).navigation;
  if (navigation) {
    // `ahead`: where a same-document push or replace is going, before the browser commits it (the page may
    // still cancel). Not back/forward: a traversal commits later, in a task of its own.
    if (ahead) {
      const going = (e: Event) => {
        const { destination: to, navigationType: type } = e as Event & {
          destination?: { url?: string; sameDocument?: boolean };
          navigationType?: string;
        };
        if (to?.sameDocument && to.url && (type === 'push' || type === 'replace') && !e.defaultPrevented) ahead(to.url);
      };
      navigation.addEventListener('navigate', going, { signal });
    }
    return navigation.addEventListener('currententrychange', moved, { signal });
  }
  const observer = new MutationObserver(moved);
  observer.observe(document.head ?? document.documentElement, { childList: true, subtree: true, characterData: true });
  signal.addEventListener('abort', () => observer.disconnect());
}
