import { isDetectedProfile } from './is-detected-profile';
import type { PageHints, ProfileDetection, ProfileReport } from './types';

/** What the tracker remembers between reads of one tab. */
export interface TrackerState {
  /** The last report handed out for sending. */
  readonly last: ProfileReport | null;
  /** Hints of the previous profile, ignored on the current one while the SPA still shows them. */
  readonly stale: PageHints | null;
  /** The profile key this tab is waiting to see named (reported as "no profile" meanwhile). */
  readonly waiting?: string;
}

export interface TrackOptions {
  /**
   * Drop a reading that only repeats the previous profile's hints (LinkedIn keeps the old top card up while
   * it loads the next). X hints are checked against the handle instead, so namesakes keep their name.
   */
  suppressStaleHints?: boolean;
  /**
   * Report a profile only once the page names it (LinkedIn may serve a sign-in page, an error or an empty
   * shell at a profile URL); until then "no profile", so nothing is looked up or guessed from the URL.
   */
  requireName?: boolean;
}

const FIELDS = ['name', 'headline', 'company', 'xId'] as const;

export const initialTrackerState: TrackerState = { last: null, stale: null };

/** One identity per thing the background acts on: a profile key, Recruiter, a profile not shown, or nothing. */
export function profileIdentity(profile: ProfileDetection): string {
  if (isDetectedProfile(profile)) return profile.key;
  if (profile === null) return 'none';
  return profile.kind === 'not-shown' ? 'not-shown' : `unsupported:${profile.reason}`;
}

/**
 * The report to send (or null) given the last one and what the page shows now: once per identity, then
 * when its hints gain or change a value (hints that vanish in a re-render are kept).
 */
export function trackReport(
  state: TrackerState,
  next: ProfileReport,
  { suppressStaleHints = true, requireName = false }: TrackOptions = {},
): { state: TrackerState; send: ProfileReport | null } {
  const { last } = state;
  const sameIdentity = last !== null && profileIdentity(last.profile) === profileIdentity(next.profile);
  // While waiting for a page to name its profile, the last profile shown is still the stale one.
  const stale = sameIdentity || state.waiting !== undefined ? state.stale : isDetectedProfile(last?.profile ?? null) ? last!.hints : null;

  let hints = isDetectedProfile(next.profile) ? definedHints(next.hints) : {};
  if (suppressStaleHints && stale && repeats(hints, stale)) hints = {};
  if (sameIdentity) hints = { ...last.hints, ...hints };

  if (requireName && isDetectedProfile(next.profile) && !hints.name) {
    const waiting = next.profile.key;
    const report: ProfileReport = { url: next.url, profile: null, hints: {} };
    const unchanged = last !== null && last.profile === null && last.url === next.url;
    return { state: { last: unchanged ? last : report, stale, waiting }, send: unchanged ? null : report };
  }
  if (sameIdentity && FIELDS.every((field) => hints[field] === last.hints[field])) return { state: { last, stale }, send: null };
  const report: ProfileReport = { url: next.url, profile: next.profile, hints };
  return { state: { last: report, stale }, send: report };
}

/** Hints without undefined or empty fields, so `{name: undefined}` equals `{}`. */
export function definedHints(hints: PageHints): PageHints {
  const out: PageHints = {};
  for (const field of FIELDS) if (hints[field]) out[field] = hints[field];
  return out;
}

/** Every value shown now is the previous profile's (and there is at least one). */
function repeats(hints: PageHints, previous: PageHints): boolean {
  const shown = FIELDS.filter((field) => hints[field] !== undefined);
  return shown.length > 0 && shown.every((field) => hints[field] === previous[field]);
}
