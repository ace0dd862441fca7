import { onPeopleSwitch, reportPeople } from '@/lib/messaging/report-profile';
import { isXListPage } from '@/lib/profile/list-pages';
import { parseXUrl } from '@/lib/profile/parse-x-url';
import { readXPeople } from '@/lib/profile/read-x-people';
import { watchPeople } from '@/lib/profile/watch-people';

// "People on this page" on X: injected by the background while a panel watches the tab (lib/profile/sites.ts),
// then switched on and off by the worker. Rows only; no UI, no API, no storage.
export default defineUnlistedScript(() => {
  onPeopleSwitch(watchPeople((doc, url) => (isXListPage(url) ? readXPeople(doc, parseXUrl(url)?.handle) : []), reportPeople));
});
