import type { Person } from '@/lib/api';
import { personCall, revealCall } from '@/lib/api/calls';
import type { RevealRecord } from '@/lib/credits';
import { fullName } from '@/lib/lookup/match-profile';
import type { RevealOutcome, ViewRef } from '@/lib/messaging/protocol';
import { tabIdOf } from '@/lib/messaging/view-ref';
import { isMatchState, type ViewState } from '@/lib/tab-state/tab-state';
import { channelsOf, hasKnownChannel } from '@/lib/api/contact-channels';
import { messageFor, stateForError } from './error-state';
import { revealRefusal } from './reveal-price';
import { viewKey } from './views';
import type { WorkerContext } from './worker-context';
import { droppedText, failureText, refusalText } from '@/lib/messages/texts';
import { bookedFor } from './paid-call';
import { OnceInFlight } from './once-in-flight';

export interface RevealMemory {
  rememberReveal: (accountId: string, person: Person, creditsCharged: number) => Promise<RevealRecord>;
}

/** Reveal: only on an explicit, confirmed request; one call per contact; kept locally afterwards. */
export function createReveals(ctx: WorkerContext) {
  const { now, session, views, paid } = ctx;
  // One reveal per contact at a time: a second confirmation joins the one under way.
  const inFlight = new OnceInFlight();

  // ── reveal: only on an explicit, confirmed request; one call per contact ───────────────────────

  async function rememberReveal(accountId: string, person: Person, creditsCharged: number): Promise<RevealRecord> {
    return ctx.reveals.recordReveal({
      accountId,
      personId: person.id,
      name: fullName(person),
      channels: channelsOf(person),
      at: now(),
      creditsCharged,
    });
  }

  /**
   * The one person a reveal from this view may target: the view's own person — the tab's current
   * match, or the record the user picked. Never someone merely listed (a coworker is revealed from
   * their own card), and never whoever the tab shows *now* if that is not the person confirmed.
   */
  function findPerson(state: ViewState, personId: string): Person | undefined {
    if (!isMatchState(state)) return undefined;
    return state.person?.id === personId ? state.person : undefined;
  }

  async function reveal(view: ViewRef, personId: string): Promise<RevealOutcome> {
    const accountId = session.accountId;
    const client = session.client();
    if (!accountId || !client) return { ok: false, reason: 'bad-key', message: failureText({ kind: 'unauthorized', cause: 'no-key' }) };
    if (session.keyRejected) return { ok: false, reason: 'bad-key', message: failureText({ kind: 'unauthorized', cause: 'refused-key' }) };
    return inFlight.run(`${accountId}:${personId}`, async (): Promise<RevealOutcome> => {
      const state = await views.get(view);
      // Only a person this view shows can be revealed from it (the dialog named them and their channels).
      const person = state ? findPerson(state, personId) : undefined;
      if (!state || !person)
        return { ok: false, reason: 'error', message: 'That contact is no longer the one shown here: nothing was revealed or charged.' };
      const key = viewKey(view, state);
      // The channels live in the reveal store alone (every panel showing this person reads them there):
      // the view only leaves its "revealing" state.
      const markRevealed = () =>
        views.patch(view, key, (s) => (isMatchState(s) ? { ...s, revealing: undefined, revealError: undefined } : null));
      const known = (await ctx.reveals.reveals(accountId)).find((r) => r.personId === personId);
      if (known) {
        await markRevealed();
        return { ok: true, personId, record: known, creditsCharged: 0 };
      }
      // The exact price: a contact this account already unlocked is re-read as a data call.
      const detail = state.status === 'matched' && state.personDetail?.status === 'loaded' ? state.personDetail.value.person : undefined;
      const unlocked = person.isLocked === false || (detail?.id === personId && detail.isLocked === false);
      const price = ctx.credits.estimate({ endpoint: unlocked ? 'person' : 'reveal' }).credits;
      const refusal = revealRefusal(ctx.credits.balance(), price, session.account?.tier === 'free' || session.account?.sampleMode === true);
      if (refusal) return { ok: false, reason: 'out-of-credits', message: `${refusal} Nothing was sent.` };
      await views.patch(view, key, (s) => (s.status === 'matched' ? { ...s, revealing: personId, revealError: undefined } : null));
      const tabId = tabIdOf(view);
      const out = await paid({
        call: revealCall(personId),
        send: (c, o) => client.send(c, o),
        accountId,
        trigger: 'user',
        confirmed: true,
        ...(unlocked ? { billedAs: 'person' as const } : {}),
        ...(tabId !== undefined ? { tabId } : {}),
      });
      const fail = async (reason: Exclude<RevealOutcome, { ok: true }>['reason'], message: string): Promise<RevealOutcome> => {
        await views.patch(view, key, (s) =>
          s.status === 'matched' ? { ...s, revealing: undefined, revealError: { personId, message } } : null,
        );
        return { ok: false, reason, message };
      };
      if (out.kind === 'dropped') return fail('error', droppedText('reveal'));
      if (out.kind === 'refused') {
        const message = refusalText(out.reason, { remainingToday: out.remainingToday, price, hold: out.hold });
        return fail(out.reason === 'budget' ? 'budget' : out.reason === 'halted-402' ? 'out-of-credits' : 'error', message);
      }
      const r = out.result;
      if (r.ok) {
        if (r.sample) return fail('error', 'The API answered with NOT REAL DATA (sample mode): nothing was revealed and nothing charged.');
        const record = await rememberReveal(accountId, r.data.person, r.meta.creditsCharged);
        await markRevealed();
        return { ok: true, personId, record, creditsCharged: r.meta.creditsCharged };
      }
      if ('outcomeUnknown' in r && r.outcomeUnknown) {
        // The reveal may have gone through and been charged: re-read before anything else.
        const reread = await paid({
          call: personCall(personId),
          send: (c, o) => client.send(c, o),
          accountId,
          trigger: 'user',
        });
        if (reread.kind === 'answered' && reread.result.ok && !reread.result.sample && hasKnownChannel(reread.result.data.person)) {
          const record = await rememberReveal(accountId, reread.result.data.person, price);
          await markRevealed();
          return { ok: true, personId, record, creditsCharged: reread.result.meta.creditsCharged };
        }
        return fail('unknown-outcome', failureText({ ...r.error, reveal: true }, 'unknown', now()));
      }
      switch (r.error.kind) {
        case 'forbidden-scope': {
          const body = stateForError(r.error, now());
          await views.patch(view, key, (s) => (s.status === 'matched' ? ({ ...s, ...body, revealing: undefined } as ViewState) : null));
          return { ok: false, reason: 'missing-scope', message: 'message' in body ? body.message : '' };
        }
        case 'rate-limited':
          return fail('reveal-cap', failureText({ ...r.error, reveal: true }, 'none', now()));
        case 'payment-required':
          return fail('out-of-credits', failureText(r.error, 'none'));
        case 'unauthorized':
          await session.rejectKey();
          return fail('bad-key', failureText(r.error));
        default:
          return fail('error', messageFor(r.error, now(), bookedFor(r)));
      }
    });
  }

  return { reveal, rememberReveal };
}
