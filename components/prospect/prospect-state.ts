import type { Investor, Person, Project, SampleInfo } from '@/lib/api';
import type { PaidFailure } from '@/lib/messaging/protocol';
import type { ProspectList, ProspectQuery } from '@/lib/prospect/prospect-query';

export type Organization = Project | Investor;

/** The results on screen: every page loaded so far of one question. */
export interface Shown {
  query: ProspectQuery;
  list: ProspectList;
  people: Person[];
  organizations: Organization[];
  total: number;
  /** The last page loaded. */
  page: number;
  totalPages: number | null;
  /** Set: NOT REAL DATA (every row marked, nothing savable). */
  sample: SampleInfo | null;
  /** Record id → where this account paid for it before. */
  known: Record<string, string>;
  /** The records joined what the extension knows (so opening them later costs 0). */
  remembered: boolean;
  /** What the last page cost. */
  creditsCharged: number;
  fromCache: boolean;
}

/** A refused or failed page, and how to ask again ("Search anyway" after a budget refusal). */
export interface PageFailure {
  failure: PaidFailure | { reason: 'no-answer'; message: string };
  retry: { query: ProspectQuery; page: number } | null;
}
