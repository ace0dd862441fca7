import type { PeopleSwitch } from './report-profile';
import { peopleReaderFor } from '@/lib/profile/sites';

/** What switching a tab's row reader needs of the browser (entrypoints/background.ts passes the real calls). */
export interface ReaderTabs {
  /** tabs.sendMessage: resolves when a reader in the tab answered, rejects when none is there. */
  send(tabId: number, message: PeopleSwitch): Promise<unknown>;
  /** The tab's address (visible for the sites the extension has host access to, undefined elsewhere). */
  url(tabId: number): Promise<string | undefined>;
  /** scripting.executeScript of one of the extension's files into the tab's top frame. */
  inject(tabId: number, file: string): Promise<unknown>;
}

/**
 * Tells a tab's "People on this page" reader whether a panel watches it; with none there, it is injected
 * first (X or LinkedIn only), only to switch it on: a tab nobody watched has nothing to switch off.
 */
export async function switchPeopleReader(tabs: ReaderTabs, tabId: number, message: PeopleSwitch): Promise<void> {
  try {
    await tabs.send(tabId, message);
    return;
  } catch {
    if (!message.people) return;
  }
  const file = peopleReaderFor(await tabs.url(tabId));
  if (!file) return;
  await tabs.inject(tabId, file);
  await tabs.send(tabId, message);
}
