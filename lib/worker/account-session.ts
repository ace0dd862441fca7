import { createDirectoryClient, type Account, type DirectoryClient, type FetchLike } from '@/lib/api';
import { checkApiBase, judgeReportedBase, LOOPBACK_ALLOWED } from '@/lib/api/api-origin-policy';
import { INVALID_URL, insecureUrlText, keyCheckText } from '@/lib/messages/texts';
import type { SaveKeyOutcome } from '@/lib/messaging/protocol';
import { getSettings, updateSettings } from '@/lib/settings';
import { normalizeApiKey, type ApiKeyStore } from '@/lib/settings/api-key';
import { storedAccountItem, type StoredAccount } from '@/lib/storage/items';

export interface AccountSessionDeps {
  fetch: FetchLike;
  now: () => number;
  /** Where the key lives: the background's secret store, out of content scripts' reach. */
  apiKey: ApiKeyStore;
  /** Whether the extension may call this origin (optional host permission); loopback always may. */
  canReach?: (origin: string) => Promise<boolean>;
  /** `keyRejected` changed (a 401 seen, or a key saved/removed since). */
  onKeyRejectedChange?: (rejected: boolean) => void;
}

/**
 * The key, the account it resolves to and the client built from them. The key is read here and
 * nowhere else; what leaves this module is the account identity, which has no key in it.
 */
export class AccountSession {
  private key: string | null = null;
  private stored: StoredAccount | null = null;
  private base = '';
  private clientCache: DirectoryClient | null = null;
  private rejected = false;

  constructor(private readonly deps: AccountSessionDeps) {}

  async load(): Promise<void> {
    const [key, stored, settings] = await Promise.all([this.deps.apiKey.get(), storedAccountItem.getValue(), getSettings()]);
    this.key = key;
    this.stored = stored;
    this.base = settings.apiBaseUrl;
    this.clientCache = null;
  }

  /** A 401 mid-session: stop calling (each try would count against the per-IP rejected-key limit). */
  get keyRejected(): boolean {
    return this.rejected;
  }

  /** The API answered 401 to the saved key (any call: lookup, search, reveal, /v1/me). */
  rejectKey(): void {
    this.setRejected(true);
  }

  /** The user asked to try again (the key may have been fixed server-side): allow one more call. */
  retryKey(): void {
    this.setRejected(false);
  }

  private setRejected(value: boolean): void {
    if (value === this.rejected) return;
    this.rejected = value;
    // The meter shows it: a refused key must not look like a healthy account anywhere.
    this.deps.onKeyRejectedChange?.(value);
  }

  get hasKey(): boolean {
    return this.key !== null;
  }
  get account(): Account | null {
    return this.stored?.account ?? null;
  }
  get accountId(): string | null {
    return this.stored?.account.id ?? null;
  }
  get baseUrl(): string {
    return this.base;
  }
  get apiVersion(): string | null {
    return this.stored?.account.apiVersion ?? null;
  }

  client(): DirectoryClient | null {
    if (!this.key) return null;
    this.clientCache ??= createDirectoryClient({ baseUrl: this.base, apiKey: this.key, fetch: this.deps.fetch, now: this.deps.now });
    return this.clientCache;
  }

  /** Refresh the identity (0 credits). Returns the failure kind, if any. */
  async refresh(): Promise<Account | null> {
    const client = this.client();
    if (!client) return null;
    const res = await client.me();
    if (!res.ok) {
      if (res.error.kind === 'unauthorized') this.rejectKey();
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
    if (!apiKey) return { ok: false, reason: 'unauthorized', message: 'That does not look like an API key.', previousAccountId };
    const parsed = checkApiBase(rawBaseUrl);
    if (!parsed.ok) {
      const message = parsed.problem === 'insecure' ? insecureUrlText(LOOPBACK_ALLOWED) : INVALID_URL;
      return { ok: false, reason: 'invalid-base-url', message, previousAccountId };
    }
    const { baseUrl } = parsed;
    if (!parsed.loopback && !(await this.reachable(parsed.origin))) {
      return {
        ok: false,
        reason: 'no-permission',
        message: `The extension is not allowed to contact ${parsed.origin}.`,
        previousAccountId,
      };
    }
    const probe = createDirectoryClient({ baseUrl, apiKey, fetch: this.deps.fetch, now: this.deps.now });
    const res = await probe.me();
    if (!res.ok)
      return { ok: false, reason: res.error.kind, message: keyErrorMessage(res.error.kind, res.error.message), previousAccountId };

    // Never followed here: a change of host is the user's decision (the options page asks).
    const reported = judgeReportedBase(res.data.baseUrl, baseUrl);
    await this.deps.apiKey.set(apiKey);
    await updateSettings({ apiBaseUrl: baseUrl });
    this.key = apiKey;
    this.base = baseUrl;
    this.clientCache = null;
    this.setRejected(false);
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

  async remove(): Promise<string | null> {
    const accountId = this.accountId;
    await Promise.all([this.deps.apiKey.remove(), storedAccountItem.removeValue()]);
    this.key = null;
    this.stored = null;
    this.clientCache = null;
    this.setRejected(false);
    return accountId;
  }

  private async remember(account: Account): Promise<void> {
    this.stored = { account, checkedAt: this.deps.now() };
    await storedAccountItem.setValue(this.stored);
  }

  /** An https origin: only one the user granted (the optional host permission). */
  private async reachable(origin: string): Promise<boolean> {
    return this.deps.canReach ? this.deps.canReach(origin) : true;
  }
}

/** A failed key check (the free GET /v1/me) in the table's words; kinds without words of their own keep the call's message. */
function keyErrorMessage(kind: string, fallback: string): string {
  return keyCheckText(kind) ?? fallback;
}
