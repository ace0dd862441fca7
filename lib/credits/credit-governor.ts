import type { KvStore } from '@/lib/cache/kv-store';
import { dayKey } from './day-key';
import { Ledger, type LedgerEntry } from './ledger';
import { SPEC_PRICES, priceTable, type CostEstimate, type Endpoint, type MePricing, type PriceTable } from './price-table';
import { SpendJournal, type JournalEntry } from './spend-journal';
import { HALT_KEY, RAISE_KEY } from '@/lib/storage/keys';

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

export interface Reservation {
  readonly id: number;
  readonly endpoint: Endpoint;
  readonly credits: number;
  readonly accountId: string;
  readonly path: string;
  readonly trigger: Trigger;
  readonly tabId?: number;
  readonly profileKey?: string;
}

/**
 * Why a call was not sent. `budget`: today's budget cannot hold it. `halted-402`: automatic spending
 * stopped on a 402. `needs-confirmation`: a reveal (or any call of 10+ credits) without the user's
 * confirmation. `prices-changed`: a charge disagreed with the account's prices; nothing is paid until
 * `/v1/me` has been read again.
 */
export type RefusalReason = 'budget' | 'halted-402' | 'needs-confirmation' | 'prices-changed';

export type ReserveResult = { ok: true; reservation: Reservation } | { ok: false; reason: RefusalReason; remainingToday: number };

/** The parts of an `ApiResult` (plus the rate governor's `outcomeUnknown`) that settle reads. */
export type SettleResult =
  | {
      ok: true;
      meta: { creditsCharged: number; creditsBalance: number };
      sample: { creditsBalance?: number | null } | null;
    }
  | { ok: false; error: { kind: string; cause?: string }; outcomeUnknown?: boolean };

export interface Halt {
  accountId: string;
  at: number;
  /** Last balance we knew when the 402 came. */
  balance: number | null;
}

export interface CreditStatus {
  day: string;
  budget: number;
  spentToday: number;
  reserved: number;
  remainingToday: number;
  balance: number | null;
  lowBalance: boolean;
  halted: Halt | null;
}

export interface CreditGovernorOptions {
  store: KvStore;
  /** Read before each reservation so a budget change applies at once. */
  settings: () => CreditSettings | Promise<CreditSettings>;
  now?: () => number;
  prices?: PriceTable;
  /** Share a ledger instance (e.g. with an export view); otherwise one is made over `store`. */
  ledger?: Ledger;
}

/** "+50 today": extra budget for one local calendar day, stored with its day key (a later day ignores it). */
interface TodayRaise {
  day: string;
  credits: number;
}
/** The spec's price per endpoint: a floor for what a reported charge is checked against (a `/v1/me` saying 0 cannot hide a charge). */
const SPEC_PRICE: Partial<Record<Endpoint, number>> = { reveal: SPEC_PRICES.reveal, me: SPEC_PRICES.me };
const specPrice = (e: Endpoint) => SPEC_PRICE[e] ?? SPEC_PRICES.data;
/** A call of this many credits or more is never made without `confirmed` (CREDITS ARE MONEY). */
const CONFIRM_AT = 10;

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
  private readonly store: KvStore;
  private readonly settings: CreditGovernorOptions['settings'];
  private readonly now: () => number;
  private prices: PriceTable;
  private readonly open = new Map<number, Reservation>();
  /** Reservation id → the journal entry of its request on the wire. */
  private readonly onWire = new Map<number, JournalEntry>();
  private nextId = 1;
  private sends = 0;
  private readonly instance = Math.random().toString(36).slice(2, 8);
  private halt: Halt | null = null;
  private raise: TodayRaise | null = null;
  private lastBalance: { accountId: string; balance: number; at: number } | null = null;
  private lastSettings: CreditSettings = { dailyBudget: 150, lowBalanceWarning: 50 };
  private readonly ready: Promise<void>;

  constructor(opts: CreditGovernorOptions) {
    this.store = opts.store;
    this.settings = opts.settings;
    this.now = opts.now ?? (() => Date.now());
    this.prices = opts.prices ?? priceTable();
    this.ledger = opts.ledger ?? new Ledger({ store: opts.store, now: this.now });
    this.journal = new SpendJournal(opts.store, this.now);
    this.ready = Promise.all([
      this.ledger.load(),
      this.store.get<Halt>(HALT_KEY).then((h) => {
        if (h && typeof h.accountId === 'string') this.halt = h;
      }),
      this.store.get<TodayRaise>(RAISE_KEY).then((r) => {
        if (r && typeof r.day === 'string' && nonNegative(r.credits) !== null) this.raise = r;
      }),
    ]).then(() => undefined);
  }

  /** The price to reserve: `/v1/me`'s table, never below the spec's price (a table saying 0 cannot open the budget). */
  estimate(call: { endpoint: Endpoint }): CostEstimate {
    const e = this.prices.estimate(call);
    return { ...e, credits: Math.max(e.credits, specPrice(call.endpoint)) };
  }

  async reserve(estimate: CostEstimate, opts: ReserveOptions): Promise<ReserveResult> {
    await this.ready;
    const settings = await this.readSettings();
    // ── synchronous from here: check and commit must not interleave with another reservation ──
    const trigger = opts.trigger ?? 'auto';
    const credits = Math.max(0, estimate.credits);
    const remaining = this.remainingSync(settings);
    if (this.halt && trigger === 'auto' && credits > 0) {
      if (this.halt.accountId === opts.accountId) return { ok: false, reason: 'halted-402', remainingToday: remaining };
    }
    if ((estimate.endpoint === 'reveal' || credits >= CONFIRM_AT) && !opts.confirmed) {
      return { ok: false, reason: 'needs-confirmation', remainingToday: remaining };
    }
    if (credits > remaining && !opts.override) return { ok: false, reason: 'budget', remainingToday: remaining };

    const reservation: Reservation = Object.freeze({
      id: this.nextId++,
      endpoint: estimate.endpoint,
      credits,
      accountId: opts.accountId,
      path: opts.path,
      trigger,
      ...(opts.tabId !== undefined ? { tabId: opts.tabId } : {}),
      ...(opts.profileKey !== undefined ? { profileKey: opts.profileKey } : {}),
    });
    this.open.set(reservation.id, reservation);
    return { ok: true, reservation };
  }

  /** The call was never sent: give the reservation back. */
  release(reservation: Reservation): void {
    this.open.delete(reservation.id);
  }

  /**
   * The request is about to go on the wire as `path` (what the client really sends): journal it and
   * wait until the journal is stored. From here on a lost answer is booked, never forgotten.
   */
  async sending(reservation: Reservation, path: string): Promise<void> {
    if (!this.open.has(reservation.id)) throw new Error('sending() on a reservation that is not open');
    const entry: JournalEntry = {
      id: `${this.instance}.${reservation.id}.${++this.sends}`,
      at: this.now(),
      accountId: reservation.accountId,
      endpoint: reservation.endpoint,
      path,
      credits: reservation.credits,
      countKey: reservation.path,
      ...(reservation.tabId !== undefined ? { tabId: reservation.tabId } : {}),
      ...(reservation.profileKey !== undefined ? { profileKey: reservation.profileKey } : {}),
    };
    await this.journal.open(entry);
    this.onWire.set(reservation.id, entry);
  }

  /**
   * The server answered this attempt with a status that charges nothing (429, 5xx, 4xx) and it may be
   * tried again under the same reservation: close its journal entry.
   */
  async answeredFree(reservation: Reservation): Promise<void> {
    const sent = this.onWire.get(reservation.id);
    if (!sent) return;
    this.onWire.delete(reservation.id);
    await this.journal.close(sent.id);
  }

  /**
   * At start, before anything is sent: every journal entry a previous worker left behind was on the
   * wire when it died. Book each at its price as "may have been charged" (once: a booking carries its
   * journal id) and count it as an unknown outcome for its path.
   */
  async recoverJournal(): Promise<LedgerEntry[]> {
    await this.ready;
    const booked = new Set((await this.ledger.entries()).map((e) => e.journalId).filter(Boolean));
    const out: LedgerEntry[] = [];
    for (const j of await this.journal.pending()) {
      if (j.id.startsWith(`${this.instance}.`)) continue; // ours, still on the wire
      if (!booked.has(j.id)) {
        const entry: LedgerEntry = {
          at: j.at,
          accountId: j.accountId,
          endpoint: j.endpoint,
          path: j.path,
          creditsCharged: j.credits,
          balanceAfter: null,
          sample: false,
          estimated: true,
          note: 'The extension restarted while this call was on the wire.',
          journalId: j.id,
          ...(j.tabId !== undefined ? { tabId: j.tabId } : {}),
          ...(j.profileKey !== undefined ? { profileKey: j.profileKey } : {}),
        };
        await this.ledger.append(entry);
        await this.journal.noteUnknown(j.accountId, j.countKey);
        out.push(entry);
      }
      await this.journal.close(j.id);
    }
    return out;
  }

  /**
   * Reconcile with the answer: the ledger gets the real `meta.creditsCharged` (clamped to the price:
   * an impossible number is booked as the price, with a note), the balance is tracked, a 402 halts
   * automatic spending. Settling twice is a no-op. A failure the server answered charges nothing; an
   * attempt that was sent and whose outcome is unknown (`outcomeUnknown` from the rate governor, or a
   * 2xx we could not read) is booked at the reserved price as `estimated` ("may have been charged"),
   * because under-counting could cross the budget and the next `meta.creditsBalance` shows the truth.
   */
  async settle(reservation: Reservation, result: SettleResult): Promise<LedgerEntry | null> {
    await this.ready;
    if (!this.open.has(reservation.id)) return null;
    const at = this.now();
    const sent = this.onWire.get(reservation.id);
    this.onWire.delete(reservation.id);
    let entry: LedgerEntry | null = null;

    if (result.ok) {
      const price = Math.max(reservation.credits, specPrice(reservation.endpoint));
      const reported = result.meta.creditsCharged;
      const plausible = typeof reported === 'number' && Number.isFinite(reported) && reported >= 0 && reported <= price;
      const charged = plausible ? reported : price;
      const isSample = result.sample != null;
      const balance = nonNegative(result.meta.creditsBalance) ?? nonNegative(result.sample?.creditsBalance) ?? null;
      if (balance !== null) this.trackBalance(reservation.accountId, balance, at);
      // A paid answer proves credits are there again (e.g. the user's own call after a top-up).
      if (!isSample && this.halt?.accountId === reservation.accountId) void this.clearHalt();
      entry = this.entryFor(reservation, at, charged, balance, isSample, sent);
      if (!plausible) entry.note = `The API reported ${String(reported)} credits for a ${price}-credit call; the price was booked.`;
    } else if (result.error.kind === 'payment-required') {
      this.halt = { accountId: reservation.accountId, at, balance: this.balanceFor(reservation.accountId) };
      void this.store.set(HALT_KEY, this.halt);
    } else if (result.outcomeUnknown || result.error.kind === 'invalid-response') {
      // A connection closed before any byte of the answer is one the browser itself may resend (Chromium
      // retries a GET whose reused connection closes that way), so it may have been charged twice.
      const twice = result.error.kind === 'network' && result.error.cause === 'failed';
      const before = this.balanceFor(reservation.accountId);
      entry = {
        ...this.entryFor(reservation, at, reservation.credits * (twice ? 2 : 1), null, false, sent),
        estimated: true,
        ...(before !== null ? { balanceBefore: before } : {}),
      };
      if (twice) entry.note = 'No answer at all: the browser may have sent this request twice.';
    }

    // Same synchronous step: the reservation leaves `open` as its charge enters the ledger totals.
    this.open.delete(reservation.id);
    if (entry) await this.ledger.append(entry);
    // Booked first, journal closed second: a worker killed in between books nothing twice (journalId).
    if (sent) await this.journal.close(sent.id);
    if (entry && !entry.estimated && entry.balanceAfter !== null) await this.reconcile(reservation.accountId, entry.balanceAfter);
    return entry;
  }

  /**
   * Answers that never arrived were booked at their price. When a later balance (a paid answer's, or
   * the free `/v1/me`) shows that none of them was charged — the balance fell by exactly the charges we
   * know of since the first of them — they are set to 0 ("not charged: the balance shows it"). Any
   * other balance keeps every booking: a partial charge cannot be told apart from another device's
   * spend or a top-up, and recording less than the server charged is the one thing never allowed.
   * Skipped while a call is in flight (its charge may or may not be in the balance yet).
   */
  async reconcile(accountId: string, balanceNow: number): Promise<number> {
    await this.ready;
    if ([...this.open.values()].some((r) => r.accountId === accountId)) return 0;
    const entries = await this.ledger.entries({ accountId });
    const pending = entries.filter((e) => e.estimated && !e.reconciled && e.creditsCharged > 0);
    const first = pending[0];
    if (!first || first.balanceBefore === undefined || pending.some((e) => e.balanceBefore === undefined)) return 0;
    const known = entries.filter((e) => !e.estimated && e.at >= first.at).reduce((sum, e) => sum + e.creditsCharged, 0);
    if (balanceNow !== first.balanceBefore - known) return 0;
    const ids = new Set(pending); // entries() hands out the ledger's own objects
    return this.ledger.amend(
      (e) => ids.has(e),
      (e) => ({
        ...e,
        creditsCharged: 0,
        reconciled: true,
        note: `Not charged: the balance (${balanceNow}) shows it. ${e.note ?? ''}`.trim(),
      }),
    );
  }

  /**
   * Feed every `/v1/me` answer (free). Tracks the balance; lifts a 402 halt once the balance covers a
   * call again, or when the key now resolves to a different account.
   */
  async observeMe(me: { id: string; creditsBalance: number } & MePricing): Promise<void> {
    await this.ready;
    const balance = nonNegative(me.creditsBalance);
    if (balance !== null) {
      await this.reconcile(me.id, balance);
      this.trackBalance(me.id, balance, this.now());
    }
    if (me.endpoints || me.pricing) this.prices = priceTable(me);
    if (!this.halt) return;
    const cheapest = Math.min(...Object.values(this.prices.prices).filter((p) => p > 0));
    if (this.halt.accountId !== me.id || (balance !== null && balance >= cheapest)) await this.clearHalt();
  }

  /** Lift the 402 halt: the API key changed, or the user asked to retry. */
  async resume(): Promise<void> {
    await this.ready;
    await this.clearHalt();
  }

  haltedFor402(): Halt | null {
    return this.halt;
  }

  /** Last known balance (any account), or null before the first answer. */
  balance(): number | null {
    return this.lastBalance?.balance ?? null;
  }

  /**
   * Raise today's budget by `credits`, for today only (the daily budget setting is unchanged; the next
   * local day starts from it again). Raises on one day add up.
   */
  async raiseToday(credits: number): Promise<void> {
    await this.ready;
    const day = dayKey(this.now());
    this.raise = { day, credits: this.raisedOn(day) + Math.max(0, credits) };
    await this.store.set(RAISE_KEY, this.raise);
  }

  async status(): Promise<CreditStatus> {
    await this.ready;
    const settings = await this.readSettings();
    const day = dayKey(this.now());
    const balance = this.balance();
    return {
      day,
      budget: this.budgetOn(day, settings),
      spentToday: this.ledger.spentOnSync(day),
      reserved: this.reservedSync(),
      remainingToday: this.remainingSync(settings),
      balance,
      lowBalance: balance !== null && balance < settings.lowBalanceWarning,
      halted: this.halt,
    };
  }

  // ── internals ───────────────────────────────────────────────────────────────────────────────

  private remainingSync(settings: CreditSettings): number {
    const day = dayKey(this.now());
    const spent = this.ledger.spentOnSync(day);
    return Math.max(0, this.budgetOn(day, settings) - spent - this.reservedSync());
  }

  /** The daily budget plus any "+50 today" raise made on `day`. */
  private budgetOn(day: string, settings: CreditSettings): number {
    return settings.dailyBudget + this.raisedOn(day);
  }

  private raisedOn(day: string): number {
    return this.raise?.day === day ? this.raise.credits : 0;
  }

  private reservedSync(): number {
    let sum = 0;
    for (const r of this.open.values()) sum += r.credits;
    return sum;
  }

  private async readSettings(): Promise<CreditSettings> {
    try {
      const s = await this.settings();
      // Guard the money path against a malformed value: a bad budget reads as the last good one.
      // Copied, not kept by reference: a later mutation of the caller's object must pass this check too.
      if (nonNegative(s.dailyBudget) !== null && nonNegative(s.lowBalanceWarning) !== null) {
        this.lastSettings = { dailyBudget: s.dailyBudget, lowBalanceWarning: s.lowBalanceWarning };
      }
    } catch {
      // keep the last good settings
    }
    return this.lastSettings;
  }

  private trackBalance(accountId: string, balance: number, at: number): void {
    this.lastBalance = { accountId, balance, at };
  }

  private balanceFor(accountId: string): number | null {
    return this.lastBalance?.accountId === accountId ? this.lastBalance.balance : null;
  }

  private async clearHalt(): Promise<void> {
    if (!this.halt) return;
    this.halt = null;
    await this.store.remove(HALT_KEY);
  }

  private entryFor(
    r: Reservation,
    at: number,
    creditsCharged: number,
    balanceAfter: number | null,
    sample: boolean,
    sent?: JournalEntry,
  ): LedgerEntry {
    return {
      at,
      accountId: r.accountId,
      endpoint: r.endpoint,
      // What went on the wire, when we know it; the caller's description otherwise.
      path: sent?.path ?? r.path,
      ...(sent ? { journalId: sent.id } : {}),
      creditsCharged,
      balanceAfter,
      sample,
      ...(r.tabId !== undefined ? { tabId: r.tabId } : {}),
      ...(r.profileKey !== undefined ? { profileKey: r.profileKey } : {}),
    };
  }
}

function nonNegative(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : null;
}
