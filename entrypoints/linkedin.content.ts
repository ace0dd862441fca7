import { extensionAlive, reportProfile } from '@/lib/messaging/report-profile';
import { readLinkedInPage } from '@/lib/profile/linkedin-page-hints';
import { parseLinkedInUrl } from '@/lib/profile/parse-linkedin-url';
import { watchProfile } from '@/lib/profile/watch-profile';

// Detection only: no UI, no API, no storage. Keep this bundle tiny (≤ 9,500 B: tests/size).
export default defineContentScript({
  // Sales Navigator (`/sales/lead/…`, `/sales/company/…`) is on www.linkedin.com too.
  matches: ['https://www.linkedin.com/*', 'https://linkedin.com/*', 'https://*.linkedin.com/*'],
  runAt: 'document_idle',
  // No WXT context (it polls the URL every second): the build calls main() without one (wxt.config.ts).
  main() {
    watchProfile({
      parse: parseLinkedInUrl,
      read: (doc, profile) => (profile.site === 'linkedin' ? readLinkedInPage(doc, profile) : { shown: 'pending' }),
      hintsComplete: (hints, profile) =>
        profile.site === 'linkedin' && profile.kind === 'person'
          ? hints.name !== undefined && hints.headline !== undefined && hints.company !== undefined
          : hints.name !== undefined,
      send: reportProfile,
      alive: extensionAlive,
      // A LinkedIn profile URL may serve a sign-in wall, an error or an empty shell: report a
      // profile only once the page names it, so nothing is searched for what is not there.
      requireName: true,
    });
  },
});
