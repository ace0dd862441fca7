import type { Lifecycle, Person } from '@/lib/api';
import type { ContactChannelFlag } from '@/lib/api/contact-channels';
import { TODAY_RAISE } from '@/lib/credits/plan-budget';
import { fitsToday, type Quote } from '@/lib/credits/quote';
import type { PagePerson } from '@/lib/profile/types';

/*
 * "People on this page" (issue 26): a list page's rows, written by lib/worker/people-on-page.ts, read by the panel.
 * A row's record is only ever one already paid for (the known index, the response cache, a lookup the rep clicked).
 */

/** What a row is known as: a directory person (or, for an X handle, an organisation). */
export interface PageRowRecord {
  kind: 'person' | 'organization';
  id: string;
  name: string;
  title?: string | null;
  company?: string | null;
  /** The person's company's lifecycle ("defunct", "deceased"): flagged on the row. */
  lifecycle?: Lifecycle | null;
  /** Which channels a person has on file (the record's `has*` flags; never the values). */
  channels?: Pick<Person, ContactChannelFlag>;
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

export type PagePeopleState = { tabId: number; url: string; site: 'x' | 'linkedin'; rows: PageRow[] };

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

/** How many of `count` lookups the quote holds (today's budget and the balance): the most n not refused. */
export function lookupsThatFit(count: number, quoteOf: (n: number) => Quote): number {
  let n = count;
  while (n > 0 && quoteOf(n).refusal !== null) n--;
  return n;
}

/** "+50 today and look up": offered, and done, only when today's budget alone refuses and the raise makes room. */
export const raiseFits = (q: Quote): boolean => q.refusal === 'budget' && fitsToday(q.hold, q.remainingToday + TODAY_RAISE);
