/*
 * TabStateView — one clear view per TabState status (lib/tab-state/tab-state.ts); `null` (the worker has
 * recorded nothing for this tab yet) reads as idle. A match shows its cards, then how it was found; each
 * state without a card reads its own state and the view's context (ViewContext), and says what
 * happened and what to do about it.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { Person } from '@/lib/api';
import { companyOf } from '@/lib/contacts/contact-card';
import type { RevealRecord } from '@/lib/credits/reveals';
import { TODAY_RAISE } from '@/lib/credits/plan-budget';
import {
  BUDGET_PAUSED_LABEL,
  creditsLabel,
  failureText,
  KEY_REJECTED,
  KEY_REJECTED_FIX,
  MISSING_CONTACT_SCOPE,
  NOTHING_CHARGED,
  OUT_OF_CREDITS,
  OUT_OF_CREDITS_LABEL,
  RATE_LIMIT_QUEUED,
  RATE_LIMIT_SHARED,
  refusalText,
  WRONG_HOST_LABEL,
} from '@/lib/messages/texts';
import { knownWords } from '@/lib/lookup/known-records';
import { nameFromSlug } from '@/lib/lookup/lookup-query';
import type { DetectedProfile } from '@/lib/profile/types';
import type { Prices } from '@/lib/tab-state/meter-prices';
import type { CreditMeter, IdleReason, MatchedOn, MatchView, ViewState } from '@/lib/tab-state/tab-state';
import { safeText } from '@/lib/text/safe-text';
import { ChannelFlags } from '@/components/shared/channel-flags';
import { RowSaveLead, type LeadRows } from '@/components/shared/save-lead';
import { SafeImage } from '@/components/shared/safe-image';
import { safeHref } from '@/components/shared/safe-href';
import { SafeLink } from '@/components/shared/safe-link';
import { SafeText } from '@/components/shared/safe-text';
import { formatClock, formatDuration, formatMonthDay, personName } from '@/components/shared/format';
import { SendButton, useSendOnce, type SendAction } from '@/components/shared/send-once';
import { Skeleton } from '@/components/shared/skeleton';
import { CompanyCard, FundCard } from './org-card';
import { COMPANY_TYPE_LABELS, organizationEndpoint, organizationRegion } from './organization-kind';
import { PersonCard } from './person-card';
import { hasProfileLabel, ProfileLabel } from './profile-label';

/*
 * What a view can ask for: events out of the presentational components, bound to one view (a tab or
 * the popup selection) by the side panel's wiring. Optional members are not available in every view:
 * a selection has no tab to look up or pick candidates for. A priced action's promise settles when the
 * worker answered: its button waits for that (or a new state) before it can send again.
 */
/** What a priced action returns: the message's answer, when the wiring has one to wait for. */
type Sent = void | Promise<unknown>;

export interface ViewActions {
  openSettings: () => void;
  /** Look the tab's profile up now (a search); `override`: this one lookup past today's budget ("Look up anyway"). */
  lookUp?: (options?: { override?: boolean }) => Sent;
  /** "+50 today and look up": raise today's budget (today only) and look the paused profile up. */
  raiseBudgetToday?: () => Sent;
  /** Pay for a new answer instead of the record already known ("Refresh · N credits", a search). */
  refresh?: () => Sent;
  /** Search the directory for these words for this tab ("Not them?", "Not in the directory"): a search. */
  searchAs?: (q: string) => Sent;
  /** Pick one of several matches (remembered at no cost). */
  pickCandidate?: (pick: { personId: string } | { organizationId: string }) => void;
  /** Load coworkers (person) or team/portfolio (organization): a person or organisation detail call. */
  loadDetails?: (target: 'person' | 'organization') => Sent;
  /** Reveal a person's channels; only ever called after the confirm dialog. */
  reveal?: (personId: string, quoted: number) => void;
  /** Open a row already paid for (a coworker, a team member) over this view, with a way back. */
  showPerson?: (person: Person) => void;
}

/** A reveal that failed, as answered by the `reveal` message (shown next to the person). */
export type RevealFailure = { personId: string; message: string };

/** What the wiring binds to one view (the followed tab's, or the selection's). */
export interface ViewBinding {
  actions: ViewActions;
  /** The last failed reveal outcome in this view. */
  revealFailure?: RevealFailure | null | undefined;
  /** Save buttons and Saved marks for the people this view shows or lists. */
  leads?: LeadRows | undefined;
}

/** What every view of a state reads besides its state. */
export interface ViewContext extends ViewBinding {
  meter: CreditMeter | null;
  /** The account's prices (`pricesOf(meter)`): every priced button and quote reads these. */
  prices: Prices;
  /** The reveal store's entry for the person shown. */
  revealed?: RevealRecord | null | undefined;
}

/** The view of one status: its state, and the context it is shown in. */
type StateViewProps<S extends ViewState['status']> = ViewContext & { state: Extract<ViewState, { status: S }> };

/** "Look up" / "Retry" again (a search), where this view can look its tab up. */
function retryOf({ lookUp }: ViewActions): SendAction | undefined {
  return lookUp ? () => lookUp() : undefined;
}

/** Reveal needs `read:contacts`; unknown scopes (an older meter, no /v1/me yet) do not block it. */
export function meterCanReveal(meter: CreditMeter | null): boolean {
  return !meter?.scopes || meter.scopes.includes('read:contacts');
}

type Status = ViewState['status'];

const VIEWS: { [S in Status]: (props: StateViewProps<S>) => ReactNode } = {
  'no-key': NoKeyView,
  idle: IdleView,
  'looking-up': LookingUpView,
  matched: MatchedView,
  candidates: CandidatesView,
  'not-found': NotFoundView,
  'handle-reused': HandleReusedView,
  sample: SampleView,
  'paused-budget': PausedBudgetView,
  'out-of-credits': OutOfCreditsView,
  'rate-limited': RateLimitedView,
  'missing-scope': MissingScopeView,
  'bad-key': ProblemView,
  'wrong-host': ProblemView,
  error: ProblemView,
};

/**
 * A state written again (the same status, refused or failed again) is the answer to a priced click:
 * keyed by it, the view's buttons can be used again. A rate limit is keyed by when it ends.
 */
const ANSWERS: ReadonlySet<Status> = new Set(['idle', 'not-found', 'handle-reused', 'paused-budget', 'bad-key', 'wrong-host', 'error']);

function answerKey(state: ViewState): number | undefined {
  if (state.status === 'rate-limited') return state.resumeAt;
  return ANSWERS.has(state.status) ? state.updatedAt : undefined;
}

export function TabStateView({ state, ...context }: ViewContext & { state: ViewState | null }) {
  if (state === null) return <IdleView state={NO_PROFILE} {...context} />;
  const View = VIEWS[state.status] as (props: StateViewProps<Status>) => ReactNode;
  return <View key={answerKey(state)} state={state} {...context} />;
}

/**
 * The frame of every non-card state: a heading (it may hold a live countdown), what happened and what
 * to do, and the actions. Tone colours the edge only; the words carry the meaning.
 */
function StateMessage(props: { title: ReactNode; tone?: 'neutral' | 'warn' | 'danger'; children?: ReactNode }) {
  return (
    <div className={`state state--${props.tone ?? 'neutral'}`}>
      <h2 className="state__title">{props.title}</h2>
      {props.children}
    </div>
  );
}

/** `no-key`: nothing can be looked up until an API key is saved. */
function NoKeyView({ actions }: { actions: ViewActions }) {
  return (
    <StateMessage title="Add your API key">
      <p>
        Paste your Directory API key in the settings to see who is on screen. The key stays in the extension’s background and is never shown
        to web pages.
      </p>
      <button type="button" className="btn btn--primary" onClick={actions.openSettings}>
        Open settings
      </button>
    </StateMessage>
  );
}

/** What an idle tab says, by reason. `waits`: a profile on screen waits for a click ("Look up · N credits"). */
const IDLE: Record<IdleReason, { title: string; why: string; muted?: false; waits?: true }> = {
  'no-profile': {
    title: 'Open an X or LinkedIn profile',
    why: 'The panel shows who is on screen: person, company or fund, and which contact channels are on file.',
  },
  unsupported: {
    title: 'LinkedIn Recruiter is not supported',
    why: 'Open the person’s regular LinkedIn profile (linkedin.com/in/…) or Sales Navigator lead page to look them up.',
    muted: false,
  },
  'not-shown': {
    title: 'LinkedIn did not show this profile',
    why: 'The page is a sign-in wall, a “not found” page or a security check, so there is nothing to look up and no credits were spent. Sign in to LinkedIn or reload the page.',
  },
  manual: {
    title: 'Automatic lookup is off',
    why: 'Lookups run only when you ask. You can turn automatic lookup on in settings.',
    waits: true,
  },
  unwatched: {
    title: 'Profile detected',
    why: 'Nothing is spent while the panel is closed. Looking it up now that the panel shows this tab…',
    waits: true,
  },
  'navigating-fast': {
    title: 'Paused: this page is navigating fast',
    why: 'It moved through profiles faster than anyone reads them, so automatic lookups stopped here. Look this one up if you want it.',
    waits: true,
  },
};

/** A tab the worker has recorded nothing for yet reads as `no-profile`. */
const NO_PROFILE: StateViewProps<'idle'>['state'] = { status: 'idle', reason: 'no-profile', profile: null, hints: {}, updatedAt: 0 };

/**
 * `idle`: no-profile; `manual` (automatic lookup off: the profile and "Look up · N credits"); `unwatched`
 * (detected while no panel showed the tab: looked up once one does); `navigating-fast` (paused until a
 * click); `unsupported` (LinkedIn Recruiter); `not-shown` (a sign-in wall or "not found": nothing searched,
 * a search by the address's words offered at its price).
 */
export function IdleView({ state: { reason, profile, hints }, actions, prices }: StateViewProps<'idle'>) {
  const { title, why, muted = true, waits = false } = IDLE[reason];
  const onLookUp = waits ? retryOf(actions) : undefined;
  return (
    <StateMessage title={title}>
      {waits && hasProfileLabel(profile, hints) && (
        <p>
          On this page:{' '}
          <strong>
            <ProfileLabel profile={profile} hints={hints} />
          </strong>
        </p>
      )}
      <p className={muted ? 'muted' : undefined}>{why}</p>
      {reason === 'not-shown' && actions.searchAs && profile && (
        <SearchByName
          initial={profile.site === 'linkedin' ? nameFromSlug(profile.slug) : ''}
          onSearch={actions.searchAs}
          price={prices.search}
        />
      )}
      {onLookUp && (
        <SendButton className="btn btn--primary" onSend={onLookUp}>
          Look up · {creditsLabel(prices.search)}
        </SendButton>
      )}
    </StateMessage>
  );
}

/**
 * `looking-up`: a skeleton shaped like the person card (no layout jump when it arrives); "Reading the
 * page…" while the page has not yet shown a name.
 */
function LookingUpView({ state: { waitingFor, profile, hints } }: StateViewProps<'looking-up'>) {
  const text =
    waitingFor === 'name' ? (
      'Reading the page…'
    ) : hasProfileLabel(profile, hints) ? (
      <>
        Looking up <ProfileLabel profile={profile} hints={hints} />…
      </>
    ) : (
      'Looking up…'
    );
  return (
    <div className="cards" aria-busy="true">
      {/* The caption sits inside the card, so the cards land exactly where the skeletons were. */}
      <div className="card card--skeleton">
        <p className="loading-line">{text}</p>
        <Skeleton label="Loading person" avatar lines={3} />
        <Skeleton label="Loading contact channels" lines={4} />
      </div>
      <div className="card card--skeleton">
        <Skeleton label="Loading company" avatar lines={4} />
      </div>
    </div>
  );
}

/**
 * `not-found`: "Not in the directory", with the query that was searched, and a search by the page's
 * display name (editable) at its price — offered, never run on its own.
 */
function NotFoundView({ state: { query, hints }, actions, prices }: StateViewProps<'not-found'>) {
  const displayName = hints.name ?? '';
  return (
    <StateMessage title="Not in the directory">
      <p>
        Searched for{' '}
        <q className="query">
          <SafeText text={query} />
        </q>
        : no person or company matched.
      </p>
      <p className="muted">This answer is remembered for a while, so revisiting the page costs nothing.</p>
      {actions.searchAs && (
        <SearchByName initial={displayName !== query ? displayName : ''} onSearch={actions.searchAs} price={prices.search} />
      )}
    </StateMessage>
  );
}

/**
 * `handle-reused`: the handle on screen belongs to another X account than the one its record was confirmed
 * on. No card of that person (no Save, Reveal or channels of theirs); a new answer only on a priced click.
 */
function HandleReusedView({ state, actions, prices }: StateViewProps<'handle-reused'>) {
  const { handle, seenAs, listedAs, cost } = state;
  return (
    <StateMessage title="Not the account you know" tone="warn">
      <p role="alert">
        @<SafeText text={handle} /> now belongs to a different X account than the one seen as @<SafeText text={seenAs.handle} /> on{' '}
        {formatMonthDay(seenAs.at)}; the directory still lists @<SafeText text={handle} /> as <SafeText text={listedAs} />.
      </p>
      {cost && !cost.reused && (
        <p className="muted">
          Looked up again {formatMonthDay(cost.at)} for {creditsLabel(cost.credits)}.
        </p>
      )}
      {actions.refresh && (
        <SendButton className="btn" onSend={actions.refresh}>
          Look up anyway · {creditsLabel(prices.search)}
        </SendButton>
      )}
    </StateMessage>
  );
}

/**
 * `paused-budget`: this profile's lookup would cross today's budget. Two ways on, one click each (the
 * button names its price: no second confirmation): "Look up anyway" (this lookup only) and "+50 today and
 * look up" (today only). It says what is left, the price and what a send sets aside (a lost answer can
 * be charged twice).
 */
function PausedBudgetView({ state, actions }: StateViewProps<'paused-budget'>) {
  const { profile, hints, estimate, hold, remainingToday } = state;
  const { lookUp, raiseBudgetToday } = actions;
  return (
    <StateMessage title={BUDGET_PAUSED_LABEL} tone="warn">
      <p>
        Paused before looking up {hasProfileLabel(profile, hints) ? <ProfileLabel profile={profile} hints={hints} /> : 'this profile'}.{' '}
        {refusalText('budget', { remainingToday, price: estimate, hold: hold ?? estimate })}
      </p>
      <div className="actions">
        {lookUp && (
          <SendButton className="btn btn--primary" onSend={() => lookUp({ override: true })}>
            Look up anyway · {creditsLabel(estimate)}
          </SendButton>
        )}
        {raiseBudgetToday && (
          <SendButton className="btn" onSend={raiseBudgetToday}>
            +{TODAY_RAISE} today and look up · {creditsLabel(estimate)}
          </SendButton>
        )}
      </div>
      <p className="muted">
        “Look up anyway” spends on this profile only; “+{TODAY_RAISE} today” raises today’s budget until midnight, then the daily budget
        applies again.{' '}
        <button type="button" className="link-button" onClick={actions.openSettings}>
          Change the daily budget
        </button>
      </p>
    </StateMessage>
  );
}

/**
 * `out-of-credits` (a 402, or automatic calls halted on one): nothing retries; the account holder has to
 * top up. The state's sentence is the table's (lib/messages/texts.ts), which says what was charged as
 * the ledger booked it.
 */
function OutOfCreditsView({ state: { balance, message }, actions, meter }: StateViewProps<'out-of-credits'>) {
  // A 402 carries no link: the words say where; the link is the account's docs address, https only.
  const href = safeHref(meter?.docsUrl, { httpsOnly: true });
  return (
    <StateMessage title={OUT_OF_CREDITS_LABEL} tone="danger">
      <p>
        <SafeText text={message || OUT_OF_CREDITS} />
      </p>
      {balance !== null && <p className="muted small">Balance: {creditsLabel(balance)}.</p>}
      <p className="state-actions">
        {href && (
          <SafeLink href={href} httpsOnly className="btn btn--primary">
            How to top up
          </SafeLink>
        )}{' '}
        <button type="button" className="btn" onClick={actions.openSettings}>
          Open settings
        </button>
      </p>
    </StateMessage>
  );
}

/**
 * `rate-limited`: "API rate limit — resumes in 42 s" with a live countdown (and the clock time it ends),
 * that the limit is the whole account's, and that the extension resumes by itself. While an automatic
 * retry is pending there is nothing to click (a paid "Retry" would only queue behind it); a manual
 * "Retry" appears only when nothing will resume by itself and the wait is over.
 */
function RateLimitedView({ state, actions, prices }: StateViewProps<'rate-limited'>) {
  const { resumeAt, automatic = false } = state;
  const left = resumeAt - useClockUntil(resumeAt);
  const retry = retryOf(actions);
  const over = automatic ? 'API rate limit — resuming now…' : 'API rate limit — over';
  return (
    <StateMessage
      tone="warn"
      title={
        left <= 0 ? (
          over
        ) : (
          <>
            API rate limit — resumes{' '}
            <span className="countdown">
              in <time dateTime={new Date(resumeAt).toISOString()}>{formatDuration(left)}</time> (at {formatClock(resumeAt)})
            </span>
          </>
        )
      }
    >
      <p>{RATE_LIMIT_SHARED}</p>
      {/* A 429 is answered free: the paid path books it at 0 (lib/worker/paid-call.ts). */}
      <p>{automatic ? RATE_LIMIT_QUEUED : NOTHING_CHARGED}</p>
      {left <= 0 && !automatic && retry && (
        <SendButton className="btn" onSend={retry}>
          Retry · {creditsLabel(prices.search)}
        </SendButton>
      )}
    </StateMessage>
  );
}

/** The time now, ticking every second until `until`. */
function useClockUntil(until: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    // Re-read the clock every second rather than counting ticks: a throttled background page
    // (or a sleeping laptop) must not make the countdown lag behind the real time.
    const tick = () => {
      const t = Date.now();
      setNow(t);
      if (t >= until) clearInterval(timer);
    };
    const timer = setInterval(tick, 1000);
    tick();
    return () => clearInterval(timer);
  }, [until]);
  return now;
}

type ProblemStatus = 'bad-key' | 'missing-scope' | 'wrong-host' | 'error';

const PROBLEMS: Record<ProblemStatus, { title: string; advice: string; tone: 'warn' | 'danger' }> = {
  'bad-key': { title: 'The API key was refused', advice: `${KEY_REJECTED} ${KEY_REJECTED_FIX}`, tone: 'danger' },
  'missing-scope': { title: 'This key cannot reveal contacts', advice: MISSING_CONTACT_SCOPE, tone: 'warn' },
  // Shown when the state carries no sentence of its own (the state's names the cause: a web page, a redirect, …).
  'wrong-host': { title: WRONG_HOST_LABEL, advice: failureText({ kind: 'wrong-host' }), tone: 'danger' },
  error: {
    title: 'The lookup failed',
    advice: 'Something went wrong talking to the Directory API. Try again in a moment.',
    tone: 'danger',
  },
};

/** Our own sentence for these (lib/worker/error-state.ts) repeats the advice: shown once, not twice. */
const OWN_WORDS: ReadonlySet<ProblemStatus> = new Set(['bad-key', 'missing-scope', 'wrong-host']);

/**
 * `bad-key`, `missing-scope`, `wrong-host` and `error`: what went wrong, what to do about it (the table's
 * words, lib/messages/texts.ts; a wrong host's own sentence names its cause), the message as text, "Open
 * settings", and "Retry · N credits" (`lookUp`) only where a retry can help: a retryable `error`. A
 * refused key, a missing scope or a wrong host fail the same way until the settings change (and saving a
 * key looks the tab up again by itself).
 */
function ProblemView({ state, actions, prices }: Pick<StateViewProps<ProblemStatus>, 'state' | 'actions' | 'prices'>) {
  const { status, message } = state;
  const copy = PROBLEMS[status];
  // For `error`, `retryable: false` says a retry will likely fail the same way.
  const refused = state.status === 'error' && !state.retryable;
  const retry = status === 'error' && !refused ? retryOf(actions) : undefined;
  // A wrong host's sentence (the table's) names the cause and the fix: it is the advice.
  const advice = status === 'wrong-host' && message ? <SafeText text={message} /> : copy.advice;
  return (
    <StateMessage title={copy.title} tone={copy.tone}>
      <p>{advice}</p>
      {refused && <p>The API rejected this request as it stands, so a retry will likely fail the same way.</p>}
      {message && !OWN_WORDS.has(status) && (
        <p className="muted small">
          API: <SafeText text={message} />
        </p>
      )}
      <div className="actions">
        <button type="button" className={status === 'error' ? 'btn' : 'btn btn--primary'} onClick={actions.openSettings}>
          Open settings
        </button>
        {retry && (
          <SendButton className="btn btn--primary" onSend={retry}>
            Retry · {creditsLabel(prices.search)}
          </SendButton>
        )}
      </div>
    </StateMessage>
  );
}

/**
 * "Search the directory for these words" at its price, never automatically: the query starts as the
 * page's display name (may be empty) and can be edited. Used by "Not them?" and "Not in the directory";
 * `onSearch`'s promise, if any, settles with the worker's answer.
 */
function SearchByName(props: { initial: string; onSearch: (q: string) => void | Promise<unknown>; price: number }) {
  const { onSearch } = props;
  const [q, setQ] = useState(props.initial);
  // Enter or a double click while the search is on its way sends nothing more.
  const { sending, send } = useSendOnce();
  const id = useId();
  const words = q.trim();
  return (
    <form
      className="search-by-name"
      aria-label="Search the directory"
      onSubmit={(e) => {
        e.preventDefault();
        if (words) send(() => onSearch(words));
      }}
    >
      <label htmlFor={id}>Search the directory for</label>
      <input id={id} type="search" value={q} maxLength={200} onChange={(e) => setQ(e.target.value)} />
      <button type="submit" className="btn btn--small" disabled={!words} aria-disabled={sending || undefined}>
        Search · {creditsLabel(props.price)}
      </button>
    </form>
  );
}

/*
 * CandidatesView — status `candidates`: several directory entries match this profile, or one that is
 * not taken for the user (a LinkedIn person's name alone, with no company on the page agreeing; a
 * search the user worded). Each row has
 * the avatar (initials), name, X handle, title and company and the channels on file — what tells two
 * people of the same name apart — and a button that picks it (`pickCandidate`); the pick is
 * remembered for this profile at no cost. A person can also be saved as a lead from here (free too):
 * saving is not picking.
 */

/** "@handle" (one @), or null. Plain text: the row's one action is Pick. */
function handleText(handle: string | null | undefined): string | null {
  const h = safeText(handle).replace(/^@+/, '');
  return h ? `@${h}` : null;
}

/** One pickable row: a person's and an organisation's rows differ only in what fills them. */
function CandidateRow(props: {
  name: string;
  image: { src: string | null | undefined; shape?: 'square' };
  handle: string | null;
  detail: string;
  /** Below the detail line (a person's channels on file). */
  extra?: ReactNode;
  onPick?: (() => void) | undefined;
}) {
  const { name, image, handle, detail, extra, onPick } = props;
  return (
    <li className="candidates__row">
      <SafeImage src={image.src} name={name} size={32} {...(image.shape ? { shape: image.shape } : {})} />
      <div className="candidates__text">
        <div className="candidates__name">
          <SafeText text={name} />
          {handle && <SafeText className="candidates__handle" text={handle} />}
        </div>
        {detail && <SafeText className="candidates__detail" text={detail} />}
        {extra}
      </div>
      {onPick && (
        <button
          type="button"
          className="btn btn--small"
          aria-label={`Pick ${name}${handle ? ` ${handle}` : ''}${detail ? `, ${detail}` : ''}`}
          onClick={onPick}
        >
          Pick
        </button>
      )}
    </li>
  );
}

/** Rows are pickable where the view can pick (`pickCandidate`); saves where it has `leads`. */
function CandidatesView({ state: { people, organizations }, actions, leads }: StateViewProps<'candidates'>) {
  const onPick = actions.pickCandidate;
  return (
    <StateMessage title={people.length + organizations.length === 1 ? 'One match: pick it if it is them' : 'Several matches: pick one'}>
      <p className="muted">Picking is free: the lookup is already paid for, and your pick is remembered for this profile.</p>
      {people.length > 0 && (
        <ul className="candidates" aria-label="Matching people">
          {people.map((p) => {
            const name = personName(p);
            return (
              <CandidateRow
                key={p.id}
                name={name}
                image={{ src: p.avatarUrl }}
                handle={handleText(p.twitterHandle)}
                detail={[safeText(p.jobTitle), companyOf({ name, company: p.company?.name })].filter(Boolean).join(' · ')}
                extra={
                  <>
                    <ChannelFlags person={p} label={`Channels on file for ${name}`} />
                    <RowSaveLead leads={leads} personId={p.id} name={name} />
                  </>
                }
                onPick={onPick && (() => onPick({ personId: p.id }))}
              />
            );
          })}
        </ul>
      )}
      {organizations.length > 0 && (
        <ul className="candidates" aria-label="Matching organizations">
          {organizations.map((o) => (
            <CandidateRow
              key={o.id}
              name={safeText(o.name)}
              image={{ src: o.logoUrl, shape: 'square' }}
              handle={handleText(o.twitterHandle)}
              detail={[o.companyType ? COMPANY_TYPE_LABELS[o.companyType] : null, safeText(o.domain)].filter(Boolean).join(' · ')}
              onPick={onPick && (() => onPick({ organizationId: o.id }))}
            />
          ))}
        </ul>
      )}
    </StateMessage>
  );
}

/*
 * SampleView — status `sample`: the API answered with synthetic rows because a free key is below a
 * call's price. A prominent `alert` quotes the API's notice (it opens with NOT REAL DATA), the top-up
 * needed (`creditsRequired − creditsBalance`) and the upgrade link (https only). The rows are marked
 * SAMPLE and muted, with no avatars, no links, no channels and no reveal: nothing that looks live.
 */

/** The profile on screen (`state.profile`, `state.hints`): the alert names whom the answer is not about. */
function SampleView({ state: { sample, people, projects, profile, hints } }: StateViewProps<'sample'>) {
  // The client computed it (lib/api/sample.ts): null exactly when the price or the balance is unknown.
  const topUp = sample.topUpNeeded;
  const rows = [
    ...people.map((p) => ({ key: `p-${p.id}`, name: personName(p), details: [p.jobTitle, p.company?.name] })),
    ...projects.map((o) => ({ key: `o-${o.id}`, name: o.name, details: [o.sectors?.map((s) => safeText(s)).join(', ')] })),
  ];
  // Payment pages are linked only over https; anything else is shown as text, never as a button.
  const upgradeHref = safeHref(sample.upgradeUrl, { httpsOnly: true });
  return (
    <div className="cards">
      <div role="alert" className="sample-alert">
        {hasProfileLabel(profile, hints) && (
          <p>
            <strong>
              No real answer for <ProfileLabel profile={profile} hints={hints} />
            </strong>
            : this account is in sample mode, so the API sent synthetic rows instead.
          </p>
        )}
        <p className="sample-alert__notice">
          <q>
            <SafeText text={sample.notice} />
          </q>
        </p>
        <p>
          {topUp !== null ? (
            <>
              Add at least <strong>{creditsLabel(topUp)}</strong> to see live data
              {sample.creditsRequired !== null && sample.creditsBalance !== null && (
                <>
                  {' '}
                  (this call costs {creditsLabel(sample.creditsRequired)}; your balance is {creditsLabel(sample.creditsBalance)})
                </>
              )}
              .
            </>
          ) : (
            'Add credits to see live data.'
          )}
        </p>
        {upgradeHref ? (
          <p>
            <SafeLink href={upgradeHref} httpsOnly className="btn btn--primary">
              Upgrade or add credits
            </SafeLink>
          </p>
        ) : (
          sample.upgradeUrl && (
            <p className="small">
              Upgrade page (not a secure link, shown as text): <SafeText text={sample.upgradeUrl} />
            </p>
          )
        )}
      </div>
      {rows.length > 0 && (
        <div className="sample-rows" aria-label="Sample rows (not real)" role="group">
          {rows.map((row) => (
            <div key={row.key} className="sample-row">
              <span className="sample-ribbon">SAMPLE</span>
              <SafeText className="sample-row__name" text={row.name} />
              {row.details.map((d, i) => d && <SafeText key={i} className="sample-row__detail" text={d} />)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/** A match: the cards, then how it was found. */
function MatchedView({ state: match, ...context }: StateViewProps<'matched'>) {
  // /v1/me already said whether this key may reveal: without read:contacts, no Reveal is offered.
  const canReveal = meterCanReveal(context.meter);
  // An X page that shows no account id may be someone else's under the handle: no channel is offered.
  const unconfirmed = match.x?.confirmed === false;
  return (
    <>
      {!canReveal && (
        <p className="notice" role="note" aria-label="Reveal unavailable">
          {MISSING_CONTACT_SCOPE}
        </p>
      )}
      {unconfirmed && (
        <p className="notice" role="note" aria-label="X account not confirmed">
          X account not confirmed: this page does not show the account&apos;s id, so contact channels are not offered here.
        </p>
      )}
      <MatchCards match={match} canReveal={canReveal && !unconfirmed} {...context} {...(unconfirmed ? { revealed: undefined } : {})} />
      {/* Provenance last: who the person is comes first, how the card was found is a footnote. */}
      <MatchProvenance state={match} {...context} />
    </>
  );
}

/** A key without the scope a call needed: the problem, over whatever cards the answer still carried. */
function MissingScopeView(props: StateViewProps<'missing-scope'>) {
  const { state: match, ...context } = props;
  return (
    <>
      <ProblemView {...props} />
      {(match.person || match.organization) && <MatchCards match={match} canReveal={false} {...context} />}
    </>
  );
}

/**
 * The cards of a match: the Person card, then the organisation's (Company, Service or Fund); the person
 * card's company name moves focus to it. `revealed` is the reveal store's entry for the shown person (one
 * copy for every view: lib/credits/reveals.ts `readReveal`).
 */
function MatchCards(props: ViewContext & { match: Partial<MatchView> & { profile?: DetectedProfile | null }; canReveal: boolean }) {
  const { match, revealed, meter, prices, canReveal, actions, revealFailure, leads } = props;
  const orgRef = useRef<HTMLElement>(null);
  const { person, personDetail, organizationDetail } = match;
  const organization = match.organization ?? person?.company ?? null;
  const detailKind = organizationDetail?.status === 'loaded' ? organizationDetail.value.kind : undefined;
  // Whichever card the organisation gets (Fund, or Company/Service), it is wired the same way.
  const OrgCard = organization && organizationRegion(organization.companyType, detailKind) === 'Fund' ? FundCard : CompanyCard;
  const { loadDetails, showPerson } = actions;

  // The state's own failure for this person first, then this view's last reveal outcome.
  const revealError = [match.revealError, revealFailure].find((f) => f && f.personId === person?.id)?.message;

  const focusOrganization = () => {
    const el = orgRef.current;
    if (!el) return;
    el.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    el.focus({ preventScroll: true });
  };

  return (
    <div className="cards">
      {person && (
        <PersonCard
          // A different person is a different card: nothing (an open reveal dialog above all) carries over.
          key={person.id}
          person={person}
          // Read for the person shown a moment ago, an entry is never shown on the next one.
          revealed={revealed?.personId === person.id ? revealed : undefined}
          canReveal={canReveal}
          revealing={match.revealing === person.id}
          revealError={revealError}
          meter={meter}
          prices={prices}
          coworkers={personDetail}
          companyName={organization?.name ?? null}
          onCompanyClick={organization ? focusOrganization : undefined}
          onReveal={actions.reveal}
          onLoadCoworkers={loadDetails ? () => loadDetails('person') : undefined}
          onShowPerson={showPerson}
          leads={leads}
          // On her LinkedIn page, "LinkedIn: on file" tells the rep nothing.
          omitChannel={match.profile?.site === 'linkedin' ? 'linkedinUrl' : undefined}
        />
      )}
      {organization && (
        <OrgCard
          ref={orgRef}
          record={organization}
          detail={organizationDetail}
          // Its load button costs the detail call the worker routes this organisation to.
          price={prices[organizationEndpoint(organization.companyType, detailKind)]}
          onLoad={loadDetails ? () => loadDetails('organization') : undefined}
          onShowPerson={showPerson}
          leads={leads}
          personName={person ? personName(person) : null}
        />
      )}
    </div>
  );
}

/*
 * MatchProvenance — the card's one footer line: what a match rests on ("Matched on X handle"), what it
 * cost ("5 credits · Nov 26", or for a record already paid for "0 credits · looked up on X, Nov 26" or "…
 * from Lumen Labs' team, Nov 26" with "Refresh · N credits"), and "Not them?", which offers a search by
 * the page's display name at its price.
 */
const MATCHED_ON_TEXT: Record<MatchedOn, string> = {
  'x-handle': 'Matched on X handle',
  'x-id': 'Matched on X account',
  'linkedin-company': 'Matched on LinkedIn company page',
  // A LinkedIn company page by its name; never a person (a person's name alone gives candidates).
  name: 'Matched on name',
  'name-company': 'Matched on name and current company',
  'name-headline': 'Matched on name and the company in the headline',
  pick: 'Matched on your pick',
};

function MatchProvenance({ state: { matchedOn, known, cost, x, hints }, actions, prices }: StateViewProps<'matched'>) {
  const [searching, setSearching] = useState(false);
  const { refresh, searchAs } = actions;
  if (!matchedOn && !known) return null;
  const costed = known ? (
    <>
      0 credits · <SafeText text={knownWords(known)} />, {formatMonthDay(known.at)}
    </>
  ) : (
    cost &&
    (cost.reused ? `0 credits · looked up ${formatMonthDay(cost.at)}` : `${creditsLabel(cost.credits)} · ${formatMonthDay(cost.at)}`)
  );
  return (
    <div className="provenance" role="group" aria-label="How this was matched">
      <p className="small muted">
        {matchedOn && MATCHED_ON_TEXT[matchedOn]}
        {x?.formerly && (
          <>
            {' · '}formerly @<SafeText text={x.formerly.handle} /> (seen {formatMonthDay(x.formerly.at)})
          </>
        )}
        {matchedOn && costed && ' · '}
        {costed}
        {searchAs && (
          <>
            {' · '}
            <button type="button" className="link-button" aria-expanded={searching} onClick={() => setSearching((v) => !v)}>
              Not them?
            </button>
          </>
        )}
        {known && refresh && (
          <>
            {' '}
            <SendButton className="btn btn--small btn--ghost" onSend={refresh}>
              Refresh · {creditsLabel(prices.search)}
            </SendButton>
          </>
        )}
      </p>
      {searching && searchAs && <SearchByName initial={hints.name ?? ''} onSearch={searchAs} price={prices.search} />}
    </div>
  );
}
