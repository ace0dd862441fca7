import { parseProfileUrl } from '@/lib/profile/parse-profile-url';
import type { PageHints } from '@/lib/profile/types';
import { xIdOf } from '../e2e/site-fixtures';

/**
 * What a logged-in page reports besides `hints`: an X profile's follow control names the account's user id
 * (the e2e stand-in pages give each handle the same one), so a test's X page is confirmed unless it says otherwise.
 */
export function withPageHints(url: string, hints: PageHints = {}): PageHints {
  const profile = parseProfileUrl(url);
  return profile && 'handle' in profile ? { xId: xIdOf(profile.handle), ...hints } : hints;
}
