import { extensionAlive, reportProfile } from '@/lib/messaging/report-profile';
import { parseXUrl } from '@/lib/profile/parse-x-url';
import { watchProfile } from '@/lib/profile/watch-profile';
import { readXPage } from '@/lib/profile/x-page-hints';

// Detection only: no UI, no API, no storage. Keep this bundle tiny (≤ 9,500 B: tests/size).
export default defineContentScript({
  matches: ['https://x.com/*', 'https://*.x.com/*', 'https://twitter.com/*', 'https://*.twitter.com/*'],
  runAt: 'document_idle',
  // No WXT context (it polls the URL every second): the build calls main() without one (wxt.config.ts).
  main() {
    watchProfile({
      parse: parseXUrl,
      // The handle is the lookup; the name is a hint, read from this page (tabs title their lists).
      read: (doc, profile, pageUrl) => (profile.site === 'x' ? readXPage(doc, profile, pageUrl) : { shown: 'pending' }),
      hintsComplete: (hints) => hints.name !== undefined,
      send: reportProfile,
      alive: extensionAlive,
      // Names are matched to the handle, so a namesake's name is not stale.
      suppressStaleHints: false,
    });
  },
});
