/*
 * The sites the extension reads, declared once: the content scripts' matches, the host access the
 * background needs to inject a list reader there (wxt.config.ts), and which reader a tab gets.
 */
import { isLinkedInHost } from './parse-linkedin-url';
import { isXHost } from './parse-x-url';

export const X_MATCHES = ['https://x.com/*', 'https://*.x.com/*', 'https://twitter.com/*', 'https://*.twitter.com/*'];
// Sales Navigator (`/sales/lead/…`, `/sales/company/…`) is on www.linkedin.com too.
export const LINKEDIN_MATCHES = ['https://www.linkedin.com/*', 'https://linkedin.com/*', 'https://*.linkedin.com/*'];

/**
 * "People on this page" row readers (entrypoints/people-*.ts). Not content scripts: the background
 * injects one only while a panel watches the tab, so the scripts every X and LinkedIn page loads stay
 * small (tests/size). Files of the extension, not web-accessible: a page cannot probe for them.
 */
export const PEOPLE_READERS = { x: '/people-x.js', linkedin: '/people-linkedin.js' } as const;

/** The reader for a tab's page, if it is on X or LinkedIn. */
export function peopleReaderFor(url: string | undefined): string | undefined {
  let host: string;
  try {
    host = new URL(url ?? '').hostname;
  } catch {
    return undefined;
  }
  return isXHost(host) ? PEOPLE_READERS.x : isLinkedInHost(host) ? PEOPLE_READERS.linkedin : undefined;
}
