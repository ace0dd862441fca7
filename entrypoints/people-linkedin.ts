import { onPeopleSwitch, reportPeople } from '@/lib/messaging/report-profile';
import { isLinkedInListPath } from '@/lib/profile/list-pages';
import { readLinkedInPeople } from '@/lib/profile/read-linkedin-people';
import { watchPeople } from '@/lib/profile/watch-people';

// "People on this page" on LinkedIn and Sales Navigator: injected by the background while a panel watches
// the tab (lib/profile/sites.ts), then switched on and off by the worker. It runs on LinkedIn only, so the
// path decides. Rows only; no UI, no API, no storage.
export default defineUnlistedScript(() => {
  onPeopleSwitch(watchPeople((doc, url) => (isLinkedInListPath(new URL(url).pathname) ? readLinkedInPeople(doc) : []), reportPeople));
});
