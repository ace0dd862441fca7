import type { KvStore } from '@/lib/storage/kv-store';
import { accountKey, CACHE_PREFIX, INFLIGHT_PREFIX, type ClearAccounts } from '@/lib/storage/keys';

export type CacheKind = 'hit' | 'not-found';

export interface CacheEntry<V> {
  value: V;
  storedAt: number;
  expiresAt: number;
  kind: CacheKind;
}

/** What the caller says about a fetched result: cache it as a hit, as a not-found, or not at all. */
export type Classified<V> = { cache: CacheKind; value: V } | { cache: 'skip'; reason: 'sample' | 'error' };

export type CacheOutcome<V, R> =
  | { from: 'cache'; entry: CacheEntry<V> }
  /** `shared`: this caller joined a fetch another caller started (it was not paid for twice). */
  | { from: 'fetch'; result: R; entry: CacheEntry<V> | null; shared: boolean };

export interface FetchOptions {
  ttlMs?: number;
  notFoundTtlMs?: number;
  /** "Refresh": pay for a new answer, but join a fetch of the key under way or take one stored in the last `FRESH_ENOUGH_MS` (a double click pays once). */
  fresh?: boolean;
  /** Takes the bookkeeping that may follow the caller's paint (the size index) once the entry is stored; absent: done before returning. */
  after?: (work: () => Promise<unknown>) => void;
}

/** A refresh within this long of the answer it would replace is that answer (a double click, a second tab). */
const FRESH_ENOUGH_MS = 30_000;

/** The parts of an `ApiResult` the default classifier reads. */
export type ApiResultLike = { ok: true; data: unknown; sample: unknown } | { ok: false; error: { kind: string } };
type DataOf<R> = R extends { ok: true; data: infer D } ? D : never;

export interface ResponseCacheOptions {
  store: KvStore;
  now?: () => number;
  ttlMs?: number;
  notFoundTtlMs?: number;
  maxEntries?: number;
  /** Storage failures (quota) never fail a lookup; they are reported here. */
  onError?: (err: unknown) => void;
}

const HOUR = 3_600_000;
// Key formats: lib/storage/keys.ts (account ids are encoded there, so "a:b" never shares a prefix with "a").

/** Default classifier for `ApiResult`s: data of a live answer is a hit, a 404 is a not-found, samples and errors are not cached. */
export function classifyApiResult<R extends ApiResultLike>(result: R): Classified<DataOf<R> | null> {
  if (result.ok) {
    if (result.sample != null && result.sample !== false) return { cache: 'skip', reason: 'sample' };
    return { cache: 'hit', value: result.data as DataOf<R> };
  }
  return result.error.kind === 'not-found' ? { cache: 'not-found', value: null } : { cache: 'skip', reason: 'error' };
}

/** True for anything carrying a sample marker the API uses (body `sample`, `meta.sample`, a NOT REAL DATA notice, or an `ApiSuccess.sample`). */
export function looksLikeSample(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const v = value as { sample?: unknown; meta?: { sample?: unknown }; notice?: unknown };
  if (v.sample === true || (v.sample !== null && typeof v.sample === 'object')) return true;
  if (v.meta && typeof v.meta === 'object' && v.meta.sample === true) return true;
  return typeof v.notice === 'string' && /^\s*NOT REAL DATA/i.test(v.notice);
}

/**
 * Account-scoped response cache over a `KvStore`, with in-flight deduplication (askers of one key join
 * one fetch): nothing is paid for twice within its lifetime. Across a worker restart the spend journal
 * books what was cut off, and a read is resent at most once (lib/worker/paid-call.ts).
 */
export class ResponseCache {
  private readonly o: Required<ResponseCacheOptions>;

  private readonly pending = new Map<string, Promise<CacheOutcome<unknown, unknown>>>();
  /** storeKey → storedAt, for bounding the size without reading every value on each write. */
  private index: Map<string, number> | null = null;
  private indexLoading: Promise<Map<string, number>> | null = null;
  /** Bumped by `forget` (per account, in memory only) so a fetch started before a clear does not write after it. */
  private readonly generations = new Map<string, number>();
  private allGeneration = 0;

  constructor(opts: ResponseCacheOptions) {
    const { store, now = () => Date.now(), ttlMs = 24 * HOUR, notFoundTtlMs = 6 * HOUR, maxEntries = 5_000, onError = () => {} } = opts;
    this.o = { store, now, ttlMs, notFoundTtlMs, maxEntries, onError };
  }

  /** A fresh entry, or undefined (missing, expired or unreadable). */
  async get<V>(accountId: string, key: string): Promise<CacheEntry<V> | undefined> {
    const sk = accountKey('cache', accountId, key);
    const entry = await this.o.store.get<CacheEntry<V>>(sk);
    if (!entry || typeof entry !== 'object' || typeof entry.expiresAt !== 'number') return undefined;
    if (entry.expiresAt <= this.o.now()) {
      void this.drop([sk]);
      return undefined;
    }
    return entry;
  }

  /**
   * Store a value. Refuses (returns null) anything flagged as a sample: synthetic rows must never be
   * served later as if real, whatever the caller's classifier said.
   */
  async set<V>(accountId: string, key: string, value: V, opts: FetchOptions & { kind?: CacheKind } = {}): Promise<CacheEntry<V> | null> {
    if (looksLikeSample(value)) return null;
    const kind = opts.kind ?? 'hit';
    const storedAt = this.o.now();
    const ttl = kind === 'hit' ? (opts.ttlMs ?? this.o.ttlMs) : (opts.notFoundTtlMs ?? this.o.notFoundTtlMs);
    if (!(ttl > 0)) return null;
    const entry: CacheEntry<V> = { value: (value === undefined ? null : value) as V, storedAt, expiresAt: storedAt + ttl, kind };
    const sk = accountKey('cache', accountId, key);
    await this.o.store.set(sk, entry);
    const bound = async () => {
      const index = await this.loadIndex();
      index.delete(sk);
      index.set(sk, storedAt);
      const excess = index.size - this.o.maxEntries;
      // Map keeps insertion order and this re-inserts on write, so the first keys are the oldest.
      if (excess > 0) await this.drop([...index.keys()].slice(0, excess));
    };
    if (opts.after) opts.after(bound);
    else await bound();
    return entry;
  }

  /** The cached answer, or the fetched one (classified by `opts.classify`, `classifyApiResult` by default). */
  getOrFetch<R, V = DataOf<R> | null>(
    accountId: string,
    key: string,
    fetcher: () => Promise<R>,
    opts: FetchOptions & { classify?: (result: R) => Classified<V> } = {},
  ): Promise<CacheOutcome<V, R>> {
    const sk = accountKey('cache', accountId, key);
    const joined = this.pending.get(sk) as Promise<CacheOutcome<V, R>> | undefined;
    if (joined) return joined.then((out) => (out.from === 'fetch' ? { ...out, shared: true } : out));
    const classify = opts.classify ?? (classifyApiResult as unknown as (r: R) => Classified<V>);
    const run = (async (): Promise<CacheOutcome<V, R>> => {
      const cached = await this.get<V>(accountId, key);
      if (cached && (!opts.fresh || this.o.now() - cached.storedAt < FRESH_ENOUGH_MS)) return { from: 'cache', entry: cached };
      // A second asker joins through `pending`; nothing but the spend journal's entry is written before the request
      // leaves. A worker that dies mid-fetch is the journal's business (booked at the next start, resent at most once).
      const generation = this.generationOf(accountId);
      const result = await fetcher();
      const c = classify(result);
      const fresh = c.cache !== 'skip' && generation === this.generationOf(accountId);
      const entry = fresh ? await this.safely(() => this.set(accountId, key, c.value, { ...opts, kind: c.cache })) : null;
      return { from: 'fetch', result, entry: entry ?? null, shared: false };
    })().finally(() => this.pending.delete(sk));
    this.pending.set(sk, run);
    return run;
  }

  /** The cache family is being cleared (lib/storage/clear-runner.ts): a fetch begun before writes nothing after, the index forgets. */
  forget(accounts: ClearAccounts): void {
    if (accounts === 'all') {
      this.allGeneration++;
      this.index = new Map();
      return;
    }
    for (const accountId of accounts) {
      this.generations.set(accountId, (this.generations.get(accountId) ?? 0) + 1);
      const prefix = accountKey('cache', accountId);
      for (const k of [...(this.index?.keys() ?? [])]) if (k.startsWith(prefix)) this.index?.delete(k);
    }
  }

  /** At worker start: earlier builds kept a marker per paid call in flight (`inflight:`); none is written now. */
  async dropLeftoverMarkers(): Promise<number> {
    const markers = Object.keys(await this.o.store.getMany(INFLIGHT_PREFIX));
    await this.drop(markers);
    return markers.length;
  }

  // ── internals ───────────────────────────────────────────────────────────────────────────────

  private generationOf(accountId: string): string {
    return `${this.allGeneration}.${this.generations.get(accountId) ?? 0}`;
  }

  private loadIndex(): Promise<Map<string, number>> {
    if (this.index) return Promise.resolve(this.index);
    this.indexLoading ??= this.o.store.getMany<CacheEntry<unknown>>(CACHE_PREFIX).then((all) => {
      const stamps = Object.entries(all).map(([k, e]) => [k, typeof e?.storedAt === 'number' ? e.storedAt : 0] as const);
      this.index = new Map(stamps.sort((a, b) => a[1] - b[1]));
      this.indexLoading = null;
      return this.index;
    });
    return this.indexLoading;
  }

  private async drop(keys: string[]): Promise<void> {
    if (!keys.length) return;
    for (const k of keys) this.index?.delete(k);
    await this.safely(() => this.o.store.remove(keys));
  }

  private async safely<T>(fn: () => Promise<T>): Promise<T | undefined> {
    try {
      return await fn();
    } catch (err) {
      this.o.onError(err);
      return undefined;
    }
  }
}
