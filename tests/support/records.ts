/*
 * The one set of directory records for tests: wire JSON as the API sends it (`*Json`, for client and
 * schema tests that parse it) and the same records parsed through the API schemas (`aProject`,
 * `aPerson`…, the shape the worker stores and the pages render), plus one TabState per status.
 */
import {
  AccountSchema,
  InvestorSchema,
  PersonSchema,
  PortfolioRowSchema,
  ProjectSchema,
  type Account,
  type Investor,
  type InvestorDetail,
  type Person,
  type PersonDetail,
  type PortfolioRow,
  type Project,
  type ProjectDetail,
  type SampleInfo,
} from '../../lib/api';
import { priceTable, type Endpoint } from '../../lib/credits/price-table';
import type { RevealRecord } from '../../lib/credits/reveals';
import type { DetectedProfile } from '../../lib/profile/types';
import type { Prices } from '../../lib/tab-state/meter-prices';
import type { CreditMeter, IdleReason, TabState, TabStateOf } from '../../lib/tab-state/tab-state';
import type { ContactCard } from '../../lib/contacts/contact-card';
import { failureText } from '../../lib/messages/texts';

type Json = Record<string, unknown>;

export function meta(creditsCharged = 5, creditsBalance = 195): { creditsCharged: number; creditsBalance: number } {
  return { creditsCharged, creditsBalance };
}

/** A project record as the API sends it (API 1.5.0, every documented field present). */
export function projectJson(overrides: Json = {}): Json {
  return {
    id: 'cmp_quantlayer',
    name: 'QuantLayer',
    slug: 'quantlayer',
    companyType: 'project',
    ticker: 'QLR',
    domain: 'quantlayer.xyz',
    sectors: ['DeFi', 'Derivatives'],
    chains: ['Ethereum', 'Arbitrum'],
    size: '11-50',
    logoUrl: 'https://cdn.directory.example/logos/quantlayer.png',
    twitterHandle: 'QuantLayerHQ',
    communityLink: 'https://t.me/quantlayer',
    discordUrl: 'https://discord.gg/quantlayer',
    linkedinUrl: 'https://www.linkedin.com/company/quantlayer',
    tokenLaunched: true,
    tokenLink: 'https://www.coingecko.com/en/coins/quantlayer',
    aiSummary: 'QuantLayer runs an on-chain perpetuals venue.',
    followers: 12000,
    handleHistory: ['quantlayer_old'],
    twitterRisk: 'low',
    lifecycle: null,
    createdAt: '2024-01-02T03:04:05.000Z',
    ...overrides,
  };
}

/** A person record as the API sends it on a lookup: locked, contacts withheld, the company embedded. */
export function personJson(overrides: Json = {}): Json {
  return {
    id: 'per_ada',
    slug: 'ada-lindqvist',
    firstName: 'Ada',
    lastName: 'Lindqvist',
    jobTitle: 'Founder & CEO',
    twitterHandle: 'AdaQuant',
    avatarUrl: 'https://cdn.directory.example/avatars/per_ada.jpg',
    isCreator: true,
    creatorFollowerCount: 48200,
    companyId: 'cmp_quantlayer',
    company: projectJson(),
    createdAt: '2024-02-03T04:05:06.000Z',
    isLocked: true,
    hasEmail: true,
    hasPhone: true,
    hasTelegram: true,
    hasLinkedin: false,
    email: null,
    phone: null,
    telegram: null,
    linkedinUrl: null,
    ...overrides,
  };
}

/** A fund record as `/v1/investors/{key}` sends it. */
export function investorJson(overrides: Json = {}): Json {
  return {
    id: 'cmp_meridian',
    name: 'Meridian Ventures',
    slug: 'meridian-ventures',
    companyType: 'investor',
    logoUrl: 'https://cdn.directory.example/logos/meridian.png',
    domain: 'meridian.vc',
    linkedinUrl: null,
    discordUrl: null,
    twitterHandle: 'MeridianVC',
    communityLink: null,
    fundType: 'Venture',
    entityKind: 'organization',
    fundAllTimeRoiPct: 312.4,
    trustTier: 'A',
    trustTierRank: 3,
    aiSummary: 'Meridian backs early DeFi infrastructure.',
    followers: 5000,
    handleHistory: [],
    twitterRisk: null,
    altRoles: ['service'],
    portfolioCount: 2,
    lifecycle: null,
    createdAt: '2023-05-06T07:08:09.000Z',
    ...overrides,
  };
}

export function portfolioRowJson(overrides: Json = {}): Json {
  return {
    investmentId: 'inv_1',
    company: { id: 'cmp_quantlayer', name: 'QuantLayer' },
    roundType: 'Seed',
    roundEventName: 'QuantLayer Seed',
    amountUsd: 12_500_000,
    announceDate: '2024-03-14T09:00:00.000Z',
    isLead: true,
    ...overrides,
  };
}

/** The `/v1/me` body as the emulator's `test_pro` key reports it. */
export function accountJson(overrides: Json = {}, keyOverrides: Json = {}): Json {
  return {
    apiVersion: '1.5.0',
    baseUrl: 'http://127.0.0.1:8787',
    docs: 'http://127.0.0.1:8788/docs',
    endpoints: [
      { method: 'GET', path: '/v1/me', summary: 'Account identity', credits: 0 },
      { method: 'GET', path: '/v1/search', summary: 'Search people and projects', credits: 5 },
      { method: 'GET', path: '/v1/people/{id}?include=private', summary: 'Reveal a contact', credits: 10 },
    ],
    id: 'acc_pro',
    name: 'Priya Pro',
    email: 'pro@example.com',
    tier: 'pro',
    sampleMode: false,
    organization: 'Acme Listings',
    creditsBalance: 6000,
    apiKey: { label: 'Pro laptop', prefix: 'test_p…', scopes: ['read:metadata', 'read:contacts'], environment: 'live', ...keyOverrides },
    pricing: { currency: 'credits', basicCallCredits: 5, privateCallCredits: 10, note: 'A data call costs 5 credits.' },
    meta: meta(0, 6000),
    ...overrides,
  };
}

/** The account identity parsed (so defaults apply), as the worker keeps it. */
export function anAccount(overrides: Json = {}, keyOverrides: Json = {}): Account {
  return AccountSchema.parse(accountJson(overrides, keyOverrides));
}

export function aProject(overrides: Record<string, unknown> = {}): Project {
  return ProjectSchema.parse(projectJson(overrides));
}

export function aPerson(overrides: Record<string, unknown> = {}): Person {
  return PersonSchema.parse(personJson(overrides));
}

export function anInvestor(overrides: Record<string, unknown> = {}): Investor {
  return InvestorSchema.parse(investorJson(overrides));
}

/** A fund as it arrives in a search row or as `person.company`: a project-shaped record. */
export function aFundProject(overrides: Record<string, unknown> = {}): Project {
  return aProject({
    id: 'cmp_meridian',
    name: 'Meridian Ventures',
    slug: 'meridian-ventures',
    companyType: 'investor',
    ticker: null,
    tokenLaunched: null,
    tokenLink: null,
    twitterHandle: 'MeridianVC',
    ...overrides,
  });
}

export function aPortfolioRow(overrides: Record<string, unknown> = {}): PortfolioRow {
  return PortfolioRowSchema.parse(portfolioRowJson(overrides));
}

export function anInvestorDetail(overrides: Partial<InvestorDetail> = {}): InvestorDetail {
  return {
    investor: anInvestor(),
    team: [aPerson({ id: 'per_marcus', firstName: 'Marcus', lastName: 'Hale', jobTitle: 'General Partner', company: null })],
    portfolio: [
      aPortfolioRow(),
      aPortfolioRow({ investmentId: 'inv_2', company: 'Harborline', roundType: 'Series A', amountUsd: 30_000_000, isLead: false }),
    ],
    ...overrides,
  };
}

export function aProjectDetail(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    project: aProject(),
    team: [aPerson({ id: 'per_tomas', firstName: 'Tomas', lastName: 'Reyes', jobTitle: 'CTO' })],
    ...overrides,
  };
}

export function aPersonDetail(overrides: Partial<PersonDetail> = {}): PersonDetail {
  return {
    person: aPerson(),
    coworkers: [aPerson({ id: 'per_tomas', firstName: 'Tomas', lastName: 'Reyes', jobTitle: 'CTO' })],
    ...overrides,
  };
}

export function aRevealRecord(overrides: Partial<RevealRecord> = {}): RevealRecord {
  return {
    accountId: 'acc_pro',
    personId: 'per_ada',
    name: 'Ada Lindqvist',
    channels: { email: 'ada@quantlayer.xyz', phone: '+1 415 555 0100', telegram: '@adaquant', linkedinUrl: null },
    at: Date.UTC(2025, 0, 2),
    creditsCharged: 10,
    ...overrides,
  };
}

/** The account's prices as the meter carries them: the spec's table (/v1/me as the emulator answers it), with `overrides`. */
export function accountPrices(overrides: Partial<Record<Endpoint, number>> = {}): Prices {
  return { ...priceTable().prices, ...overrides };
}

/** An account whose /v1/me prices differ from the spec's: a data call 7, a first reveal 12. */
export const PRICES_7_12: Prices = accountPrices({
  search: 7,
  people: 7,
  person: 7,
  reveal: 12,
  projects: 7,
  project: 7,
  investors: 7,
  investor: 7,
  services: 7,
  service: 7,
});

export function aMeter(overrides: Partial<CreditMeter> = {}): CreditMeter {
  return {
    hasKey: true,
    accountName: 'Priya Pro',
    tier: 'pro',
    balance: 5990,
    spentToday: 10,
    dailyBudget: 150,
    lowBalanceWarning: 50,
    sampleMode: false,
    halted402: false,
    prices: accountPrices(),
    ...overrides,
  };
}

/** A meter as an older version stored it (or before /v1/me answered): no `prices`, no `remainingToday`. */
export function anOldMeter(overrides: Partial<CreditMeter> = {}): CreditMeter {
  const { prices: _prices, remainingToday: _remaining, ...meter } = aMeter(overrides);
  return meter;
}

export function aSample(overrides: Partial<SampleInfo> = {}): SampleInfo {
  return {
    notice: 'NOT REAL DATA: sample answer. Your balance of 0 credits is below the 5 credits this call costs.',
    creditsRequired: 5,
    creditsBalance: 0,
    topUpNeeded: 5,
    upgradeUrl: 'https://app.directory.example/pricing',
    ...overrides,
  };
}

export const X_PROFILE: DetectedProfile = { site: 'x', handle: 'AdaQuant', key: 'x:adaquant', url: 'https://x.com/AdaQuant' };

const common = { tabId: 7, profile: X_PROFILE, hints: { name: 'Ada Lindqvist' }, updatedAt: Date.UTC(2025, 0, 2) };

type Extra<S extends TabState['status']> = Partial<Omit<TabStateOf<S>, 'status'>>;

/** One TabState per status, with sensible defaults. */
export const states = {
  noKey: (o: Extra<'no-key'> = {}): TabState => ({ ...common, status: 'no-key', ...o }),
  idle: (reason: IdleReason = 'no-profile', o: Extra<'idle'> = {}): TabState => ({
    ...common,
    ...(reason === 'no-profile' || reason === 'not-shown' ? { profile: null, hints: {} } : {}),
    status: 'idle',
    reason,
    ...o,
  }),
  lookingUp: (o: Extra<'looking-up'> = {}): TabState => ({ ...common, status: 'looking-up', ...o }),
  matched: (o: Extra<'matched'> = {}): TabState => ({ ...common, status: 'matched', person: aPerson(), organization: aProject(), ...o }),
  candidates: (o: Extra<'candidates'> = {}): TabState => ({
    ...common,
    status: 'candidates',
    people: [
      aPerson({
        id: 'per_okafor_1',
        firstName: 'Daniel',
        lastName: 'Okafor',
        twitterHandle: 'DanielOkafor',
        jobTitle: 'Head of Growth',
        company: aProject({ id: 'cmp_h', name: 'Harborline' }),
      }),
      aPerson({
        id: 'per_okafor_2',
        firstName: 'Daniel',
        lastName: 'Okafor',
        twitterHandle: 'dokafor_sec',
        jobTitle: 'Lead Auditor',
        company: aProject({ id: 'cmp_s', name: 'Sentinel Audits', companyType: 'service' }),
        hasTelegram: false,
      }),
    ],
    organizations: [],
    ...o,
  }),
  notFound: (o: Extra<'not-found'> = {}): TabState => ({ ...common, status: 'not-found', query: 'Zebulon Quistwhistle', ...o }),
  sample: (o: Extra<'sample'> = {}): TabState => ({
    ...common,
    status: 'sample',
    sample: aSample(),
    people: [aPerson({ id: 'smp_1', firstName: 'Sample', lastName: 'Person', email: null })],
    projects: [aProject({ id: 'smp_c', name: 'Sample Labs' })],
    ...o,
  }),
  pausedBudget: (o: Extra<'paused-budget'> = {}): TabState => ({
    ...common,
    status: 'paused-budget',
    estimate: 5,
    remainingToday: 3,
    dailyBudget: 150,
    ...o,
  }),
  outOfCredits: (o: Extra<'out-of-credits'> = {}): TabState => ({
    ...common,
    status: 'out-of-credits',
    balance: 2,
    message: failureText({ kind: 'payment-required', status: 402 }, 'none'),
    ...o,
  }),
  rateLimited: (o: Extra<'rate-limited'> = {}): TabState => ({
    ...common,
    status: 'rate-limited',
    resumeAt: Date.now() + 42_000,
    message: 'Too many requests',
    ...o,
  }),
  badKey: (o: Extra<'bad-key'> = {}): TabState => ({ ...common, status: 'bad-key', message: 'Invalid API key', ...o }),
  missingScope: (o: Extra<'missing-scope'> = {}): TabState => ({
    ...common,
    status: 'missing-scope',
    message: 'Missing scope read:contacts',
    ...o,
  }),
  wrongHost: (o: Extra<'wrong-host'> = {}): TabState => ({
    ...common,
    status: 'wrong-host',
    message: failureText({ kind: 'wrong-host', status: 404, cause: 'html' }),
    ...o,
  }),
  error: (o: Extra<'error'> = {}): TabState => ({ ...common, status: 'error', message: 'Server error (502)', retryable: true, ...o }),
};

/** Ada's contact as the "Copy all" and vCard builders take it (lib/contacts/contact-card.ts), every channel known. */
export function aContactCard(overrides: Partial<ContactCard> = {}): ContactCard {
  return {
    firstName: 'Ada',
    lastName: 'Lindqvist',
    name: 'Ada Lindqvist',
    title: 'Founder & CEO',
    company: 'QuantLayer',
    xHandle: 'AdaQuant',
    email: 'ada@quantlayer.xyz',
    phone: '+46 70 123 45 67',
    telegram: '@adaquant',
    linkedinUrl: 'https://www.linkedin.com/in/ada-lindqvist',
    ...overrides,
  };
}
