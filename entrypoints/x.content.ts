import { extensionAlive, onPeopleSwitch, reportPeople, reportProfile } from '@/lib/messaging/report-profile';
import { isXListPage } from '@/lib/profile/list-pages';
import { readXPeople } from '@/lib/profile/read-x-people';
import { watchPeople } from '@/lib/profile/watch-people';
import { parseXUrl } from '@/lib/profile/parse-x-url';
import { watchProfile } from '@/lib/profile/watch-profile';
import { readXPage } from '@/lib/profile/x-page-hints';

// Detection, and a list page's rows while a panel watches the tab: no UI, no API, no storage. Keep this bundle tiny (≤ 9,500 B: tests/size).
// No WXT context (it polls the URL every second): the build calls this main() without one (wxt.config.ts).
export function main(): void {
  // "People on this page": the worker switches the row reader on while a panel watches this tab.
  onPeopleSwitch(watchPeople({ isList: isXListPage, read: (doc, url) => readXPeople(doc, parseXUrl(url)?.handle), send: reportPeople }));
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
}

export default defineContentScript({
  matches: ['https://x.com/*', 'https://*.x.com/*', 'https://twitter.com/*', 'https://*.twitter.com/*'],
  runAt: 'document_idle',
  main,
});
