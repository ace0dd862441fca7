import type { Person, PersonDetail, Project } from '@/lib/api';
import { personCall } from '@/lib/api/calls';
import { dayKey } from '@/lib/credits/day-key';
import { failureText, NOT_SAVABLE, sampleAnswerText } from '@/lib/messages/texts';
import type { RefreshLeadOutcome, SaveLeadOutcome, ViewRef } from '@/lib/messaging/protocol';
import { isMatchState, type ViewState } from '@/lib/tab-state/tab-state';
import { openedFrom } from './details';
import { pageCaller, pagePaid } from './page-call';
import type { LeadStore } from '@/lib/leads/lead-store';
import type { CoreOf } from './worker-core';

export type LeadActionsDeps = CoreOf<'session' | 'now' | 'credits' | 'views' | 'known' | 'liveRecords' | 'paidCached'> & {
  leads: LeadStore;
  /** Follow-ups due today, for the toolbar badge. */
  setFollowUps?: (due: number) => void;
};

/**
 * Saved leads, the worker's part: saving a record already paid for (0 credits, no call), refreshing a
 * lead's snapshot (one paid person read), and the follow-up count on the toolbar badge. The Leads page
 * edits status, tags and notes in the leads database itself (lib/leads/lead-store.ts).
 */
export function createLeadActions(ctx: LeadActionsDeps) {
  const { session, views, leads } = ctx;

  /**
   * The person to save, from what this account already paid for: the view's own person or one it
   * lists (coworkers, team, candidates), else the knowledge index, else the worker's own copy of a live
   * popup or prospect answer (./live-records.ts). A record the page sends is never taken on its word (a
   * sample row would become a lead): samples never enter any of these.
   */
  async function findRecord(
    accountId: string,
    personId: string,
    view: ViewRef | undefined,
  ): Promise<{ person: Person; organization: Project | null; savedFrom: string | null } | null> {
    const state = view ? await views.get(view) : null;
    const savedFrom = state?.profile?.url ?? null;
    const fromView = state ? personInView(state, personId) : null;
    if (fromView) return { ...fromView, savedFrom };
    const known = await ctx.known.person(accountId, personId);
    if (known && ctx.known.alive(known)) {
      const person = known.record as Person;
      const org = (await ctx.known.organizationFor(accountId, person, undefined)) ?? null;
      return { person, organization: org, savedFrom };
    }
    const listed = ctx.liveRecords.person(accountId, personId);
    return listed ? { person: listed, organization: listed.company ?? null, savedFrom } : null;
  }

  /** `tag` ("Save as leads" with a tag): added to the lead, new or already saved, and remembered for next time. */
  async function saveLead(input: { personId: string; view?: ViewRef; tag?: string }): Promise<SaveLeadOutcome> {
    const accountId = session.accountId;
    if (!accountId) return { ok: false, message: failureText({ kind: 'unauthorized', cause: 'no-key' }) };
    const found = await findRecord(accountId, input.personId, input.view);
    if (!found) {
      // Already a lead (a list row known from it): nothing to save but the tag.
      const lead = input.tag !== undefined ? await leads.addTag(input.personId, input.tag) : await leads.get(input.personId);
      return lead ? { ok: true, personId: lead.personId, status: lead.status, created: false } : { ok: false, message: NOT_SAVABLE };
    }
    // The X account the knowledge index confirmed the record on (the page's follow control): the lead keeps it.
    const xAccount = (await ctx.known.person(accountId, input.personId))?.x;
    const { lead, created } = await leads.save({ ...found, accountId, xAccount });
    if (input.tag !== undefined) await leads.addTag(lead.personId, input.tag);
    await refreshFollowUps();
    return { ok: true, personId: lead.personId, status: lead.status, created };
  }

  /** "Refresh · 5 credits" on a lead: one person read (the paid path, the cache's in-flight sharing), then a new snapshot. */
  async function refreshLead(personId: string): Promise<RefreshLeadOutcome> {
    const caller = pageCaller(ctx);
    if ('ok' in caller) return { ok: false, message: caller.message };
    // Refused, dropped or failed: the one table's words, as for every page's paid call (./page-call.ts).
    const out = await pagePaid<PersonDetail>(ctx, caller, personCall(personId), 'details', { fresh: true });
    if (!out.ok) return { ok: false, message: out.message };
    if (out.sample) return { ok: false, message: sampleAnswerText('refresh') };
    await leads.refreshSnapshot(out.data.person, out.data.person.company ?? null, caller.accountId);
    return { ok: true, creditsCharged: out.charged };
  }

  /** Follow-ups due today (and overdue) on the toolbar badge; the popup shows the same count. */
  async function refreshFollowUps(): Promise<number> {
    const due = await leads.dueCount(dayKey(ctx.now())).catch(() => 0);
    ctx.setFollowUps?.(due);
    return due;
  }

  return { saveLead, refreshLead, refreshFollowUps };
}

/** The person a view shows or lists, with the organisation shown with them. */
function personInView(state: ViewState, personId: string): { person: Person; organization: Project | null } | null {
  if (state.status === 'candidates') {
    const person = state.people.find((p) => p.id === personId);
    return person ? { person, organization: person.company ?? null } : null;
  }
  if (!isMatchState(state)) return null;
  if (state.person?.id === personId) return { person: state.person, organization: state.organization ?? state.person.company ?? null };
  const listed = openedFrom(state, personId);
  return listed ? { person: listed.person, organization: listed.person.company ?? null } : null;
}
