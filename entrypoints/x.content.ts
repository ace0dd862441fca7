import { extensionAlive, reportProfile } from '@/lib/messaging/report-profile';
import { parseXUrl } from '@/lib/profile/parse-x-url';
import { watchProfile } from '@/lib/profile/watch-profile';
import { X_MATCHES } from '@/lib/profile/sites';
import { readXPage, xHintsComplete } from '@/lib/profile/x-page-hints';

// Detection only: no UI, no API, no storage; tiny (≤ 9,500 B: tests/size). List rows: entrypoints/people-x.ts.
// No WXT context (it polls the URL every second): the build calls this main() without one (wxt.config.ts).
export function main(): void {
  watchProfile({
    parse: parseXUrl,
    // The handle is the lookup; the name and X id are hints, read from this page (tabs title their lists).
    read: (doc, profile, pageUrl) => (profile.site === 'x' ? readXPage(doc, profile, pageUrl) : { shown: 'pending' }),
    hintsComplete: (hints, profile) => profile.site === 'x' && xHintsComplete(document, hints, profile.handle),
    send: reportProfile,
    alive: extensionAlive,
    suppressStaleHints: false,
  });
}

export default defineContentScript({
  matches: X_MATCHES,
  runAt: 'document_idle',
  main,
});
