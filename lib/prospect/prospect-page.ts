// Where "Find prospects" is (entrypoints/prospect → prospect.html); every other page opens it in a tab of its own.
import { browser } from 'wxt/browser';

export const PROSPECT_PAGE_PATH = '/prospect.html';

/** The one label every way in shows (and e2e selects by). */
export const FIND_PROSPECTS = 'Find prospects';

export function openProspectPage(): void {
  void browser.tabs.create({ url: browser.runtime.getURL(PROSPECT_PAGE_PATH) });
}
