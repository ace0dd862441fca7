import type { PagePerson } from '@/lib/profile/types';

/*
 * "People on this page" (issue 26): a list page's rows as the panel shows them. The worker writes this
 * (lib/worker/people-on-page.ts); the panel reads it. A row's record is only ever one this account
 * already paid for (the knowledge index, the response cache, or a lookup the rep clicked).
 */

/** What a row is known as: a directory person (or, for an X handle, an organisation). */
export interface PageRowRecord {
  kind: 'person' | 'organization';
  id: string;
  name: string;
  title?: string | null;
  company?: string | null;
}

export interface PageRow {
  /** The row's identity on the page: `x:<handle>`, `li:<slug>`, or `li:<name>|<company>` (Sales Navigator). */
  key: string;
  person: PagePerson;
  status: 'known' | 'not-looked-up' | 'looking-up' | 'not-found' | 'ambiguous' | 'failed';
  record?: PageRowRecord;
  /** Several directory people fit the name and company: the rep picks on their profile. */
  candidates?: PageRowRecord[];
  message?: string;
}

export interface PagePeopleState {
  tabId: number;
  url: string;
  site: 'x' | 'linkedin';
  rows: PageRow[];
}

/** A row's identity (see `PageRow.key`). */
export function pageRowKey(site: 'x' | 'linkedin', person: PagePerson): string {
  if (site === 'x') return `x:${(person.handle ?? '').toLowerCase()}`;
  return person.slug ? `li:${person.slug.toLowerCase()}` : `li:${person.name.toLowerCase()}|${(person.company ?? '').toLowerCase()}`;
}

/** Rows still to look up (nothing is known of them yet): what "Look up" may pay for. */
export const notKnown = (row: PageRow): boolean => row.status === 'not-looked-up' || row.status === 'failed';

/** "3 known · 5 not looked up". */
export function pagePeopleStatus(rows: readonly PageRow[]): string {
  const known = rows.filter((r) => r.status === 'known').length;
  return `${known} known · ${rows.filter(notKnown).length} not looked up`;
}
