// Everything the emulator changes while it runs; reset() rebuilds it from the seeds and creation options.

import { ACCOUNT_SEEDS, KEY_SEEDS } from './accounts';
import type { Prices } from './pricing';
import { FixedWindows } from './rate-limits';
import { seedDirectory } from './seed-directory';
import type { ApiVersion, ResetUnit, Scope, SeededDirectory, Tier } from './types';

export interface AccountState {
  id: string;
  name: string;
  email: string;
  organization: string | null;
  tier: Tier;
  balance: number;
}

export interface KeyState {
  key: string;
  accountId: string;
  label: string;
  scopes: Scope[];
  revoked: boolean;
}

export interface LedgerEntry {
  at: number;
  accountId: string | null;
  key: string | null;
  method: string;
  path: string;
  /** Raw query string without '?'. */
  query: string;
  status: number;
  creditsCharged: number;
  /** Account balance after the request; null when no account was resolved. */
  balanceAfter: number | null;
  sample: boolean;
  /** Set when an injected fault (or a client abort) answered instead of the API. */
  fault?: FaultKind | 'aborted';
}

export type FaultKind =
  | 'latency'
  | 'fail5xx'
  | 'fail429'
  | 'drop'
  | 'malformed'
  | 'html'
  /** The request is served and charged, then the connection drops: before the first byte, after the headers, mid-body. */
  | 'chargeThenDrop'
  | 'chargeThenDropAfterHeaders'
  | 'chargeThenDropMidBody';

/** Faults that let the request reach the API (and be charged) before the connection is lost. */
export const CHARGED_DROPS = ['chargeThenDrop', 'chargeThenDropAfterHeaders', 'chargeThenDropMidBody'] as const;
export type ChargedDrop = (typeof CHARGED_DROPS)[number];

export interface Fault {
  kind: FaultKind;
  latencyMs: number;
}

export interface RuntimeConfig {
  apiVersion: ApiVersion;
  resetUnit: ResetUnit;
  latencyMs: number;
  /** Per-tier request-per-minute overrides (benches). */
  rateLimitPerMinute: Partial<Record<Tier, number>>;
  /** Test control: the `baseUrl` GET /v1/me reports instead of the emulator's own (a host move, or a hostile API). */
  reportedBaseUrl?: string;
  /** Current prices (seeded 5/10): metering bills them and /v1/me lists them. Read them here, never from the constants. */
  prices: Prices;
}

function copyConfig(config: RuntimeConfig): RuntimeConfig {
  return { ...config, rateLimitPerMinute: { ...config.rateLimitPerMinute }, prices: { ...config.prices } };
}

export interface EmulatorState {
  readonly seeded: SeededDirectory;
  /** Working directory: the seeded one until patch() swaps in patched records. */
  dir: SeededDirectory;
  /** Output-only fields planted by patch() that are not stored record fields, keyed `${kind}:${id}`. */
  overlays: Map<string, Record<string, unknown>>;
  accounts: Map<string, AccountState>;
  keys: Map<string, KeyState>;
  /** accountId -> person ids unlocked by that account (permanent until reset). */
  unlocks: Map<string, Set<string>>;
  ledger: LedgerEntry[];
  accountRate: FixedWindows;
  rejectedAuth: FixedWindows;
  reveals: FixedWindows;
  faults: Fault[];
  fail5xxCount: number;
  config: RuntimeConfig;
  readonly baseUrl: string;
  readonly appUrl: string;
  readonly now: () => number;
}

export function createState(opts: {
  seed: number;
  config: RuntimeConfig;
  baseUrl: string;
  appUrl: string;
  now: () => number;
}): EmulatorState {
  const seeded = seedDirectory(opts.seed);
  const state: EmulatorState = {
    seeded,
    dir: seeded,
    overlays: new Map(),
    accounts: new Map(),
    keys: new Map(),
    unlocks: new Map(),
    ledger: [],
    accountRate: new FixedWindows(),
    rejectedAuth: new FixedWindows(),
    reveals: new FixedWindows(),
    faults: [],
    fail5xxCount: 0,
    config: copyConfig(opts.config),
    baseUrl: opts.baseUrl,
    appUrl: opts.appUrl,
    now: opts.now,
  };
  resetState(state, opts.config);
  return state;
}

export function resetState(state: EmulatorState, config: RuntimeConfig): void {
  state.dir = state.seeded;
  state.overlays.clear();
  state.accounts = new Map(ACCOUNT_SEEDS.map((a) => [a.id, { ...a }]));
  state.keys = new Map(KEY_SEEDS.map((k) => [k.key, { ...k, scopes: [...k.scopes] }]));
  state.unlocks.clear();
  state.ledger = [];
  state.accountRate.clear();
  state.rejectedAuth.clear();
  state.reveals.clear();
  state.faults = [];
  state.fail5xxCount = 0;
  state.config = copyConfig(config);
}

export function unlockedBy(state: EmulatorState, accountId: string | null): ReadonlySet<string> {
  if (accountId === null) return new Set();
  let set = state.unlocks.get(accountId);
  if (!set) {
    set = new Set();
    state.unlocks.set(accountId, set);
  }
  return set;
}
