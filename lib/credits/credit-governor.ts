import type { KvStore } from '@/lib/storage/kv-store';
import type { AttemptVerdict } from '@/lib/api/attempt-outcome';
import { dayKey } from './day-key';
import { Ledger, stripUndefined, type LedgerEntry } from './ledger';
import { nonNegative, priceTable, type CostEstimate, type Endpoint, type MePricing, type PriceTable } from './price-table';
import { fitsToday, holdOf, holdsOf, quote, type PricedAction, type Quote } from './quote';
import { auditFall, reconcileLost, type BalanceWitness } from './reconcile';
import { SpendJournal, type JournalEntry } from './spend-journal';
import { HALT_KEY, PRICES_STALE_KEY, RAISE_KEY } from '@/lib/storage/keys';

/** The settings the governor reads (a subset of lib/settings `Settings`). */
export interface CreditSettings {
  dailyBudget: number;
  lowBalanceWarning: number;
}

/** `auto`: started by the extension (page lookups, automatic details). `user`: a click in an extension page. */
export type Trigger = 'auto' | 'user';

export interface ReserveOptions {
  accountId: string;
  /** Request path for the ledger, e.g. `/v1/search?q=ada`. */
  path: string;
  trigger?: Trigger;
  /** The user confirmed spending past the daily budget ("look up anyway"). */
  override?: boolean;
  /** The user confirmed this specific spend (required for a reveal / any call of 10+ credits). */
  confirmed?: boolean;
  tabId?: number;
  profileKey?: string;
}

/** `credits`: the price, booked when the answer is lost. `hold`: what today's budget holds while it is out (`holdOf`). */
export type Reservation = Readonly<
  Pick<ReserveOptions, 'accountId' | 'path' | 'tabId' | 'profileKey'> & {
    id: number;
    endpoint: Endpoint;
    credits: number;
    hold: number;
    trigger: Trigger;
  }
>;

/**
 * Why a call was not sent. `halted-402`: automatic spending stopped on a 402. `needs-confirmation`: a reveal
 * (or any call of 10+ credits) unconfirmed. `prices-changed`: a charge disagreed with the prices; nothing is
 * paid until `/v1/me` has been read again.
 */
export type RefusalReason = 'budget' | 'halted-402' | 'needs-confirmation' | 'prices-changed';

export type ReserveResult =
  | { ok: true; reservation: Reservation }
  /** `hold`: what today's budget would have had to hold for it. */
  | { ok: false; reason: RefusalReason; remainingToday: number; hold: number };

/** The parts of an `ApiResult` (plus the rate governor's `outcomeUnknown`) that settle reads. */
export type SettleResult =
  | { ok: true; meta: { creditsCharged: number; creditsBalance: number }; sample: { creditsBalance?: number | null } | null }
  | { ok: false; error: { kind: string; cause?: string }; outcomeUnknown?: boolean };

/** When a balance was asked for: `/v1/me` is stamped like a paid send (see `witnessMe`). */
export interface MeStamp {
  /** Null: asked before the key named its account (a key being saved). */
  accountId: string | null;
  sentAt: number;
  quiet: boolean;
}

export interface Halt {
  accountId: string;
  at: number;
  /** Last balance we knew when the 402 came. */
  balance: number | null;
}

export interface CreditGovernorOptions {
  store: KvStore;
  /** Read before each reservation so a budget change applies at once. */
  settings: () => CreditSettings | Promise<CreditSettings>;
  now?: () => number;
  prices?: PriceTable;
  /** How long after its send a lost request may still be charged (./reconcile.ts); tests shorten it. */
  serverSettleMs?: number;
  /** The balance fell by more than every charge we know of: ask `/v1/me` (free) once things are quiet. */
  onUnexplained?: (accountId: string) => void;
  /** The account answers a call it cannot pay with a sample (a free key, sample mode: ./quote.ts `sampleWhenShort`). */
  sampleWhenShort?: () => boolean;
}

/** "+50 today": extra budget for one local calendar day, stored with its day key (a later day ignores it). */
type TodayRaise = { day: string; credits: number };
/** The product rule "never 10 credits without an explicit confirmation": a policy threshold, not a price. */
const CONFIRM_AT = 10;
/** A reported charge this many times the price is not believed (booked at the price, with a note). */
const ABSURD_FACTOR = 20;

/** A value kept in memory and in `store` under `key` (null: none, and the key removed); what is stored is checked on load. */
function kept<T>(store: KvStore, key: string, valid: (v: T) => boolean) {
  const item = {
    value: null as T | null,
    load: async () => {
      const v = await store.get<T>(key);
      if (v != null && valid(v)) item.value = v;
    },
    set: (v: T | null) => {
      item.value = v;
      return v === null ? store.remove(key) : store.set(key, v);
    },
  };
  return item;
}

/**
 * Guards every paid call: reserve the estimate against today's budget before sending, settle with
 * the real charge after, and stop automatic spending after a 402.
 *
 * The budget check and the commit happen in one synchronous step (no await between), so any number
 * of concurrent reservations can never jointly cross the budget.
 */
export class CreditGovernor {
  readonly ledger: Ledger;
  readonly journal: SpendJournal;
  private readonly now: () => number;
  private prices: PriceTable;
  private readonly open = new Map<number, Reservation>();
  /** Reservation id → the journal entry of its request on the wire, and whether nothing else of its account was. */
  private readonly onWire = new Map<number, { entry: JournalEntry; quiet: boolean }>();
  private nextId = 1;
  /** A strictly increasing clock for sends and balance sightings: their order decides reconciliation. */
  private lastTick = 0;
  private sends = 0;
  private readonly instance = Math.random().toString(36).slice(2, 8);
  private readonly halt: ReturnType<typeof kept<Halt>>;
  private readonly raise: ReturnType<typeof kept<TodayRaise>>;
  /** A charge disagreed with the prices: nothing is paid until `/v1/me` has been read again. */
  private readonly stale: ReturnType<typeof kept<true>>;
  /** The last balance an answer reported, and when (a `tick`; `at`: the wall clock) it was seen. */
  private lastBalance: { accountId: string; balance: number; seenAt: number; at: number } | null = null;
  private lastSettings: CreditSettings = { dailyBudget: 150, lowBalanceWarning: 50 };
  private readonly ready: Promise<void>;
  /** Per account, when its last paid request was sent: a balance is a clean witness only if none went out meanwhile. */
  private readonly lastSend = new Map<string, number>();
  /** The last clean witness per account: the starting point of the next audit (./reconcile.ts `auditFall`). */
  private readonly audited = new Map<string, { balance: number; sentAt: number }>();

  constructor(private readonly opts: CreditGovernorOptions) {
    this.now = opts.now ?? (() => Date.now());
    this.prices = opts.prices ?? priceTable();
    this.ledger = new Ledger({ store: opts.store, now: this.now });
    this.journal = new SpendJournal(opts.store, this.now);
    this.halt = kept<Halt>(opts.store, HALT_KEY, (h) => typeof h.accountId === 'string');
    this.raise = kept<TodayRaise>(opts.store, RAISE_KEY, (r) => typeof r.day === 'string' && nonNegative(r.credits) !== null);
    this.stale = kept<true>(opts.store, PRICES_STALE_KEY, (v) => v === true);
    this.ready = Promise.all([this.ledger.load(), this.halt.load(), this.raise.load(), this.stale.load()]).then(() => undefined);
  }

  /** The call's price (the account's table) and what today's budget must hold while it is out. */
  estimate(call: { endpoint: Endpoint }): CostEstimate & { hold: number } {
    return { ...this.prices.estimate(call), hold: holdOf(this.prices.prices, call.endpoint) };
  }

  /** The one quote (./quote.ts) of a priced action now; the meter carries the same basis to the pages. */
  async quote(action: PricedAction): Promise<Quote> {
    await this.ready;
    const settings = await this.readSettings();
    const sampleWhenShort = this.opts.sampleWhenShort?.() ?? false;
    return quote(
      { prices: this.prices.prices, remainingToday: this.remainingSync(settings), balance: this.balance(), sampleWhenShort },
      action,
    );
  }

  /** True until `/v1/me` has been read again after a charge disagreed with the prices. */
  pricesStale(): boolean {
    return this.stale.value === true;
  }

  private tick(): number {
    this.lastTick = Math.max(this.now(), this.lastTick + 1);
    return this.lastTick;
  }

  async reserve(estimate: CostEstimate & { hold?: number }, opts: ReserveOptions): Promise<ReserveResult> {
    await this.ready;
    const settings = await this.readSettings();
    // ── synchronous from here: check and commit must not interleave with another reservation ──
    const trigger = opts.trigger ?? 'auto';
    const credits = Math.max(0, estimate.credits);
    const hold = Math.max(credits, estimate.hold ?? credits);
    const remaining = this.remainingSync(settings);
    const refuse = (reason: RefusalReason): ReserveResult => ({ ok: false, reason, remainingToday: remaining, hold });
    if (trigger === 'auto' && credits > 0 && this.halt.value?.accountId === opts.accountId) return refuse('halted-402');
    if ((estimate.endpoint === 'reveal' || credits >= CONFIRM_AT) && !opts.confirmed) return refuse('needs-confirmation');
    // The prices may be wrong: nothing more is paid until /v1/me has been read again (free).
    if (this.pricesStale() && estimate.endpoint !== 'me') return refuse('prices-changed');
    if (!fitsToday(hold, remaining) && !opts.override) return refuse('budget');

    const { accountId, path, tabId, profileKey } = opts;
    const fields = { id: this.nextId++, endpoint: estimate.endpoint, credits, hold, accountId, path, trigger, tabId, profileKey };
    const reservation: Reservation = Object.freeze(stripUndefined(fields));
    this.open.set(reservation.id, reservation);
    return { ok: true, reservation };
  }

  /** The call was never sent: give the reservation back. */
  release(reservation: Reservation): void {
    this.open.delete(reservation.id);
  }

  /** About to go on the wire as `path` (what the client really sends): journaled and stored first, so a lost answer is booked. */
  async sending(reservation: Reservation, path: string): Promise<void> {
    if (!this.open.has(reservation.id)) throw new Error('sending() on a reservation that is not open');
    const { id, accountId, endpoint, credits, tabId, profileKey } = reservation;
    // Taken now, not when the call settles: a balance seen later may already hold this call's charge.
    const before = this.lastBalance?.accountId === accountId ? this.lastBalance : null;
    const quiet = this.quiet(accountId);
    const entry: JournalEntry = stripUndefined({
      id: `${this.instance}.${id}.${++this.sends}`,
      at: this.tick(),
      accountId,
      endpoint,
      path,
      credits,
      countKey: reservation.path,
      balanceBefore: before?.balance,
      balanceSeenAt: before?.seenAt,
      tabId,
      profileKey,
    });
    this.onWire.set(id, { entry, quiet });
    this.lastSend.set(accountId, entry.at);
    await this.journal.open(entry).catch((err: unknown) => {
      this.onWire.delete(id);
      throw err;
    });
  }

  /** Nothing of this account is on the wire: a balance asked for now holds every charge booked so far. */
  private quiet(accountId: string): boolean {
    return ![...this.onWire.values()].some(({ entry }) => entry.accountId === accountId);
  }

  /** Stamp a `/v1/me` about to be sent (free): its balance reconciles only answers lost before it, with nothing else out. */
  witnessMe(accountId: string | null): MeStamp {
    const quiet = accountId === null ? this.onWire.size === 0 : this.quiet(accountId);
    return { accountId, sentAt: this.tick(), quiet };
  }

  /** A witness sent while nothing else of its account was out, and answered before anything else was sent. */
  private clean(witness: BalanceWitness): boolean {
    return witness.quiet && (this.lastSend.get(witness.accountId) ?? -Infinity) <= witness.sentAt;
  }

  /** Answered with a status that charges nothing (429, 5xx, 4xx), to be tried again under the same reservation. */
  async answeredFree(reservation: Reservation): Promise<void> {
    const sent = this.onWire.get(reservation.id);
    if (sent && this.onWire.delete(reservation.id)) await this.journal.close(sent.entry.id);
  }

  /**
   * At start, before anything is sent: each journal entry a previous worker left was on the wire when it died.
   * Booked at its price as "may have been charged" (once: a booking carries its journal id), an unknown outcome.
   */
  async recoverJournal(): Promise<LedgerEntry[]> {
    await this.ready;
    const booked = new Set((await this.ledger.entries()).map((e) => e.journalId).filter(Boolean));
    const out: LedgerEntry[] = [];
    for (const j of await this.journal.pending()) {
      if (j.id.startsWith(`${this.instance}.`)) continue; // ours, still on the wire
      if (!booked.has(j.id)) {
        const entry = { ...bookingOf(j, j.at, j.credits, j), note: 'The extension restarted while this call was on the wire.' };
        await this.ledger.append(entry);
        await this.journal.noteUnknown(j.accountId, j.countKey);
        out.push(entry);
      }
      await this.journal.close(j.id);
    }
    return out;
  }

  /**
   * Book the answer's own `meta.creditsCharged` (above the price: see `chargeOf`). A 402 halts automatic
   * spending. An unknown outcome (`verdict`, lib/api/attempt-outcome.ts) is booked "may have been charged" at
   * its price, twice when no byte of the answer arrived (the browser may have resent it). Settling twice is a no-op.
   */
  async settle(
    reservation: Reservation,
    result: SettleResult,
    verdict?: AttemptVerdict,
    /** Takes what may follow the caller's paint (see below); the answer itself is not kept waiting behind it. */
    after?: (work: () => Promise<unknown>) => void,
  ): Promise<LedgerEntry | null> {
    await this.ready;
    if (!this.open.has(reservation.id)) return null;
    const at = this.now();
    const { accountId } = reservation;
    const wire = this.onWire.get(reservation.id);
    const sent = wire?.entry;
    this.onWire.delete(reservation.id);
    let entry: LedgerEntry | null = null;
    let witness: BalanceWitness | null = null;

    if (result.ok) {
      const sample = result.sample != null;
      const balance = nonNegative(result.meta.creditsBalance) ?? nonNegative(result.sample?.creditsBalance) ?? null;
      const { charged, note } = this.chargeOf(reservation, result.meta.creditsCharged, sent?.balanceBefore, balance);
      if (balance !== null) this.trackBalance(accountId, balance);
      // A paid answer proves credits are there again (e.g. the user's own call after a top-up).
      if (!sample && this.halt.value?.accountId === accountId) void this.halt.set(null);
      entry = bookingOf(reservation, at, charged, sent, { balanceAfter: balance, sample });
      if (note) entry.note = note;
      if (balance !== null && wire) witness = { accountId, balance, sentAt: wire.entry.at, quiet: wire.quiet };
    } else if (result.error.kind === 'payment-required') {
      const balance = this.lastBalance?.accountId === accountId ? this.lastBalance.balance : null;
      void this.halt.set({ accountId, at, balance });
    } else if ((verdict?.charge ?? (result.outcomeUnknown ? 'unknown' : 'none')) === 'unknown') {
      const twice = verdict?.charge === 'unknown' && verdict.resentByBrowser;
      entry = bookingOf(reservation, at, twice ? reservation.hold : reservation.credits, sent);
      if (twice) entry.note = 'No answer at all: the browser may have sent this request twice.';
    }

    // Same synchronous step: the reservation leaves `open` as its charge enters the ledger totals.
    this.open.delete(reservation.id);
    const store = entry ? this.ledger.count(entry) : async () => undefined;
    const check = async () => void (witness && (await this.witnessed(witness)));
    // With `after`, the booking is stored (and lost answers reconciled) after the caller has shown the answer:
    // until then the open journal entry stands for the charge (a worker killed meanwhile books its price at the
    // next start). A charge above the price, which that would book short, is stored first. Booked first,
    // journal closed second: a worker killed in between books nothing twice (journalId).
    const close = async () => void (sent && (await this.journal.close(sent.id)));
    if (after && !(entry && entry.creditsCharged > reservation.credits)) {
      after(async () => {
        await store();
        await close();
      });
      after(check);
      return entry;
    }
    await store();
    if (after) after(close);
    else await close();
    await check();
    return entry;
  }

  /**
   * What to book for a read answer's reported charge. Above the price it is believed (bounded by the balance's
   * fall; an absurd number books the price, with a note) and the prices go stale until `/v1/me` is read again.
   */
  private chargeOf(r: Reservation, reported: unknown, balanceBefore: number | undefined, balanceAfter: number | null) {
    const valid = typeof reported === 'number' && Number.isFinite(reported) && reported >= 0;
    if (valid && reported <= r.credits) return { charged: reported };
    if (!valid || reported > ABSURD_FACTOR * Math.max(r.credits, 1)) {
      return {
        charged: r.credits,
        note: `The API reported ${String(reported)} credits for a ${r.credits}-credit call; the price was booked.`,
      };
    }
    // The prices changed: a fall of the balance of at least the price is this call's doing, at most all of it.
    if (!this.pricesStale()) void this.stale.set(true);
    const fell = balanceBefore !== undefined && balanceAfter !== null ? balanceBefore - balanceAfter : null;
    const charged = fell !== null && fell >= r.credits && fell < reported ? fell : reported;
    return {
      charged,
      note: `Charged ${charged} credits where the price list said ${r.credits}: prices are read again before the next paid call.`,
    };
  }

  /**
   * A balance the server reported, checked against the ledger (./reconcile.ts has both rules; any doubt keeps
   * every booking). Reconcile: lost answers booked at their price are set to 0 when a clean witness shows none
   * was charged. Audit: a balance that fell by more than every charge we know of (the browser resent a request
   * by itself, or another key of the account spent) is booked as "may have been charged" from a clean witness,
   * up to what resends of the calls since could cost; any other balance that looks short asks for a clean one.
   */
  private async witnessed(witness: BalanceWitness): Promise<void> {
    const { accountId, balance, sentAt } = witness;
    if (!this.clean(witness)) {
      const from = this.audited.get(accountId);
      const entries = await this.ledger.entries({ accountId });
      if (from && auditFall(entries, from, { ...witness, sentAt: Infinity }) - this.reservedSync(accountId) > 0)
        this.opts.onUnexplained?.(accountId);
      return;
    }
    const lost = new Set(reconcileLost(await this.ledger.entries({ accountId }), witness, this.opts.serverSettleMs)); // the ledger's own objects
    const unbook = (e: LedgerEntry) => ({
      ...e,
      creditsCharged: 0,
      reconciled: true,
      note: `Not charged: the balance (${balance}) shows it. ${e.note ?? ''}`.trim(),
    });
    if (lost.size) await this.ledger.amend((e) => lost.has(e), unbook);
    const from = this.audited.get(accountId);
    const entries = await this.ledger.entries({ accountId });
    const missing = from ? auditFall(entries, from, witness) : 0;
    this.audited.set(accountId, { balance, sentAt });
    if (missing <= 0) return;
    await this.ledger.append({
      at: this.now(),
      sentAt,
      accountId,
      endpoint: 'unexplained',
      path: 'balance check',
      creditsCharged: missing,
      balanceAfter: balance,
      sample: false,
      estimated: true,
      note: `The balance (${balance}) fell by ${missing} more than the calls answered: the browser may have resent one by itself (or another key of this account spent).`,
    });
  }

  /**
   * Feed every `/v1/me` answer (free), with its send stamp (`witnessMe`): tracks the balance, adopts the prices
   * (lifting a stale-prices stop), and lifts a 402 halt once the balance covers a call again or the key now
   * resolves to another account. `readAt`: when an answer kept from before was read (now if absent).
   */
  async observeMe(me: { id: string; creditsBalance: number; readAt?: number } & MePricing, stamp?: MeStamp): Promise<void> {
    await this.ready;
    const balance = nonNegative(me.creditsBalance);
    if (balance !== null) {
      if (stamp && (stamp.accountId === me.id || stamp.accountId === null))
        await this.witnessed({ accountId: me.id, balance, sentAt: stamp.sentAt, quiet: stamp.quiet });
      this.trackBalance(me.id, balance, me.readAt);
    }
    this.prices = priceTable(me);
    if (this.pricesStale()) await this.stale.set(null);
    const halt = this.halt.value;
    if (!halt) return;
    const cheapest = Math.min(...Object.values(this.prices.prices).filter((p) => p > 0));
    if (halt.accountId !== me.id || (balance !== null && balance >= cheapest)) await this.halt.set(null);
  }

  /** The halt family is being cleared (the key changed: lib/storage/clear-runner.ts removes the stored one): so is memory's. */
  async forgetHalt(): Promise<void> {
    await this.ready;
    this.halt.value = null;
  }

  haltedFor402(): Halt | null {
    return this.halt.value;
  }

  /** Last known balance (any account), or null before the first answer. */
  balance(): number | null {
    return this.lastBalance?.balance ?? null;
  }

  /** Raise today's budget by `credits`, for today only (the setting is unchanged); raises on one day add up. */
  async raiseToday(credits: number): Promise<void> {
    await this.ready;
    const day = dayKey(this.now());
    await this.raise.set({ day, credits: this.raisedOn(day) + Math.max(0, credits) });
  }

  async status() {
    await this.ready;
    const settings = await this.readSettings();
    const day = dayKey(this.now());
    const balance = this.balance();
    const prices = this.prices.prices;
    return {
      day,
      budget: settings.dailyBudget + this.raisedOn(day),
      spentToday: this.ledger.spentOnSync(day),
      reserved: this.reservedSync(),
      remainingToday: this.remainingSync(settings),
      balance,
      /** When `balance` was read from the server (wall clock), null with no balance. */
      balanceAt: this.lastBalance?.at ?? null,
      lowBalance: balance !== null && balance < settings.lowBalanceWarning,
      halted: this.halt.value,
      /** The account's prices (from `/v1/me`; the spec's until it answers). */
      prices,
      /** What each call holds of today's budget while it is out. */
      holds: holdsOf(prices),
      pricesStale: this.pricesStale(),
    };
  }

  // ── internals ───────────────────────────────────────────────────────────────────────────────

  private remainingSync(settings: CreditSettings): number {
    const day = dayKey(this.now());
    return Math.max(0, settings.dailyBudget + this.raisedOn(day) - this.ledger.spentOnSync(day) - this.reservedSync());
  }

  private raisedOn(day: string): number {
    return this.raise.value?.day === day ? this.raise.value.credits : 0;
  }

  /** What today's budget holds for calls not yet settled (one account's, or all). */
  private reservedSync(accountId?: string): number {
    let sum = 0;
    for (const r of this.open.values()) if (accountId === undefined || r.accountId === accountId) sum += r.hold;
    return sum;
  }

  /**
   * Guards the money path against a malformed value: a bad budget (or a throw) reads as the last good one.
   * Copied, not kept by reference: a later mutation of the caller's object must pass this check too.
   */
  private async readSettings(): Promise<CreditSettings> {
    const s = await (async () => this.opts.settings())().catch(() => null);
    if (s && nonNegative(s.dailyBudget) !== null && nonNegative(s.lowBalanceWarning) !== null)
      this.lastSettings = { dailyBudget: s.dailyBudget, lowBalanceWarning: s.lowBalanceWarning };
    return this.lastSettings;
  }

  private trackBalance(accountId: string, balance: number, at = this.now()): void {
    this.lastBalance = { accountId, balance, seenAt: this.tick(), at };
  }
}

/**
 * The ledger entry of an attempt: the path that went on the wire (`sent`) when we know it, the caller's
 * otherwise. Without a read answer it is "may have been charged", with the balance last seen before the send.
 */
function bookingOf(
  r: Pick<JournalEntry, 'accountId' | 'endpoint' | 'path' | 'tabId' | 'profileKey'>,
  at: number,
  creditsCharged: number,
  sent: JournalEntry | undefined,
  read?: { balanceAfter: number | null; sample: boolean },
): LedgerEntry {
  const before = sent?.balanceBefore !== undefined && sent.balanceSeenAt !== undefined;
  return stripUndefined({
    at,
    accountId: r.accountId,
    endpoint: r.endpoint,
    path: sent?.path ?? r.path,
    journalId: sent?.id,
    sentAt: sent?.at,
    creditsCharged,
    balanceAfter: read?.balanceAfter ?? null,
    sample: read?.sample ?? false,
    estimated: read ? undefined : true,
    balanceBefore: !read && before ? sent.balanceBefore : undefined,
    balanceSeenAt: !read && before ? sent.balanceSeenAt : undefined,
    tabId: r.tabId,
    profileKey: r.profileKey,
  });
}
