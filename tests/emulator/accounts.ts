// Seeded accounts and keys. A key names its account; several keys may share one account (and its allowance).

import type { Scope, Tier } from './types';

export interface AccountSeed {
  id: string;
  name: string;
  email: string;
  /** null -> the default workspace name is reported (see defaultOrganization). */
  organization: string | null;
  tier: Tier;
  balance: number;
}

export interface KeySeed {
  key: string;
  accountId: string;
  label: string;
  scopes: Scope[];
  revoked: boolean;
}

const BOTH: Scope[] = ['read:metadata', 'read:contacts'];

/** Enterprise has no credit ceiling; we still report (and debit) a number so clients always see one. */
export const ENTERPRISE_BALANCE = 1_000_000_000;

export const ACCOUNT_SEEDS: readonly AccountSeed[] = [
  { id: 'acc_free_empty', name: 'Fran Free', email: 'fran@example.com', organization: null, tier: 'free', balance: 0 },
  { id: 'acc_free_low', name: 'Lou Lowbalance', email: 'lou@example.com', organization: null, tier: 'free', balance: 7 },
  { id: 'acc_free200', name: 'Vera Verified', email: 'vera@example.com', organization: null, tier: 'free', balance: 200 },
  { id: 'acc_starter', name: 'Sam Starter', email: 'sam@example.com', organization: 'Starter BD', tier: 'starter', balance: 3000 },
  { id: 'acc_starter_empty', name: 'Eddie Empty', email: 'eddie@example.com', organization: null, tier: 'starter', balance: 0 },
  { id: 'acc_pro', name: 'Priya Pro', email: 'pro@example.com', organization: 'Acme Listings', tier: 'pro', balance: 6000 },
  { id: 'acc_pro_low', name: 'Lena Low', email: 'lena@example.com', organization: 'Shoestring BD', tier: 'pro', balance: 3 },
  { id: 'acc_team', name: 'Tia Team', email: 'team@example.com', organization: 'Northwind BD Desk', tier: 'team', balance: 15000 },
  {
    id: 'acc_enterprise',
    name: 'Enzo Enterprise',
    email: 'enterprise@example.com',
    organization: 'Globex Exchange',
    tier: 'enterprise',
    balance: ENTERPRISE_BALANCE,
  },
  { id: 'acc_no_contacts', name: 'Mo Metadata', email: 'mo@example.com', organization: null, tier: 'pro', balance: 6000 },
  { id: 'acc_revoked', name: 'Rex Revoked', email: 'rex@example.com', organization: null, tier: 'starter', balance: 3000 },
];

export const KEY_SEEDS: readonly KeySeed[] = [
  { key: 'test_free_empty', accountId: 'acc_free_empty', label: 'Free (0 credits, sample mode)', scopes: BOTH, revoked: false },
  { key: 'test_free_low', accountId: 'acc_free_low', label: 'Free (7 credits)', scopes: BOTH, revoked: false },
  { key: 'test_free', accountId: 'acc_free200', label: 'Free (200 credits)', scopes: BOTH, revoked: false },
  { key: 'test_starter', accountId: 'acc_starter', label: 'Starter', scopes: BOTH, revoked: false },
  { key: 'test_starter_empty', accountId: 'acc_starter_empty', label: 'Starter (empty)', scopes: BOTH, revoked: false },
  { key: 'test_pro', accountId: 'acc_pro', label: 'Pro laptop', scopes: BOTH, revoked: false },
  { key: 'test_pro_2', accountId: 'acc_pro', label: 'Pro CI', scopes: BOTH, revoked: false },
  { key: 'test_pro_low', accountId: 'acc_pro_low', label: 'Pro (3 credits)', scopes: BOTH, revoked: false },
  { key: 'test_team', accountId: 'acc_team', label: 'Team shared', scopes: BOTH, revoked: false },
  { key: 'test_enterprise', accountId: 'acc_enterprise', label: 'Enterprise', scopes: BOTH, revoked: false },
  { key: 'test_no_contacts', accountId: 'acc_no_contacts', label: 'Metadata only', scopes: ['read:metadata'], revoked: false },
  { key: 'test_revoked', accountId: 'acc_revoked', label: 'Old key (revoked)', scopes: BOTH, revoked: true },
];

export const SEEDED_KEYS: readonly string[] = Object.freeze(KEY_SEEDS.map((k) => k.key));

export const PAID_TIERS: readonly Tier[] = ['starter', 'pro', 'team', 'enterprise'];
export const TIERS: readonly Tier[] = ['free', ...PAID_TIERS];
export const SCOPES: readonly Scope[] = ['read:metadata', 'read:contacts'];

export const defaultOrganization = (name: string): string => `${name}'s workspace`;

/** Display prefix of a key: enough to recognise it, never the whole secret. */
export const keyPrefix = (key: string): string => `${key.slice(0, Math.min(6, Math.max(1, key.length - 2)))}…`;
