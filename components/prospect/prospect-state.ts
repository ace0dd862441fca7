import type { Investor, Person, Project } from '@/lib/api';
import type { ExportKind } from '@/lib/leads/export/export';
import type { TagChoices } from '@/lib/leads/lead-store';
import type { PaidFailure, ProspectFacts } from '@/lib/messaging/protocol';
import type { ProspectList, ProspectQuery } from '@/lib/prospect/prospect-query';
import type { Vocabulary } from '@/lib/prospect/results';
import type { SendAction } from '@/components/shared/send-once';

export type Organization = Project | Investor;

/**
 * The results on screen: every page loaded so far of one question. The answer's facts (protocol's
 * ProspectFacts) are the last page's, but `known` gathers every page's.
 */
export interface Shown extends ProspectFacts {
  query: ProspectQuery;
  list: ProspectList;
  people: Person[];
  organizations: Organization[];
  total: number;
  /** The last page loaded. */
  page: number;
  totalPages: number | null;
}

/** A refused or failed page, and how to ask again ("Search anyway" after a budget refusal). */
export interface PageFailure {
  failure: PaidFailure | { reason: 'no-answer'; message: string };
  retry: { query: ProspectQuery; page: number } | null;
}

/** Where a team stands: loaded (how many people), or what went wrong. */
export type TeamState = { status: 'loaded'; people: number } | { status: 'error'; message: string };

/** The search's results and what the rep can do with them (hooks/use-prospect-search.ts). */
export interface ProspectResults {
  shown: Shown | null;
  failure: PageFailure | null;
  /** The values earlier answers contained: the form offers them. */
  vocabulary: Vocabulary;
  teams: Readonly<Record<string, TeamState>>;
  teamPeople: readonly Person[];
  /** The results' and the teams' people, each once, and those of them ticked. */
  allPeople: readonly Person[];
  selectedPeople: readonly Person[];
  selected: ReadonlySet<string>;
  /** The ticked organisations whose team is not loaded yet. */
  teamsToLoad: readonly Organization[];
  /** What the last save or export did. */
  notice: string | null;
  next: SendAction;
  /** The refused page again, past the budget ("Search anyway"). */
  anyway: SendAction;
  toggle: (id: string, on: boolean) => void;
  toggleAll: (ids: readonly string[], on: boolean) => void;
  loadTeam: (org: Organization) => ReturnType<SendAction>;
  loadTeams: SendAction;
  save: (tag: string) => Promise<unknown>;
  /** What the "Tag" beside "Save as leads" offers. */
  tagChoices: TagChoices | undefined;
  exportPeople: (kind: ExportKind) => Promise<void>;
}
