import { reportProfile } from '@/lib/messaging/report-profile';
import { linkedinCompanyHints, linkedinPersonHints } from '@/lib/profile/linkedin-page-hints';
import { parseLinkedInUrl } from '@/lib/profile/parse-linkedin-url';
import { watchProfile } from '@/lib/profile/watch-profile';

// Detection only: no UI, no API, no storage. Keep this bundle tiny (< 12 KB).
export default defineContentScript({
  matches: ['https://www.linkedin.com/*', 'https://linkedin.com/*', 'https://*.linkedin.com/*'],
  runAt: 'document_idle',
  main(ctx) {
    watchProfile(ctx, {
      parse: parseLinkedInUrl,
      readHints: (doc, profile) =>
        profile.site !== 'linkedin'
          ? {}
          : profile.kind === 'person'
            ? linkedinPersonHints(doc, profile.slug)
            : linkedinCompanyHints(doc),
      hintsComplete: (hints, profile) =>
        profile.site === 'linkedin' && profile.kind === 'person'
          ? hints.name !== undefined && hints.headline !== undefined && hints.company !== undefined
          : hints.name !== undefined,
      send: reportProfile,
    });
  },
});
