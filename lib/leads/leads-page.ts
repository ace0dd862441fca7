/*
 * Where the Leads page is (entrypoints/leads → leads.html) and how the other pages open it: in a tab of
 * its own, from the popup, the panel header and the options page. `?filter=due` opens it on the
 * follow-ups due today (the popup's count, the toolbar badge).
 */
import { browser } from 'wxt/browser';

export type LeadsPageFilter = 'due';

/** The page's path inside the extension, with the filter it opens on. */
export function leadsPagePath(filter?: LeadsPageFilter): `/leads.html${string}` {
  return filter ? `/leads.html?filter=${filter}` : '/leads.html';
}

/** Open the Leads page in a new tab. */
export function openLeadsPage(filter?: LeadsPageFilter): void {
  const url = browser.runtime.getURL(leadsPagePath(filter));
  void browser.tabs.create({ url });
}
