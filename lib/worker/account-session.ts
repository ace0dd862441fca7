import { createDirectoryClient, type Account, type DirectoryClient, type FetchLike } from '@/lib/api';
import { checkApiBase, judgeReportedBase, LOOPBACK_ALLOWED } from '@/lib/api/api-origin-policy';
import { INVALID_URL, insecureUrlText, keyCheckText, NOT_AN_API_KEY, hostNotAllowedText } from '@/lib/messages/texts';
import type { SaveKeyOutcome } from '@/lib/messaging/protocol';
import { normalizeApiKey, type ApiKeyStore, type StoredApiKey } from '@/lib/settings/api-key';
import type { KvStore } from '@/lib/storage/kv-store';
import { ACCOUNT_KEY } from '@/lib/storage/keys';

/** The last `/v1/me` answer (never the key) and when it was read. */
export interface StoredAccount {
  account: Account;
  checkedAt: number;
}

export interface AccountSessionDeps {
  fetch: FetchLike;
  now: () => number;
  /** Where the key, its API base URL and its refusal live: the background's secret store, out of content scripts' reach. */
  apiKey: ApiKeyStore;
  /** Where the last /v1/me answer is kept: the records database (it names the user), as the worker's KvStore. */
  store: KvStore;
  /** Whether the extension may call this origin (optional host permission); loopback always may. */
  canReach?: (origin: string) => Promise<boolean>;
  /** `keyRejected` changed (a 401 seen, or a key saved/removed/retried since). */
  onKeyRejectedChange?: (rejected: boolean) => void;
}

/**
 * The key, the address it goes to, the account it resolves to and the client built from them. The key
 * and its address are read here and nowhere else, both from the secret store and nothing else (no
 * `storage.*` value can send the key elsewhere); what leaves this module is the account identity and
 * the address, never the key.
 *
 * A key the API refused (401) stays refused across worker and browser restarts (the refusal is stored
 * in the key's record): nothing is sent with it until the user saves a key, or asks to retry.
 */
export class AccountSession {
  /** The secret-store record as last read or written (key, baseUrl, refusedAt). */
  private record: StoredApiKey | null = null;
  private stored: StoredAccount | null = null;
  private clientCache: DirectoryClient | null = null;
  private retrying: Promise<boolean> | null = null;
  /** Record writes, in order: the last one asked for is the one stored. */
  private writes: Promise<void> = Promise.resolve();

  constructor(private readonly deps: AccountSessionDeps) {}

  async load(): Promise<void> {
    const [record, stored] = await Promise.all([this.deps.apiKey.get(), this.deps.store.get<StoredAccount>(ACCOUNT_KEY)]);
    this.record = record;
    // No key, no account: one left by a removal the browser cut short is not this session's.
    this.stored = record ? (stored ?? null) : null;
    this.clientCache = null;
  }

  /** The API refused the saved key (a 401, now or before a restart): nothing is sent with it but a retry's `/v1/me`. */
  get keyRejected(): boolean {
    return this.record?.refusedAt !== undefined;
  }

  /**
   * The API answered 401 to the saved key (any call: lookup, search, reveal, /v1/me). Stops every call
   * at once (each try would count against the per-IP rejected-key limit); resolves once the refusal is
   * stored with the key, so a restarted worker or browser still knows.
   */
  rejectKey(): Promise<void> {
    const record = this.record;
    if (!record || record.refusedAt !== undefined) return this.writes;
    // Not stored (the disk failed): this worker still sends nothing with it.
    return this.replace({ ...record, refusedAt: this.deps.now() }).catch(() => undefined);
  }

  /**
   * The user asked to try again (the key may have been fixed server-side). Only for a refused key, and
   * then exactly one free `GET /v1/me` (calls running together share it): 200 clears the refusal and
   * remembers the account, 401 keeps it, anything else (network, 429, 5xx) changes nothing. Resolves to
   * whether the key is still refused.
   */
  retryKey(): Promise<boolean> {
    const record = this.record;
    if (!record || record.refusedAt === undefined) return Promise.resolve(false);
    this.retrying ??= this.retry(record).finally(() => (this.retrying = null));
    return this.retrying;
  }

  private async retry(record: StoredApiKey): Promise<boolean> {
    const res = await this.clientFor(record).me();
    // Saved or removed meanwhile: that newer state stands.
    if (this.record !== record) return this.keyRejected;
    if (res.ok) {
      const { refusedAt: _cleared, ...working } = record;
      await Promise.all([this.replace(working), this.remember(res.data)]);
    }
    return this.keyRejected;
  }

  get hasKey(): boolean {
    return this.record !== null;
  }
  get account(): Account | null {
    return this.stored?.account ?? null;
  }
  get accountId(): string | null {
    return this.stored?.account.id ?? null;
  }
  /** Where the saved key goes ('' with no key): the address saved with it, never a setting. */
  get baseUrl(): string {
    return this.record?.baseUrl ?? '';
  }
  /** When the stored `/v1/me` answer was read (null: none). */
  get checkedAt(): number | null {
    return this.stored?.checkedAt ?? null;
  }

  /** The client for the saved key and its address. It sends nothing while the key is refused, even a call queued before the 401. */
  client(): DirectoryClient | null {
    const record = this.record;
    if (!record) return null;
    // Also refuses once the key or its address changed: a call queued for the old pair is not sent.
    return (this.clientCache ??= this.clientFor(record, () => this.keyRejected || !sameKey(this.record, record)));
  }

  private clientFor({ baseUrl, key }: Pick<StoredApiKey, 'baseUrl' | 'key'>, keyRefused?: () => boolean): DirectoryClient {
    return createDirectoryClient({
      baseUrl,
      apiKey: key,
      fetch: this.deps.fetch,
      now: this.deps.now,
      ...(keyRefused ? { keyRefused } : {}),
    });
  }

  /** Refresh the identity (0 credits); null on failure. Never asked for a refused key (only retryKey asks then). */
  async refresh(): Promise<Account | null> {
    const client = this.keyRejected ? null : this.client();
    if (!client) return null;
    const res = await client.me();
    if (!res.ok) {
      if (res.error.kind === 'unauthorized') await this.rejectKey();
      return null;
    }
    await this.remember(res.data);
    return res.data;
  }

  /**
   * Check a key with `GET /v1/me` (free) before storing anything; a key that does not work is never
   * stored. The key stays on the address the user gave: a different `baseUrl` in the answer is only
   * returned as a proposal (https only) for the options page to show and the user to confirm, by
   * saving again with that address.
   */
  async save(rawKey: string, rawBaseUrl: string): Promise<SaveKeyOutcome & { previousAccountId: string | null }> {
    const previousAccountId = this.accountId;
    const apiKey = normalizeApiKey(rawKey);
    if (!apiKey) return { ok: false, reason: 'unauthorized', message: NOT_AN_API_KEY, previousAccountId };
    const parsed = checkApiBase(rawBaseUrl);
    if (!parsed.ok) {
      const message = parsed.problem === 'insecure' ? insecureUrlText(LOOPBACK_ALLOWED) : INVALID_URL;
      return { ok: false, reason: 'invalid-base-url', message, previousAccountId };
    }
    const { baseUrl } = parsed;
    // An https origin: only one the user granted (the optional host permission).
    if (!parsed.loopback && this.deps.canReach && !(await this.deps.canReach(parsed.origin)))
      return { ok: false, reason: 'no-permission', message: hostNotAllowedText(parsed.origin), previousAccountId };
    const res = await this.clientFor({ baseUrl, key: apiKey }).me();
    // A failed key check in the table's words; kinds without words of their own keep the call's message.
    if (!res.ok)
      return { ok: false, reason: res.error.kind, message: keyCheckText(res.error.kind) ?? res.error.message, previousAccountId };

    // Never followed here: a change of host is the user's decision (the options page asks).
    const reported = judgeReportedBase(res.data.baseUrl, baseUrl);
    // The key and the address it was just checked at, in one write (and no refusal: it just worked).
    await this.replace({ key: apiKey, baseUrl });
    await this.remember(res.data);
    return {
      ok: true,
      account: res.data,
      baseUrl,
      ...(reported.kind === 'propose' ? { proposedBaseUrl: reported.baseUrl } : {}),
      ...(reported.kind === 'refuse' ? { refusedBaseUrl: reported.baseUrl } : {}),
      previousAccountId,
    };
  }

  /** Removes the key; returns the account it named. The stored account goes with `key-removed` (lib/storage/clear-runner.ts). */
  async remove(): Promise<string | null> {
    const accountId = this.accountId;
    this.stored = null;
    await this.replace(null);
    return accountId;
  }

  /**
   * The one way the record changes: in memory at once (so every check from now on sees it), then in the
   * secret store, after any write still under way. Tells the meter when `keyRejected` changed.
   */
  private replace(next: StoredApiKey | null): Promise<void> {
    const wasRejected = this.keyRejected;
    if (!sameKey(next, this.record)) this.clientCache = null;
    this.record = next;
    const write = () => (next ? this.deps.apiKey.set(next) : this.deps.apiKey.remove());
    const written = this.writes.then(write);
    this.writes = written.catch(() => undefined); // a failed write does not block the next one
    // The meter shows it: a refused key must not look like a healthy account anywhere.
    if (this.keyRejected !== wasRejected) this.deps.onKeyRejectedChange?.(this.keyRejected);
    return written;
  }

  private async remember(account: Account): Promise<void> {
    this.stored = { account, checkedAt: this.deps.now() };
    await this.deps.store.set(ACCOUNT_KEY, this.stored);
  }
}

function sameKey(a: StoredApiKey | null, b: StoredApiKey | null): boolean {
  return a?.key === b?.key && a?.baseUrl === b?.baseUrl;
}
