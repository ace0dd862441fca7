import type { KvStore } from '@/lib/storage/kv-store';
import { toCsv } from '@/lib/text/cells';
import { dayKey, lastDayKeys, shiftDay } from './day-key';
import { LEDGER_PREFIX, ledgerKey } from '@/lib/storage/keys';

export interface LedgerEntry {
  /** epoch ms when the answer was settled */
  at: number;
  accountId: string;
  endpoint: string;
  path: string;
  creditsCharged: number;
  /** `meta.creditsBalance` of the answer; null when the answer carried none. */
  balanceAfter: number | null;
  tabId?: number;
  profileKey?: string;
  sample: boolean;
  /** "May have been charged": the answer was lost or unreadable, so the price is booked (see CreditGovernor.settle). */
  estimated?: boolean;
  /** Why the booked charge is not the server's number (e.g. it reported an impossible charge). */
  note?: string;
  /** The journal entry this booking settles, so a restart never books the same attempt twice. */
  journalId?: string;
  /** When the request was sent (the credit governor's clock: ./reconcile.ts orders by it). */
  sentAt?: number;
  /** For an `estimated` booking: the account's balance last seen before the request was sent, and when. */
  balanceBefore?: number;
  balanceSeenAt?: number;
  /** An estimated booking the balance later proved was not charged (its charge is then 0). */
  reconciled?: boolean;
}

export interface DayTotal {
  day: string;
  credits: number;
  calls: number;
}

/** How many days of entries the ledger keeps (the privacy page states it; a lead's cost is booked onto the lead, so this never changes it). */
export const LEDGER_RETENTION_DAYS = 90;

/**
 * Append-only credit ledger. One storage key per entry (`ledger:<day>:<at>:<n>`): appends never
 * read-modify-write, so nothing is lost to a race or a worker killed mid-write, and a fresh instance
 * over the same store recomputes spent-today from what is there.
 */
export class Ledger {
  private readonly store: KvStore;
  private readonly now: () => number;
  /** Entries older than this many days are pruned (the leads store forgets old charges of non-leads the same way). */
  readonly retentionDays: number;
  private byKey = new Map<string, LedgerEntry>();
  private totals = new Map<string, DayTotal>();
  private loading: Promise<void> | null = null;
  private seq = 0;
  private readonly instance = Math.random().toString(36).slice(2, 8);

  constructor(opts: { store: KvStore; now?: () => number; retentionDays?: number }) {
    this.store = opts.store;
    this.now = opts.now ?? (() => Date.now());
    this.retentionDays = opts.retentionDays ?? LEDGER_RETENTION_DAYS;
  }

  /** Read the stored ledger (once; later calls share it) and drop entries older than the retention window. */
  load(): Promise<void> {
    this.loading ??= (async () => {
      const stored = await this.store.getMany<LedgerEntry>(LEDGER_PREFIX);
      for (const [key, entry] of Object.entries(stored)) if (isEntry(entry)) this.index(key, entry);
      const cutoff = shiftDay(dayKey(this.now()), -this.retentionDays);
      const old = [...this.byKey.entries()].filter(([, e]) => dayKey(e.at) < cutoff).map(([k]) => k);
      for (const k of old) this.unindex(k);
      if (old.length) await this.store.remove(old);
    })();
    return this.loading;
  }

  /** Record a settled call. Totals change before the first await (a concurrent reservation sees it); needs `load()` done. */
  append(entry: LedgerEntry): Promise<void> {
    return this.count(entry)();
  }

  /**
   * `append` in two steps: the totals count the entry now, the returned write stores it as it is by then (a
   * reconciliation may amend it first). For a charge on disk in another form until then (settle's journal entry).
   */
  count(entry: LedgerEntry): () => Promise<void> {
    const day = dayKey(entry.at);
    const key = ledgerKey(day, entry.at, `${this.instance}${(this.seq++).toString(36)}`);
    const clean = stripUndefined(entry);
    this.index(key, clean);
    return () => this.store.set(key, this.byKey.get(key) ?? clean);
  }

  /** Rewrite the entries `match` selects (a reconciliation; the ledger is otherwise append-only), day totals in step. */
  async amend(match: (e: LedgerEntry) => boolean, patch: (e: LedgerEntry) => LedgerEntry): Promise<void> {
    await this.load();
    for (const [key, entry] of [...this.byKey.entries()].filter(([, e]) => match(e))) {
      const next = stripUndefined(patch(entry));
      this.unindex(key);
      this.index(key, next);
      await this.store.set(key, next);
    }
  }

  /** Credits charged on a local calendar day (YYYY-MM-DD). Synchronous after `load()`. */
  spentOnSync(day: string): number {
    return this.totals.get(day)?.credits ?? 0;
  }

  /** Daily totals for the last `n` days, oldest first, zero-filled. */
  async lastDays(n = 30): Promise<DayTotal[]> {
    await this.load();
    return lastDayKeys(this.now(), n).map((day) => this.totals.get(day) ?? { day, credits: 0, calls: 0 });
  }

  /** Entries oldest first, optionally for one account. */
  async entries(filter: { accountId?: string } = {}): Promise<LedgerEntry[]> {
    await this.load();
    return [...this.byKey.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([, e]) => e)
      .filter((e) => filter.accountId === undefined || e.accountId === filter.accountId);
  }

  private index(key: string, entry: LedgerEntry): void {
    this.byKey.set(key, entry);
    this.tally(entry, 1);
  }

  private unindex(key: string): void {
    const entry = this.byKey.get(key);
    if (entry && this.byKey.delete(key)) this.tally(entry, -1);
  }

  /** Counts an entry into (1) or out of (-1) its day's total. */
  private tally(entry: LedgerEntry, sign: 1 | -1): void {
    const day = dayKey(entry.at);
    const t = this.totals.get(day) ?? { day, credits: 0, calls: 0 };
    // A day whose last entry left is gone, not a zero that could carry a fractional residue into the budget.
    if (t.calls + sign <= 0) this.totals.delete(day);
    else this.totals.set(day, { day, credits: t.credits + sign * entry.creditsCharged, calls: t.calls + sign });
  }
}

function isEntry(v: unknown): v is LedgerEntry {
  const e = v as Partial<LedgerEntry> | null;
  return typeof e?.at === 'number' && Number.isFinite(e.creditsCharged);
}

/** Storage drops `undefined` anyway; dropping it here keeps the in-memory copy equal to what is stored. */
export function stripUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** Every call as CSV, oldest first: what the spending chart sums. Built locally; no API call. */
export function ledgerCsv(entries: readonly LedgerEntry[]): string {
  const rows = [...entries]
    .sort((a, b) => a.at - b.at)
    .map((e) => [
      new Date(e.at).toISOString(),
      dayKey(e.at),
      e.accountId,
      e.endpoint,
      e.path,
      e.creditsCharged,
      e.balanceAfter,
      e.sample,
      e.estimated ?? false,
      [e.estimated ? 'may have been charged' : '', e.note ?? ''].filter(Boolean).join(': '),
      e.tabId,
      e.profileKey,
    ]);
  return toCsv(
    ['at', 'day', 'accountId', 'endpoint', 'path', 'creditsCharged', 'balanceAfter', 'sample', 'estimated', 'note', 'tabId', 'profileKey'],
    rows,
    'spreadsheet',
  );
}
