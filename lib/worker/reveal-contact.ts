import type { ApiError, Person } from '@/lib/api';
import { personCall, revealCall } from '@/lib/api/calls';
import { channelsOf, hasKnownChannel } from '@/lib/api/contact-channels';
import type { RevealRecord } from '@/lib/credits/reveals';
import { revealEndpoint } from '@/lib/credits/quote';
import { bareHandle, blocksContact } from '@/lib/leads/lead';
import type { LeadStore } from '@/lib/leads/lead-store';
import { fullName } from '@/lib/lookup/match-profile';
import {
  NOTHING_SENT,
  doNotContactText,
  failureText,
  priceChangedText,
  quoteRefusalText,
  REVEAL_TARGET_GONE,
  sampleAnswerText,
} from '@/lib/messages/texts';
import type { RevealOutcome, ViewRef } from '@/lib/messaging/protocol';
import { tabIdOf } from '@/lib/messaging/view-ref';
import { isMatchState } from '@/lib/tab-state/tab-state';
import { safeText } from '@/lib/text/safe-text';
import { stateForError } from './error-state';
import { OnceInFlight } from './once-in-flight';
import { presentPaid } from './paid-result';
import { viewKey, type Views } from './views';
import type { CoreOf } from './worker-core';

/** A revealed contact as the reveal store keeps it (the one copy of revealed channels). */
export const revealRecord = (accountId: string, person: Person, creditsCharged: number, at: number): RevealRecord => ({
  accountId,
  personId: person.id,
  name: fullName(person),
  // Title, company and handle go with the channels, so the revealed-contacts CSV says who this is.
  title: safeText(person.jobTitle) || null,
  company: safeText(person.company?.name) || null,
  xHandle: bareHandle(person.twitterHandle),
  channels: channelsOf(person),
  at,
  creditsCharged,
});

type Failure = Exclude<RevealOutcome, { ok: true }>;

/** What a failed reveal is called by the pages (the words are the presenter's). */
const REVEAL_FAILURE: Partial<Record<ApiError['kind'], Failure['reason']>> = {
  'rate-limited': 'reveal-cap',
  'payment-required': 'out-of-credits',
  unauthorized: 'bad-key',
};

const GONE: RevealOutcome = { ok: false, reason: 'error', message: REVEAL_TARGET_GONE };

/** Where a reveal is asked from: a panel view, or a saved lead (the Leads page shows the answer itself, so no `show`). */
interface RevealSource {
  person: Person;
  /** Billed as a first reveal, or as a re-read of a contact a record of this account says is unlocked. */
  endpoint: 'reveal' | 'person';
  tabId?: number;
  /** The reveal's progress on the view: `change` merged into its matched state (`anyMatch`: a missing-scope state too). */
  show?: (change: object, anyMatch?: boolean) => Promise<unknown>;
}

/**
 * A panel view's person, and how the reveal's progress shows on the view. The one person a reveal from
 * a view may target is the view's own — the tab's current match, or the record the user picked. Never
 * someone merely listed (a coworker is revealed from their own card), and never whoever the tab shows
 * *now* if that is not the person confirmed.
 */
async function viewSource(views: Views, view: ViewRef, personId: string): Promise<RevealSource | null> {
  const state = await views.get(view);
  const person = isMatchState(state) && state.person?.id === personId ? state.person : undefined;
  // A card whose X account is not confirmed offers no channel: nothing is revealed from it.
  if (!state || !person || (state.status === 'matched' && state.x?.confirmed === false)) return null;
  const detail = state.status === 'matched' && state.personDetail?.status === 'loaded' ? state.personDetail.value.person : undefined;
  const tabId = tabIdOf(view);
  // The view's records were fetched under this account; a detail read may say what the row did not.
  const record = detail?.id === personId && detail.isLocked === false ? detail : person;
  return {
    person,
    endpoint: revealEndpoint(record, true),
    ...(tabId !== undefined ? { tabId } : {}),
    show: (change, anyMatch) =>
      views.patch(view, viewKey(view, state), (s) => ((anyMatch ? isMatchState(s) : s.status === 'matched') ? { ...s, ...change } : null)),
  };
}

/** Reveal: only on an explicit, confirmed request; one call per contact; kept locally afterwards. */
export class Reveals {
  // One reveal per contact at a time: a second confirmation joins the one under way.
  private readonly inFlight = new OnceInFlight();

  constructor(private readonly deps: CoreOf<'now' | 'session' | 'views' | 'credits' | 'reveals' | 'paid'> & { leads: LeadStore }) {}

  /** From a panel view: the person it shows. `quoted`: the price the dialog showed (nothing dearer is paid). */
  reveal(view: ViewRef, personId: string, quoted?: number): Promise<RevealOutcome> {
    return this.guarded(personId, async () => {
      const source = await viewSource(this.deps.views, view, personId);
      return source ? this.revealFrom(source, quoted) : GONE;
    });
  }

  /** From the Leads page: the saved lead's person (its snapshot), through the same checks and paid path. */
  revealLead(personId: string, quoted?: number): Promise<RevealOutcome> {
    return this.guarded(personId, async () => {
      // None, or another person's record filed under this lead (a doctored backup restored before restores
      // checked it): the store answers none, so that other person is never revealed (nor charged) through it.
      const snapshot = await this.deps.leads.snapshot(personId);
      if (!snapshot) return GONE;
      // Another account's record (or one from a backup) proves nothing about this account's unlocks.
      const ours = snapshot.fetchedBy !== undefined && snapshot.fetchedBy === this.deps.session.accountId;
      return this.revealFrom({ person: snapshot.person, endpoint: revealEndpoint(snapshot.person, ours) }, quoted);
    });
  }

  /** The key checks, "Do not contact", and one reveal per contact at a time (a second confirmation joins the first). */
  private async guarded(personId: string, run: () => Promise<RevealOutcome>): Promise<RevealOutcome> {
    const accountId = this.deps.session.accountId;
    if (!accountId || !this.deps.session.client())
      return { ok: false, reason: 'bad-key', message: failureText({ kind: 'unauthorized', cause: 'no-key' }) };
    if (this.deps.session.keyRejected)
      return { ok: false, reason: 'bad-key', message: failureText({ kind: 'unauthorized', cause: 'refused-key' }) };
    // Checked inside the one-at-a-time run, so a second confirmation joins the first before any await.
    return this.inFlight.run(`${accountId}:${personId}`, async () => {
      const lead = await this.deps.leads.get(personId).catch(() => undefined);
      if (lead && blocksContact(lead)) return { ok: false, reason: 'do-not-contact', message: doNotContactText('reveal') };
      return run();
    });
  }

  private async revealFrom(source: RevealSource, quoted?: number): Promise<RevealOutcome> {
    const { session, credits, now, paid } = this.deps;
    const accountId = session.accountId;
    const client = session.client();
    if (!accountId || !client) return { ok: false, reason: 'bad-key', message: failureText({ kind: 'unauthorized', cause: 'no-key' }) };
    const personId = source.person.id;
    // The channels live in the reveal store alone (every panel showing this person reads them there): the
    // view only leaves its "revealing" state.
    const done = async (record: RevealRecord, creditsCharged: number): Promise<RevealOutcome> => {
      await source.show?.({ revealing: undefined, revealError: undefined }, true);
      return { ok: true, personId, record, creditsCharged };
    };
    const known = (await this.deps.reveals.reveals(accountId)).find((r) => r.personId === personId);
    if (known) return done(known, 0);
    // The one quote: the exact price (a contact this account already unlocked is re-read as a data call),
    // checked against today's budget and the balance, and never above the price the dialog showed.
    const q = await credits.quote({ endpoint: source.endpoint });
    const price = q.price;
    if (quoted !== undefined && price > quoted) return { ok: false, reason: 'error', message: priceChangedText(quoted, price) };
    if (q.refusal === 'budget') return { ok: false, reason: 'budget', message: quoteRefusalText(q) };
    if (q.refusal) return { ok: false, reason: 'out-of-credits', message: `${quoteRefusalText(q)} ${NOTHING_SENT}` };
    await source.show?.({ revealing: personId, revealError: undefined });
    const out = await paid({
      call: revealCall(personId),
      send: (c, o) => client.send(c, o),
      accountId,
      trigger: 'user',
      confirmed: true,
      ...(source.endpoint === 'person' ? { billedAs: 'person' as const } : {}),
      ...(source.tabId !== undefined ? { tabId: source.tabId } : {}),
    });
    const fail = async (reason: Failure['reason'], message: string): Promise<RevealOutcome> => {
      await source.show?.({ revealing: undefined, revealError: { personId, message } });
      return { ok: false, reason, message };
    };
    // The contact is kept with what the ledger booked for it; the page is told what this answer charged.
    const keep = async (person: Person, creditsCharged: number, booked: number) =>
      done(await this.deps.reveals.recordReveal(revealRecord(accountId, person, booked, now())), creditsCharged);
    const shown = presentPaid(out, { price, what: 'reveal', now: now(), reveal: true });
    if (shown.kind === 'answer') return keep(shown.result.data.person, shown.result.meta.creditsCharged, shown.result.meta.creditsCharged);
    if (shown.kind === 'sample') return fail('error', sampleAnswerText('reveal'));
    if (shown.kind === 'dropped') return fail('error', shown.message);
    if (shown.kind === 'refused')
      return fail(shown.reason === 'budget' ? 'budget' : shown.reason === 'halted-402' ? 'out-of-credits' : 'error', shown.message);
    if (shown.booked === 'unknown') {
      // The reveal may have gone through and been charged: re-read before anything else.
      const reread = await paid({ call: personCall(personId), send: (c, o) => client.send(c, o), accountId, trigger: 'user' });
      if (reread.kind === 'answered' && reread.result.ok && !reread.result.sample && hasKnownChannel(reread.result.data.person))
        return keep(reread.result.data.person, reread.result.meta.creditsCharged, price);
      return fail('unknown-outcome', shown.message);
    }
    if (shown.error.kind === 'forbidden-scope') {
      const body = stateForError(shown.error, now());
      await source.show?.({ ...body, revealing: undefined });
      return { ok: false, reason: 'missing-scope', message: 'message' in body ? body.message : '' };
    }
    if (shown.error.kind === 'unauthorized') await session.rejectKey();
    return fail(REVEAL_FAILURE[shown.error.kind] ?? 'error', shown.message);
  }
}
