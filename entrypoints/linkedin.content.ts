import { extensionAlive, reportProfile } from '@/lib/messaging/report-profile';
import { linkedInHintsComplete, readLinkedInPage } from '@/lib/profile/linkedin-page-hints';
import { parseLinkedInHref } from '@/lib/profile/parse-linkedin-url';
import { LINKEDIN_MATCHES } from '@/lib/profile/sites';
import { watchProfile } from '@/lib/profile/watch-profile';

// Detection only: no UI, no API, no storage; tiny (≤ 9,500 B: tests/size). List rows: entrypoints/people-linkedin.ts.
// No WXT context (it polls the URL every second): the build calls this main() without one (wxt.config.ts).
export function main(): void {
  watchProfile({
    parse: parseLinkedInHref,
    read: (doc, profile) => (profile.site === 'linkedin' ? readLinkedInPage(doc, profile) : { shown: 'pending' }),
    hintsComplete: linkedInHintsComplete,
    send: reportProfile,
    alive: extensionAlive,
    requireName: true,
  });
}

export default defineContentScript({
  matches: LINKEDIN_MATCHES,
  runAt: 'document_idle',
  main,
});
