import type { KvStore } from '@/lib/storage/kv-store';
import { accountKey, JOURNAL_PREFIX } from '@/lib/storage/keys';
import { stripUndefined } from './ledger';
import type { Endpoint } from './price-table';

/** A paid request on the wire: written before it is sent, removed once its charge is booked. */
export interface JournalEntry {
  id: string;
  /** epoch ms when it was sent */
  at: number;
  accountId: string;
  endpoint: Endpoint;
  /** The path the client actually sent, e.g. `/v1/search?q=ada`. */
  path: string;
  /** The price reserved for it: what is booked if its answer never arrives. */
  credits: number;
  /** What unknown outcomes are counted under (the answer's cache key): a resend after a restart is the one resend. */
  countKey: string;
  /** The account's balance last seen before it was sent, and when (see ../credits/reconcile.ts). */
  balanceBefore?: number;
  balanceSeenAt?: number;
  tabId?: number;
  profileKey?: string;
}

/** An unknown outcome stops counting against automatic resends after this long. */
const UNKNOWN_TTL_MS = 3_600_000;

/**
 * The write-ahead log of paid requests, in the worker's KvStore (on disk before `open` resolves). Whatever kills
 * the worker between send and answer, the entry survives, so the next start books the attempt as "may have been
 * charged" instead of forgetting it (and letting resends cross the budget). It also counts, per request path,
 * attempts with an unknown outcome, so a read is resent automatically at most once across restarts.
 */
export class SpendJournal {
  constructor(
    private readonly store: KvStore,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Persist before sending; resolves once the entry is stored. */
  async open(entry: JournalEntry): Promise<void> {
    await this.store.set(JOURNAL_PREFIX + entry.id, stripUndefined(entry));
  }

  close(id: string): Promise<void> {
    return this.store.remove(JOURNAL_PREFIX + id);
  }

  async pending(): Promise<JournalEntry[]> {
    const all = await this.store.getMany<JournalEntry>(JOURNAL_PREFIX);
    return Object.values(all).filter(isEntry);
  }

  async unknownCount(accountId: string, path: string): Promise<number> {
    const mark = await this.store.get<{ count: number; at: number }>(accountKey('unknown', accountId, path));
    if (!mark || typeof mark.count !== 'number' || this.now() - mark.at > UNKNOWN_TTL_MS) return 0;
    return mark.count;
  }

  async noteUnknown(accountId: string, path: string): Promise<void> {
    const count = (await this.unknownCount(accountId, path)) + 1;
    await this.store.set(accountKey('unknown', accountId, path), { count, at: this.now() });
  }

  /** A definite answer for `path`: resends are allowed again the next time. */
  clearUnknown(accountId: string, path: string): Promise<void> {
    return this.store.remove(accountKey('unknown', accountId, path));
  }
}

function isEntry(v: unknown): v is JournalEntry {
  const e = v as Partial<JournalEntry> | null;
  const texts = [e?.id, e?.accountId, e?.path, e?.countKey].every((t) => typeof t === 'string');
  return texts && Number.isFinite(e?.credits) && typeof e?.at === 'number';
}
