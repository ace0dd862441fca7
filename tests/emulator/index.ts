// Public entry of the Directory API emulator. See README.md.

export { createEmulator, DEFAULT_APP_URL, DEFAULT_BASE_URL, type Emulator } from './emulator';
export type { AccountPatch, AccountView, ConfigurePatch, EmulatorControl } from './control';
export type { FaultInjection } from './faults';
export type { LedgerEntry } from './state';
export type {
  ApiVersion,
  Channel,
  CompanyRecord,
  CompanyType,
  EmulatorOptions,
  PersonRecord,
  PortfolioEntry,
  ResetUnit,
  Role,
  Scope,
  SeededDirectory,
  Tier,
} from './types';
export { ANCHORS } from './anchors';
export { SEEDED_KEYS, ACCOUNT_SEEDS, KEY_SEEDS, ENTERPRISE_BALANCE } from './accounts';
export { PRICE_TABLE, BASIC_CALL_CREDITS, PRIVATE_CALL_CREDITS, SEEDED_PRICES, priceTable, type Prices } from './pricing';
export { TIER_RATE_LIMITS, REJECTED_AUTH_LIMIT, REVEAL_CAPS } from './rate-limits';
export { DEFAULT_LIMIT, DEFAULT_PAGE, MAX_LIMIT, SEARCH_LIMIT } from './queries';
export { seedDirectory, SEED_COUNTS } from './seed-directory';
