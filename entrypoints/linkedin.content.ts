import { extensionAlive, onPeopleSwitch, reportPeople, reportProfile } from '@/lib/messaging/report-profile';
import { readLinkedInPage } from '@/lib/profile/linkedin-page-hints';
import { isLinkedInListPath } from '@/lib/profile/list-pages';
import { parseLinkedInHref } from '@/lib/profile/parse-linkedin-url';
import { readLinkedInPeople } from '@/lib/profile/read-linkedin-people';
import { watchPeople } from '@/lib/profile/watch-people';
import { watchProfile } from '@/lib/profile/watch-profile';

// Detection, and a list page's rows while a panel watches the tab: no UI, no API, no storage. Keep this bundle tiny (≤ 9,500 B: tests/size).
// No WXT context (it polls the URL every second): the build calls this main() without one (wxt.config.ts).
export function main(): void {
  // "People on this page": the worker switches the row reader on while a panel watches this tab. This
  // script runs on LinkedIn only, so the path decides.
  onPeopleSwitch(watchPeople({ isList: (url) => isLinkedInListPath(new URL(url).pathname), read: readLinkedInPeople, send: reportPeople }));
  watchProfile({
    parse: parseLinkedInHref,
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
}

export default defineContentScript({
  // Sales Navigator (`/sales/lead/…`, `/sales/company/…`) is on www.linkedin.com too.
  matches: ['https://www.linkedin.com/*', 'https://linkedin.com/*', 'https://*.linkedin.com/*'],
  runAt: 'document_idle',
  main,
});
