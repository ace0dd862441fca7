// Test control: account patches, ledger, fault injection, record patches, runtime config, reset.
// The same operations are served over HTTP under /__emulator/ (no auth: it is a local test double).

import { z } from 'zod';
import { SCOPES, TIERS } from './accounts';
import { faultsFrom, type FaultInjection } from './faults';
import { CORS_HEADERS, jsonResponse } from './http';
import { SEEDED_PRICES, type Prices } from './pricing';
import { indexDirectory } from './seed-directory';
import { resetState, type EmulatorState, type LedgerEntry, type RuntimeConfig } from './state';
import type { ApiVersion, ResetUnit, Scope, Tier } from './types';

export interface AccountPatch {
  balance?: number;
  tier?: Tier;
  scopes?: Scope[];
  /** Extension: revoke (or restore) the key. */
  revoked?: boolean;
}

export interface AccountView {
  id: string;
  tier: Tier;
  balance: number;
  scopes: Scope[];
  revoked: boolean;
}

export interface ConfigurePatch {
  apiVersion?: ApiVersion;
  resetUnit?: ResetUnit;
  latencyMs?: number;
  /** Requests per minute: a number for every tier, or per tier (enterprise then also counts per minute). */
  rateLimitPerMinute?: number | Partial<Record<Tier, number>>;
  /** The `baseUrl` GET /v1/me reports (any string, e.g. another host); null reports the emulator's own again. */
  reportedBaseUrl?: string | null;
  /**
   * Change the prices mid-session (integers >= 0): `basic` for every data call (search, lists, details, re-reading an
   * unlocked contact), `private` for a first reveal. A field left out keeps its current price; null restores the seeded
   * 5/10. Metering and GET /v1/me both follow at once (a client that read /v1/me before holds stale prices).
   */
  prices?: Partial<Prices> | null;
}

export interface EmulatorControl {
  /** balance/tier patch the key's account (shared by its keys); scopes/revoked patch the key itself. */
  setAccount(key: string, patch: AccountPatch): AccountView;
  account(key: string): AccountView;
  reset(): void;
  ledger(key?: string): LedgerEntry[];
  inject(faults: FaultInjection): void;
  /** How many injected faults are still waiting for a request. */
  pendingFaults(): number;
  patch(kind: 'person' | 'company', idOrSlug: string, fields: Record<string, unknown>): void;
  configure(patch: ConfigurePatch): void;
}

export class UnknownTarget extends Error {}

const tierSchema = z.enum(TIERS as [Tier, ...Tier[]]);
const accountPatchSchema = z.strictObject({
  balance: z.number().finite().min(0).optional(),
  tier: tierSchema.optional(),
  scopes: z.array(z.enum(SCOPES as [Scope, ...Scope[]])).optional(),
  revoked: z.boolean().optional(),
});
const configureSchema = z.strictObject({
  apiVersion: z.enum(['1.5.0', '1.4.0', '1.1.0']).optional(),
  resetUnit: z.enum(['delta-seconds', 'epoch-seconds', 'epoch-ms']).optional(),
  latencyMs: z.number().min(0).optional(),
  rateLimitPerMinute: z.union([z.number().int().positive(), z.partialRecord(tierSchema, z.number().int().positive())]).optional(),
  reportedBaseUrl: z.string().max(2048).nullable().optional(),
  prices: z
    .strictObject({ basic: z.number().int().min(0).optional(), private: z.number().int().min(0).optional() })
    .nullable()
    .optional(),
});
const count = z.number().int().min(0).optional();
const injectSchema = z.strictObject({
  latencyMs: z.number().min(0).optional(),
  fail5xx: count,
  fail429: count,
  drop: count,
  malformed: count,
  html: count,
  chargeThenDrop: count,
  chargeThenDropAfterHeaders: count,
  chargeThenDropMidBody: count,
});
const patchSchema = z.strictObject({
  kind: z.enum(['person', 'company']),
  id: z.string().min(1),
  fields: z.record(z.string(), z.unknown()),
});

// Stored fields a patch writes into the record itself (so search, filters and locking see them);
// any other field is overlaid on the output as given.
const PERSON_FIELDS = new Set<string>([
  'slug',
  'firstName',
  'lastName',
  'jobTitle',
  'twitterHandle',
  'avatarUrl',
  'isCreator',
  'creatorFollowerCount',
  'companyId',
  'createdAt',
  'hasEmail',
  'hasPhone',
  'hasTelegram',
  'hasLinkedin',
  'email',
  'phone',
  'telegram',
  'linkedinUrl',
  'role',
  'contactType',
]);
const COMPANY_FIELDS = new Set<string>([
  'name',
  'slug',
  'companyType',
  'ticker',
  'domain',
  'sectors',
  'chains',
  'size',
  'logoUrl',
  'twitterHandle',
  'communityLink',
  'discordUrl',
  'linkedinUrl',
  'tokenLaunched',
  'tokenLink',
  'aiSummary',
  'followers',
  'handleHistory',
  'twitterRisk',
  'lifecycle',
  'createdAt',
  'fundType',
  'entityKind',
  'fundAllTimeRoiPct',
  'trustTier',
  'trustTierRank',
  'altRoles',
  'portfolio',
]);

function split(fields: Record<string, unknown>, stored: Set<string>): [Record<string, unknown>, Record<string, unknown>] {
  const inRecord: Record<string, unknown> = {};
  const overlay: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) (stored.has(k) ? inRecord : overlay)[k] = v;
  return [inRecord, overlay];
}

export function createControl(state: EmulatorState, initialConfig: RuntimeConfig): EmulatorControl {
  const keyOf = (key: string) => {
    const k = state.keys.get(key);
    const account = k ? state.accounts.get(k.accountId) : undefined;
    if (!k || !account) throw new UnknownTarget(`Unknown key ${key}`);
    return { k, account };
  };
  const view = (key: string): AccountView => {
    const { k, account } = keyOf(key);
    return { id: account.id, tier: account.tier, balance: account.balance, scopes: [...k.scopes], revoked: k.revoked };
  };
  return {
    setAccount(key, patch) {
      const p = accountPatchSchema.parse(patch);
      const { k, account } = keyOf(key);
      if (p.balance !== undefined) account.balance = p.balance;
      if (p.tier !== undefined) account.tier = p.tier;
      if (p.scopes !== undefined) k.scopes = [...new Set(p.scopes)];
      if (p.revoked !== undefined) k.revoked = p.revoked;
      return view(key);
    },
    account: view,
    reset() {
      resetState(state, initialConfig);
    },
    ledger(key) {
      return state.ledger.filter((e) => key === undefined || e.key === key).map((e) => ({ ...e }));
    },
    inject(faults) {
      injectSchema.parse(faults);
      state.faults.push(...faultsFrom(faults)); // the caller's key order, which zod's output would not keep
    },
    pendingFaults() {
      return state.faults.length;
    },
    patch(kind, idOrSlug, fields) {
      if (kind === 'person') {
        const person = state.dir.person(idOrSlug) ?? state.dir.people.find((p) => p.slug === idOrSlug);
        if (!person) throw new UnknownTarget(`Unknown person ${idOrSlug}`);
        const [inRecord, overlay] = split(fields, PERSON_FIELDS);
        const next = { ...person, ...inRecord };
        state.dir = indexDirectory(
          state.seeded.seed,
          state.dir.people.map((p) => (p === person ? next : p)),
          state.dir.companies,
        );
        mergeOverlay(`person:${person.id}`, overlay);
      } else {
        const company = state.dir.company(idOrSlug);
        if (!company) throw new UnknownTarget(`Unknown company ${idOrSlug}`);
        const [inRecord, overlay] = split(fields, COMPANY_FIELDS);
        const next = { ...company, ...inRecord };
        state.dir = indexDirectory(
          state.seeded.seed,
          state.dir.people,
          state.dir.companies.map((c) => (c === company ? next : c)),
        );
        mergeOverlay(`company:${company.id}`, overlay);
      }
    },
    configure(patch) {
      const p = configureSchema.parse(patch);
      if (p.apiVersion !== undefined) state.config.apiVersion = p.apiVersion;
      if (p.resetUnit !== undefined) state.config.resetUnit = p.resetUnit;
      if (p.latencyMs !== undefined) state.config.latencyMs = p.latencyMs;
      if (p.reportedBaseUrl === null) delete state.config.reportedBaseUrl;
      else if (p.reportedBaseUrl !== undefined) state.config.reportedBaseUrl = p.reportedBaseUrl;
      if (p.prices === null) state.config.prices = { ...SEEDED_PRICES };
      else if (p.prices) {
        const { basic = state.config.prices.basic, private: reveal = state.config.prices.private } = p.prices;
        state.config.prices = { basic, private: reveal };
      }
      if (typeof p.rateLimitPerMinute === 'number') {
        const n = p.rateLimitPerMinute;
        state.config.rateLimitPerMinute = Object.fromEntries(TIERS.map((t) => [t, n]));
      } else if (p.rateLimitPerMinute) {
        Object.assign(state.config.rateLimitPerMinute, p.rateLimitPerMinute);
      }
    },
  };

  function mergeOverlay(key: string, overlay: Record<string, unknown>): void {
    if (Object.keys(overlay).length === 0) return;
    state.overlays.set(key, { ...state.overlays.get(key), ...overlay });
  }
}

/** HTTP face of the control: /__emulator/* on the API origin. */
export async function handleControl(state: EmulatorState, control: EmulatorControl, request: Request): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\/+$/, '');
  const body = async (): Promise<unknown> => {
    const text = await request.text();
    return text.trim() === '' ? {} : (JSON.parse(text) as unknown);
  };
  const ok = (data: unknown): Response => jsonResponse(200, data);
  try {
    if (request.method === 'OPTIONS') return new Response(null, { status: 204, headers: CORS_HEADERS });
    const accountMatch = /^\/__emulator\/accounts\/([^/]+)$/.exec(path);
    if (path === '/__emulator/reset' && request.method === 'POST') {
      control.reset();
      return ok({ ok: true });
    }
    if (accountMatch?.[1] && request.method === 'GET') return ok(control.account(decodeURIComponent(accountMatch[1])));
    if (accountMatch?.[1] && request.method === 'POST')
      return ok(control.setAccount(decodeURIComponent(accountMatch[1]), (await body()) as AccountPatch));
    if (path === '/__emulator/keys' && request.method === 'GET') {
      return ok([...state.keys.values()].map((k) => ({ key: k.key, label: k.label, ...control.account(k.key) })));
    }
    if (path === '/__emulator/ledger' && request.method === 'GET') {
      return ok(control.ledger(url.searchParams.get('key') ?? undefined));
    }
    if (path === '/__emulator/inject' && request.method === 'POST') {
      control.inject((await body()) as FaultInjection);
      return ok({ ok: true, queued: state.faults.length });
    }
    if (path === '/__emulator/patch' && request.method === 'POST') {
      const p = patchSchema.parse(await body());
      control.patch(p.kind, p.id, p.fields);
      return ok({ ok: true });
    }
    if (path === '/__emulator/configure' && request.method === 'POST') {
      control.configure((await body()) as ConfigurePatch);
      return ok({ ok: true, config: state.config });
    }
    return jsonResponse(404, { error: `Unknown control route ${request.method} ${url.pathname}` });
  } catch (e) {
    if (e instanceof UnknownTarget) return jsonResponse(404, { error: e.message });
    if (e instanceof z.ZodError || e instanceof SyntaxError) return jsonResponse(400, { error: e.message });
    throw e;
  }
}
