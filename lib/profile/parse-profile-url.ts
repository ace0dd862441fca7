import { parseLinkedInUrl } from './parse-linkedin-url';
import { parseXUrl } from './parse-x-url';
import type { ProfileDetection } from './types';

/** Any string → the profile its page shows, a page we refuse to guess on, or null. Never throws. Each parser checks its own hosts. */
export const parseProfileUrl = (url: string): ProfileDetection => parseXUrl(url) ?? parseLinkedInUrl(url);
