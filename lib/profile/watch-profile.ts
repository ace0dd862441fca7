import { isDetectedProfile } from './is-detected-profile';
import { initialTrackerState, profileIdentity, trackReport, type TrackOptions } from './report-tracker';
import type { DetectedProfile, PageHints, PageReading, ProfileDetection, ProfileReport } from './types';
import { watchLocation } from './watch-location';

/** `requireName`: a page that never names the profile is reported as not shown. */
export interface WatchProfileOptions extends TrackOptions {
  /** Page URL → what it shows. The URL decides; markup only adds hints. */
  parse(url: string): ProfileDetection;
  /** What the page (at `pageUrl`) shows for that profile; a throw counts as nothing readable yet. */
  read(doc: Document, profile: DetectedProfile, pageUrl: string): PageReading;
  /** True once nothing more is worth waiting for: watching stops early. */
  hintsComplete(hints: PageHints, profile: DetectedProfile): boolean;
  /** Deliver a report to the background; a rejection is retried once. */
  send(report: ProfileReport): Promise<unknown>;
  /** False once this script's extension is gone (Chrome leaves a reloaded or removed one's scripts running): stop all. */
  alive?(): boolean;
}

/** DOM mutations coalesced into one read per DEBOUNCE_MS; a page's DOM watched at most WATCH_MS after a move. */
const DEBOUNCE_MS = 250;
const WATCH_MS = 10_000;
/** The wait before the single retry of a failed send. */
const RETRY_MS = 1_000;

/**
 * Reports the tab's profile on load and every SPA move, once per profile and again when its hints improve; a
 * MutationObserver re-reads only between a move and complete hints (at most WATCH_MS). Returns the stop.
 */
export function watchProfile(options: WatchProfileOptions): () => void {
  const life = new AbortController();
  const { signal } = life;
  let state = initialTrackerState;
  let url: string | undefined;
  let profile: ProfileDetection = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const navigate = (next: string): void => {
    if (next === url) return; // popstate and the Navigation API report the same move; a retitle is no move
    url = next;
    const before = profileIdentity(profile);
    profile = options.parse(next);
    stopWatching();
    // Another tab of the same profile: what it renders next is read too (X titles its lists, LinkedIn re-renders the card).
    const sameProfile = isDetectedProfile(profile) && profileIdentity(profile) === before;
    if (!update() || sameProfile) startWatching();
  };

  /** Read, report any change; true when this page's reading is complete. `last`: a page still unnamed did not show it. */
  const update = (last = false): boolean => {
    if (url === undefined) return true;
    const detected = isDetectedProfile(profile) ? profile : null;
    let reading: PageReading = { shown: 'not-shown' };
    try {
      if (detected) reading = options.read(document, detected, url);
    } catch {
      reading = { shown: 'pending' };
    }
    let next: ProfileReport = { url, profile, hints: {} };
    if (reading.shown === 'profile') next = { url, profile: reading.profile, hints: reading.hints };
    else if (detected && (reading.shown === 'not-shown' || (last && options.requireName)))
      next.profile = { site: 'linkedin', kind: 'not-shown', url };
    const result = trackReport(state, next, options);
    state = result.state;
    if (result.send) deliver(result.send);
    // Judged on this page's own reading, not hints carried over from another tab; a name dropped as the last profile's is none.
    return (
      reading.shown !== 'pending' &&
      state.waiting === undefined &&
      (reading.shown !== 'profile' || options.hintsComplete(reading.hints, reading.profile))
    );
  };

  // Between a navigation and complete hints: re-read on DOM changes; at the end, a last read.
  const [startWatching, stopWatching] = domWatch(signal, update);

  const deliver = (report: ProfileReport): void => {
    clearTimeout(retryTimer);
    retryTimer = undefined;
    attempt(report).catch(() => {
      // The background may be restarting; retry once unless a newer report replaced this one.
      if (state.last !== report) return;
      retryTimer = setTimeout(() => {
        retryTimer = undefined;
        if (state.last === report) attempt(report).catch(() => undefined);
      }, RETRY_MS);
    });
  };

  // async: a synchronous throw (context invalidated) rejects too. An extension gone for good stops everything
  // (resolves: nothing to retry). Until one report of this document got through, each is `fresh`.
  let fresh = true;
  const attempt = async (report: ProfileReport): Promise<unknown> => {
    if (options.alive?.() === false) return life.abort();
    const first = fresh;
    const answer = await options.send(first ? { ...report, fresh: true } : report);
    if (first) fresh = false;
    return answer;
  };

  signal.addEventListener('abort', () => {
    stopWatching();
    clearTimeout(retryTimer);
  });
  const moved = () => navigate(location.href);
  // A same-document move before the browser commits it: reported `ahead` so the background can prepare the lookup
  // (not where a profile counts only once named: LinkedIn). A cancelled move: the last report said again.
  const ahead = (next: string): void => {
    const to = options.parse(next);
    if (options.requireName || !isDetectedProfile(to) || profileIdentity(to) === profileIdentity(profile)) return;
    attempt({ url: next, profile: to, hints: {}, ahead: true }).catch(() => undefined);
    queueMicrotask(() => location.href !== next && state.last && deliver(state.last));
  };
  watchLocation(moved, signal, ahead);
  // Leaving the document (another site, a reload, closing): the panel must not keep this page's card.
  addEventListener(
    'pagehide',
    () => {
      url = undefined;
      state = initialTrackerState;
      attempt({ url: location.href, profile: null, hints: {} }).catch(() => undefined);
    },
    { signal },
  );
  // Restored from the back/forward cache: the background was told this page left; report it again.
  addEventListener(
    'pageshow',
    (event) => {
      if (!event.persisted) return;
      fresh = true;
      moved();
    },
    { signal },
  );
  moved();
  return () => life.abort();
}

/** Re-reads on DOM changes until complete, or WATCH_MS after `start` with a last read. */
function domWatch(signal: AbortSignal, reread: (last?: boolean) => boolean) {
  let observer: MutationObserver | undefined;
  let readTimer: ReturnType<typeof setTimeout> | undefined;
  let stopTimer: ReturnType<typeof setTimeout> | undefined;
  const stop = (): void => {
    observer?.disconnect();
    observer = undefined;
    clearTimeout(readTimer);
    clearTimeout(stopTimer);
    readTimer = stopTimer = undefined;
  };
  const start = (): void => {
    if (signal.aborted) return; // the extension is gone
    observer = new MutationObserver(() => {
      readTimer ??= setTimeout(() => {
        readTimer = undefined;
        if (reread()) stop();
      }, DEBOUNCE_MS);
    });
    // Whole document: SPAs re-render the body and retitle the head.
    observer.observe(document, { childList: true, subtree: true, characterData: true });
    stopTimer = setTimeout(() => {
      stop();
      reread(true);
    }, WATCH_MS);
  };
  return [start, stop] as const;
}
