import type { ApiError, Person } from '@/lib/api';
import { personCall, revealCall } from '@/lib/api/calls';
import type { RevealRecord } from '@/lib/credits';
import { fullName } from '@/lib/lookup/match-profile';
import type { RevealOutcome, ViewRef } from '@/lib/messaging/protocol';
import { tabIdOf } from '@/lib/messaging/view-ref';
import { isMatchState, type ViewState } from '@/lib/tab-state/tab-state';
import { channelsOf, hasKnownChannel } from '@/lib/api/contact-channels';
import { stateForError } from './error-state';
import { revealEndpoint } from '@/lib/credits/reveal-price';
import { viewKey } from './views';
import type { AccountSession } from './account-session';
import type { PaidCall, PaidOutcome } from './paid-call';
import type { Views } from './views';
import type { CreditGovernor, RevealStore } from '@/lib/credits';
import type { LeadStore } from '@/lib/leads/lead-store';
import type { LeadSnapshot } from '@/lib/leads/lead';
import {
  NOTHING_SENT,
  doNotContactText,
  failureText,
  priceChangedText,
  quoteRefusalText,
  REVEAL_TARGET_GONE,
  sampleAnswerText,
} from '@/lib/messages/texts';
import { presentPaid } from './paid-result';
import { OnceInFlight } from './once-in-flight';
import { bareHandle, blocksContact } from '@/lib/leads/lead';
import { safeText } from '@/lib/text/safe-text';

export interface RevealMemory {
  rememberReveal: (accountId: string, person: Person, creditsCharged: number) => Promise<RevealRecord>;
}

export interface RevealsDeps {
  now: () => number;
  session: AccountSession;
  views: Views;
  credits: CreditGovernor;
  reveals: RevealStore;
  leads: LeadStore;
  /** The one paid path (./paid-call.ts). */
  paid: <T>(call: PaidCall<T>) => Promise<PaidOutcome<T>>;
}

type Failure = Exclude<RevealOutcome, { ok: true }>;

/** What a failed reveal is called by the pages (the words are the presenter's). */
const REVEAL_FAILURE: Partial<Record<ApiError['kind'], Failure['reason']>> = {
  'rate-limited': 'reveal-cap',
  'payment-required': 'out-of-credits',
  unauthorized: 'bad-key',
};

const GONE: RevealOutcome = { ok: false, reason: 'error', message: REVEAL_TARGET_GONE };

/**
 * The one person a reveal from this view may target: the view's own person — the tab's current
 * match, or the record the user picked. Never someone merely listed (a coworker is revealed from
 * their own card), and never whoever the tab shows *now* if that is not the person confirmed.
 */
function findPerson(state: ViewState, personId: string): Person | undefined {
  if (!isMatchState(state)) return undefined;
  return state.person?.id === personId ? state.person : undefined;
}

/**
 * Where a reveal is asked from and how its progress shows there: a panel view (its state carries
 * "revealing" and the error), or a saved lead (the Leads page shows the answer itself).
 */
interface RevealSource {
  person: Person;
  /** Billed as a first reveal, or as a re-read of a contact a record of this account says is unlocked. */
  endpoint: 'reveal' | 'person';
  tabId?: number;
  revealing(): Promise<unknown>;
  revealed(): Promise<unknown>;
  failed(message: string): Promise<unknown>;
  scopeMissing(body: ReturnType<typeof stateForError>): Promise<unknown>;
}

/** A panel view's person, and how the reveal's progress shows on the view. */
async function viewSource(views: Views, view: ViewRef, personId: string): Promise<RevealSource | null> {
  const state = await views.get(view);
  // Only a person this view shows can be revealed from it (the dialog named them and their channels).
  const person = state ? findPerson(state, personId) : undefined;
  // A card whose X account is not confirmed offers no channel: nothing is revealed from it.
  if (!state || !person || (state.status === 'matched' && state.x?.confirmed === false)) return null;
  const key = viewKey(view, state);
  const detail = state.status === 'matched' && state.personDetail?.status === 'loaded' ? state.personDetail.value.person : undefined;
  const tabId = tabIdOf(view);
  // The view's records were fetched under this account; a detail read may say what the row did not.
  const record = detail?.id === personId && detail.isLocked === false ? detail : person;
  return {
    person,
    endpoint: revealEndpoint(record, true),
    ...(tabId !== undefined ? { tabId } : {}),
    revealing: () => views.patch(view, key, (s) => (s.status === 'matched' ? { ...s, revealing: personId, revealError: undefined } : null)),
    // The channels live in the reveal store alone (every panel showing this person reads them there):
    // the view only leaves its "revealing" state.
    revealed: () => views.patch(view, key, (s) => (isMatchState(s) ? { ...s, revealing: undefined, revealError: undefined } : null)),
    failed: (message) =>
      views.patch(view, key, (s) => (s.status === 'matched' ? { ...s, revealing: undefined, revealError: { personId, message } } : null)),
    scopeMissing: (body) =>
      views.patch(view, key, (s) => (s.status === 'matched' ? ({ ...s, ...body, revealing: undefined } as ViewState) : null)),
  };
}

/** A saved lead's person (its snapshot); the Leads page shows the answer itself. */
function leadSource(snapshot: LeadSnapshot, accountId: string | null): RevealSource {
  const nothing = async () => undefined;
  return {
    person: snapshot.person,
    // Another account's record (or one from a backup) proves nothing about this account's unlocks.
    endpoint: revealEndpoint(snapshot.person, snapshot.fetchedBy !== undefined && snapshot.fetchedBy === accountId),
    revealing: nothing,
    revealed: nothing,
    failed: nothing,
    scopeMissing: nothing,
  };
}

/** Reveal: only on an explicit, confirmed request; one call per contact; kept locally afterwards. */
export class Reveals implements RevealMemory {
  // One reveal per contact at a time: a second confirmation joins the one under way.
  private readonly inFlight = new OnceInFlight();

  constructor(private readonly deps: RevealsDeps) {}

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
      return this.revealFrom(leadSource(snapshot, this.deps.session.accountId), quoted);
    });
  }

  /** Keeps a revealed contact in the reveal store (the one copy of revealed channels). */
  rememberReveal = (accountId: string, person: Person, creditsCharged: number): Promise<RevealRecord> => {
    return this.deps.reveals.recordReveal({
      accountId,
      personId: person.id,
      name: fullName(person),
      // Title, company and handle go with the channels, so the revealed-contacts CSV says who this is.
      title: safeText(person.jobTitle) || null,
      company: safeText(person.company?.name) || null,
      xHandle: bareHandle(person.twitterHandle),
      channels: channelsOf(person),
      at: this.deps.now(),
      creditsCharged,
    });
  };

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
    const known = (await this.deps.reveals.reveals(accountId)).find((r) => r.personId === personId);
    if (known) {
      await source.revealed();
      return { ok: true, personId, record: known, creditsCharged: 0 };
    }
    // The one quote: the exact price (a contact this account already unlocked is re-read as a data call),
    // checked against today's budget and the balance, and never above the price the dialog showed.
    const unlocked = source.endpoint === 'person';
    const q = await credits.quote({ endpoint: source.endpoint });
    const price = q.price;
    if (quoted !== undefined && price > quoted) return { ok: false, reason: 'error', message: priceChangedText(quoted, price) };
    if (q.refusal === 'budget') return { ok: false, reason: 'budget', message: quoteRefusalText(q) };
    if (q.refusal) return { ok: false, reason: 'out-of-credits', message: `${quoteRefusalText(q)} ${NOTHING_SENT}` };
    await source.revealing();
    const out = await paid({
      call: revealCall(personId),
      send: (c, o) => client.send(c, o),
      accountId,
      trigger: 'user',
      confirmed: true,
      ...(unlocked ? { billedAs: 'person' as const } : {}),
      ...(source.tabId !== undefined ? { tabId: source.tabId } : {}),
    });
    const fail = async (reason: Failure['reason'], message: string): Promise<RevealOutcome> => {
      await source.failed(message);
      return { ok: false, reason, message };
    };
    const done = async (person: Person, creditsCharged: number, booked: number): Promise<RevealOutcome> => {
      const record = await this.rememberReveal(accountId, person, booked);
      await source.revealed();
      return { ok: true, personId, record, creditsCharged };
    };
    const shown = presentPaid(out, { price, what: 'reveal', now: now(), reveal: true });
    if (shown.kind === 'answer') return done(shown.result.data.person, shown.result.meta.creditsCharged, shown.result.meta.creditsCharged);
    if (shown.kind === 'sample') return fail('error', sampleAnswerText('reveal'));
    if (shown.kind === 'dropped') return fail('error', shown.message);
    if (shown.kind === 'refused')
      return fail(shown.reason === 'budget' ? 'budget' : shown.reason === 'halted-402' ? 'out-of-credits' : 'error', shown.message);
    if (shown.booked === 'unknown') {
      // The reveal may have gone through and been charged: re-read before anything else.
      const reread = await paid({
        call: personCall(personId),
        send: (c, o) => client.send(c, o),
        accountId,
        trigger: 'user',
      });
      if (reread.kind === 'answered' && reread.result.ok && !reread.result.sample && hasKnownChannel(reread.result.data.person))
        return done(reread.result.data.person, reread.result.meta.creditsCharged, price);
      return fail('unknown-outcome', shown.message);
    }
    if (shown.error.kind === 'forbidden-scope') {
      const body = stateForError(shown.error, now());
      await source.scopeMissing(body);
      return { ok: false, reason: 'missing-scope', message: 'message' in body ? body.message : '' };
    }
    if (shown.error.kind === 'unauthorized') await session.rejectKey();
    return fail(REVEAL_FAILURE[shown.error.kind] ?? 'error', shown.message);
  }
}
