// Shared types of the emulator: internal records (a superset of what the API shows) and options.

export type ApiVersion = '1.5.0' | '1.4.0' | '1.1.0';
export type ResetUnit = 'delta-seconds' | 'epoch-seconds' | 'epoch-ms';
export type Tier = 'free' | 'starter' | 'pro' | 'team' | 'enterprise';
export type Scope = 'read:metadata' | 'read:contacts';
export type CompanyType = 'project' | 'investor' | 'platform' | 'launchpad' | 'service' | 'institution';
export type Lifecycle = 'defunct' | 'deceased' | null;
export type EntityKind = 'organization' | 'individual';
export type Role =
  'founder' | 'executive' | 'engineering' | 'bd' | 'marketing' | 'community' | 'investor' | 'research' | 'operations' | 'legal';
export type ContactType = 'analyst' | 'team';
export type Channel = 'email' | 'phone' | 'telegram' | 'linkedin';

export interface EmulatorOptions {
  seed?: number;
  apiVersion?: ApiVersion;
  baseUrl?: string;
  appUrl?: string;
  now?: () => number;
  resetUnit?: ResetUnit;
  latencyMs?: number;
}

/** A person as stored: every public field under its API name, the private channels, and two filter-only attributes. */
export interface PersonRecord {
  id: string;
  slug: string | null;
  firstName: string;
  lastName: string;
  jobTitle: string;
  twitterHandle: string;
  avatarUrl: string | null;
  isCreator: boolean;
  creatorFollowerCount: number;
  companyId: string | null;
  createdAt: string;
  hasEmail: boolean;
  hasPhone: boolean;
  hasTelegram: boolean;
  hasLinkedin: boolean;
  email: string | null;
  phone: string | null;
  telegram: string | null;
  linkedinUrl: string | null;
  /** Filter-only (not shown in records): bucket of jobTitle, counted in `facets.roles`. */
  role: Role;
  /** Filter-only: `analyst` for independent researchers (no company), `team` otherwise. */
  contactType: ContactType;
}

export interface PortfolioEntry {
  investmentId: string;
  companyId: string;
  roundType: string;
  roundEventName: string;
  amountUsd: number | null;
  announceDate: string;
  isLead: boolean;
}

/** Any company (project, fund, service, platform, launchpad, institution) with the union of project and investor fields. */
export interface CompanyRecord {
  id: string;
  name: string;
  slug: string;
  companyType: CompanyType;
  ticker: string | null;
  domain: string | null;
  sectors: string[];
  chains: string[];
  size: string | null;
  logoUrl: string | null;
  twitterHandle: string | null;
  communityLink: string | null;
  discordUrl: string | null;
  linkedinUrl: string | null;
  tokenLaunched: boolean | null;
  tokenLink: string | null;
  aiSummary: string;
  followers: number;
  handleHistory: string[];
  twitterRisk: 'low' | 'medium' | 'high' | null;
  lifecycle: Lifecycle;
  createdAt: string;
  // Investor-only fields (null / [] on other kinds).
  fundType: string | null;
  entityKind: EntityKind | null;
  fundAllTimeRoiPct: number | null;
  trustTier: string | null;
  trustTierRank: number | null;
  /** Other directories the entity also appears in, e.g. ['service']. */
  altRoles: string[];
  /** Rounds this company backed (funds, and some non-funds that invested). */
  portfolio: PortfolioEntry[];
}

export interface SeededDirectory {
  readonly seed: number;
  readonly people: readonly PersonRecord[];
  /** Every company of every kind. */
  readonly companies: readonly CompanyRecord[];
  /** companyType 'project'. */
  readonly projects: readonly CompanyRecord[];
  /** companyType 'investor' (firms and angels). */
  readonly investors: readonly CompanyRecord[];
  /** What `/v1/services` lists: service, platform, launchpad, plus the overlap (other kinds with altRoles 'service'). */
  readonly services: readonly CompanyRecord[];
  person(id: string): PersonRecord | undefined;
  /** By id or slug. */
  company(idOrSlug: string): CompanyRecord | undefined;
  /** People whose companyId is this company. */
  team(companyId: string): readonly PersonRecord[];
}
