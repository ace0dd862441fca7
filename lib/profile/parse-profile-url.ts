import { parseLinkedInUrl } from './parse-linkedin-url';
import { parseXUrl } from './parse-x-url';
import { isLinkedInHost, isXHost } from './sites';
import { toHttpUrl } from './to-http-url';
import type { ProfileDetection } from './types';

/** Any string → the profile its page shows, a page we refuse to guess on, or null. Never throws. */
export function parseProfileUrl(url: string): ProfileDetection {
  const parsed = toHttpUrl(url);
  if (!parsed) return null;
  if (isXHost(parsed.hostname)) return parseXUrl(parsed);
  if (isLinkedInHost(parsed.hostname)) return parseLinkedInUrl(parsed);
  return null;
}
