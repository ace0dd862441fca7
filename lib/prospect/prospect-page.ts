/*
 * Where "Find prospects" is (entrypoints/prospect → prospect.html) and how the other pages open it: in a
 * tab of its own, from the popup, the panel header, the Leads page, the options page and the welcome page.
 */
import { browser } from 'wxt/browser';

/** The page's path inside the extension. */
export const PROSPECT_PAGE_PATH = '/prospect.html';

/** The one label every way in shows (and e2e selects by). */
export const FIND_PROSPECTS = 'Find prospects';

/** Open "Find prospects" in a new tab. */
export function openProspectPage(): void {
  void browser.tabs.create({ url: browser.runtime.getURL(PROSPECT_PAGE_PATH) });
}
