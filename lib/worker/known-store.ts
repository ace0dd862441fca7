import type { Person, Project } from '@/lib/api';
import type { KvStore } from '@/lib/storage/kv-store';
import { entryId, enrich, KnownIndex, knownWords, matchKnown, mergeRecord, recordsOfAnswer } from '@/lib/lookup/known-records';
import type { KnownEntry, KnownHow, KnownMatch } from '@/lib/lookup/known-records';
import type { XAccount } from '@/lib/lookup/x-account';
import type { DetectedProfile, PageHints } from '@/lib/profile/types';
import { accountKey, type ClearAccounts } from '@/lib/storage/keys';

export interface KnownStoreOptions {
  store: KvStore;
  now: () => number;
  /** The cache lifetime setting, read at every use: shortening it shortens what is already kept. */
  ttlMs: () => number;
  /** Bound on records per account (oldest out first). */
  maxEntries?: number;
}

/**
 * The account's directory of records already paid for (lib/lookup/known-records.ts), one record per key of the
 * worker's KvStore. Same lifetime as the response cache, cleared with it; fed only with live answers (what the
 * response cache stored, so samples and errors never arrive here). Storage trouble (quota) never fails a lookup:
 * the directory is a saving, not a source of truth.
 */
export class KnownStore {
  private readonly indexes = new Map<string, Promise<KnownIndex>>();
  /** Bumped by a clear so an answer learned before it is not written after it. */
  private generation = 0;

  constructor(private readonly opts: KnownStoreOptions) {}

  /** Alive: within the lifetime it was stored with and within today's lifetime setting. */
  readonly alive = (e: KnownEntry): boolean => {
    const now = this.opts.now();
    return now < e.expiresAt && now < e.storedAt + this.opts.ttlMs();
  };

  private index(accountId: string): Promise<KnownIndex> {
    const prefix = accountKey('known', accountId);
    const loaded = (all: Record<string, KnownEntry>) =>
      new KnownIndex(
        Object.entries(all)
          .filter(([, e]) => e && typeof e.storedAt === 'number')
          .sort((a, b) => a[1].storedAt - b[1].storedAt)
          .map(([k, e]) => [k.slice(prefix.length), e]),
      );
    if (!this.indexes.has(accountId))
      this.indexes.set(
        accountId,
        this.opts.store.getMany<KnownEntry>(prefix).then(loaded, () => new KnownIndex()),
      );
    return this.indexes.get(accountId)!;
  }

  /**
   * Everything in a live answer (keyed like the response cache: `search:…`, `investor:…`) enters the directory; `asked`: how a
   * search came to be. Known (in memory) when this resolves; the returned write stores them, so it can follow the caller's paint.
   */
  async remember(accountId: string, cacheKey: string, data: unknown, asked?: KnownHow): Promise<() => Promise<void>> {
    const ttl = this.opts.ttlMs();
    const none = async () => undefined;
    if (!(ttl > 0)) return none;
    const generation = this.generation;
    const index = await this.index(accountId);
    if (generation !== this.generation) return none;
    const now = this.opts.now();
    const written = new Map<string, KnownEntry>();
    for (const rec of recordsOfAnswer(cacheKey, data, now, asked)) {
      const added = index.add(rec, now, now + ttl);
      if (added) written.set(added[0], added[1]);
    }
    const evicted = index.overflow(this.opts.maxEntries ?? 3_000);
    for (const id of evicted) {
      index.remove(id);
      written.delete(id);
    }
    const store = async () => {
      await Promise.all([...written].map(([id, e]) => this.opts.store.set(accountKey('known', accountId, id), e)));
      if (evicted.length) await this.opts.store.remove(evicted.map((id) => accountKey('known', accountId, id)));
    };
    return () => store().catch(() => undefined);
  }

  async match(accountId: string, profile: DetectedProfile, hints: PageHints, exclude?: string): Promise<KnownMatch | null> {
    return matchKnown(await this.index(accountId), profile, hints, this.alive, exclude);
  }

  /**
   * The X account a record was confirmed on, whether or not the record is still within its lifetime: who
   * an account was outlives what the directory said of them.
   */
  async xOf(accountId: string, kind: KnownEntry['kind'], id: string): Promise<XAccount | undefined> {
    return (await this.index(accountId)).entries.get(entryId(kind, id))?.x;
  }

  /** Remembers the X account a record was confirmed on (the page's follow control), with its handles. */
  async bindX(accountId: string, kind: KnownEntry['kind'], id: string, x: XAccount): Promise<void> {
    const generation = this.generation;
    const key = entryId(kind, id);
    const entry = (await this.index(accountId)).bindX(key, x);
    if (!entry || generation !== this.generation) return;
    await this.opts.store.set(accountKey('known', accountId, key), entry).catch(() => undefined);
  }

  async person(accountId: string, id: string): Promise<KnownEntry | undefined> {
    return (await this.index(accountId)).get('person', id, this.alive);
  }

  /** Where each live record came from now (entry id → its words, `knownWords`): compared with a later answer, what it newly taught. */
  async sources(accountId: string): Promise<Map<string, string>> {
    const index = await this.index(accountId);
    return new Map([...index.entries].filter(([, e]) => this.alive(e)).map(([id, e]) => [id, knownWords(e.source)]));
  }

  async organization(accountId: string, id: string): Promise<KnownEntry | undefined> {
    return (await this.index(accountId)).get('organization', id, this.alive);
  }

  /** The organisation to show beside `person`: their company as completely as the directory knows it. */
  async organizationFor(accountId: string, person: Person | undefined, organization: Project | undefined): Promise<Project | undefined> {
    const index = await this.index(accountId);
    if (!organization) return enrich(index, person, this.alive);
    const known = index.get('organization', organization.id, this.alive);
    return known ? mergeRecord(organization, known.record as Project) : organization;
  }

  /** The family is being cleared (lib/storage/clear-runner.ts removes the keys): what is in memory goes, and nothing learned before is written after. */
  forget(accounts: ClearAccounts): void {
    this.generation++;
    if (accounts === 'all') this.indexes.clear();
    else for (const accountId of accounts) this.indexes.delete(accountId);
  }
}
