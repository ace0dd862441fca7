// Hand-written records present in every seeded directory, whatever the seed, so tests, the demo and
// benches can name real people and companies. Ids are fixed strings; seeded records never reuse them.

import type { CompanyRecord, PersonRecord } from './types';

const linkedin = (slug: string): string => `https://www.linkedin.com/in/${slug}`;

export const ANCHORS = {
  /** Founder with all four channels on file; mixed-case X handle; company is a launched-token project. */
  founder: {
    id: 'per_anchor_ada',
    name: 'Ada Lindqvist',
    firstName: 'Ada',
    lastName: 'Lindqvist',
    twitterHandle: 'AdaQuant',
    slug: 'ada-lindqvist',
    linkedinSlug: 'ada-lindqvist',
    companyId: 'cmp_anchor_quantlayer',
  },
  /** Ada's coworker (shows up in her coworkers[] and QuantLayer's team[]). */
  cofounder: {
    id: 'per_anchor_tomas',
    name: 'Tomas Reyes',
    twitterHandle: 'tomas_reyes_dev',
    slug: 'tomas-reyes',
    linkedinSlug: 'tomas-reyes-4b2a91',
    companyId: 'cmp_anchor_quantlayer',
  },
  /** The founder's company: project, ticker, tokenLaunched true. */
  founderCompany: {
    id: 'cmp_anchor_quantlayer',
    name: 'QuantLayer',
    slug: 'quantlayer',
    ticker: 'QLR',
    twitterHandle: 'QuantLayerHQ',
  },
  /** Only Telegram and email on file (no phone, no LinkedIn, so no linkedinUrl). */
  telegramEmailOnly: {
    id: 'per_anchor_mei',
    name: 'Mei Tanaka',
    twitterHandle: 'meitanaka_bd',
    slug: 'mei-tanaka',
    companyId: 'cmp_anchor_harborline',
  },
  /** Two people with the same full name at different companies (LinkedIn candidates). */
  sameName: {
    fullName: 'Daniel Okafor',
    first: {
      id: 'per_anchor_okafor_growth',
      twitterHandle: 'DanielOkafor',
      slug: 'daniel-okafor',
      linkedinSlug: 'daniel-okafor-7a1b3c',
      companyId: 'cmp_anchor_harborline',
      jobTitle: 'Head of Growth',
    },
    second: {
      id: 'per_anchor_okafor_audit',
      twitterHandle: 'dokafor_sec',
      slug: 'daniel-okafor-2',
      linkedinSlug: 'daniel-okafor-audits',
      companyId: 'cmp_anchor_sentinel',
      jobTitle: 'Lead Auditor',
    },
  },
  /** A person whose slug is null. */
  noSlug: {
    id: 'per_anchor_priya',
    name: 'Priya Raman',
    twitterHandle: 'priyaonchain',
    linkedinSlug: 'priya-raman-launchwell',
    companyId: 'cmp_anchor_launchwell',
  },
  /** Project with tokenLaunched null (nobody checked) and no ticker. */
  tokenUnknownProject: { id: 'cmp_anchor_harborline', name: 'Harborline', slug: 'harborline', twitterHandle: 'HarborlineXYZ' },
  /** Defunct project (lifecycle 'defunct'). */
  defunctProject: { id: 'cmp_anchor_lumendrift', name: 'Lumen Drift', slug: 'lumen-drift', ticker: 'LMD', twitterHandle: 'LumenDrift' },
  /** Person at the defunct project. */
  defunctProjectPerson: { id: 'per_anchor_rui', name: 'Rui Carvalho', twitterHandle: 'ruicarvalho_eth', slug: 'rui-carvalho', linkedinSlug: 'rui-carvalho-lumen' },
  /** Fund firm (organization) with portfolio, team and an X handle. */
  fund: { id: 'cmp_anchor_meridian', name: 'Meridian Ventures', slug: 'meridian-ventures', twitterHandle: 'MeridianVC' },
  /** A person at the fund. */
  fundPerson: {
    id: 'per_anchor_marcus',
    name: 'Marcus Hale',
    twitterHandle: 'MarcusHaleVC',
    slug: 'marcus-hale',
    linkedinSlug: 'marcus-hale-meridian',
    companyId: 'cmp_anchor_meridian',
  },
  /** Angel investor (entityKind 'individual'); also a person record (team of one). */
  angel: {
    id: 'cmp_anchor_marchetti',
    name: 'Sofia Marchetti',
    slug: 'sofia-marchetti',
    twitterHandle: 'SofiaAngel',
    personId: 'per_anchor_sofia',
    linkedinSlug: 'sofia-marchetti',
  },
  /** Fund with altRoles ['service'], so it also appears under /v1/services. */
  altRolesFund: { id: 'cmp_anchor_arcadia', name: 'Arcadia Digital', slug: 'arcadia-digital', twitterHandle: 'ArcadiaDigital' },
  altRolesFundPerson: { id: 'per_anchor_elena', name: 'Elena Voss', twitterHandle: 'elenavoss', slug: 'elena-voss', linkedinSlug: 'elena-voss-arcadia' },
  /** Auditor (companyType 'service'). */
  auditor: { id: 'cmp_anchor_sentinel', name: 'Sentinel Audits', slug: 'sentinel-audits', twitterHandle: 'SentinelAudits' },
  /** Exchange (companyType 'platform'); it has backed rounds but is not a fund (404 on /v1/investors). */
  exchange: { id: 'cmp_anchor_nimbus', name: 'Nimbus Exchange', slug: 'nimbus-exchange', ticker: 'NMB', twitterHandle: 'NimbusExchange' },
  exchangePerson: { id: 'per_anchor_jonah', name: 'Jonah Whitfield', twitterHandle: 'NimbusJonah', slug: 'jonah-whitfield', linkedinSlug: 'jonah-whitfield' },
  /** Launchpad (companyType 'launchpad'). */
  launchpad: { id: 'cmp_anchor_launchwell', name: 'Launchwell', slug: 'launchwell', twitterHandle: 'LaunchwellPad' },
  /** Guaranteed absent from every seeded directory. */
  notFound: {
    name: 'Zebulon Quistwhistle',
    twitterHandle: 'zq_nobody_404',
    personId: 'per_doesnotexist',
    companyId: 'cmp_doesnotexist',
    slug: 'no-such-company-404',
  },
} as const;

const CREATED = '2024-03-14T09:00:00.000Z';

function company(fields: Partial<CompanyRecord> & Pick<CompanyRecord, 'id' | 'name' | 'slug' | 'companyType'>): CompanyRecord {
  const bare = fields.slug.replace(/-/g, '');
  return {
    ticker: null,
    domain: `${bare}.xyz`,
    sectors: [],
    chains: [],
    size: '11-50',
    logoUrl: `https://cdn.directory.example/logos/${fields.slug}.png`,
    twitterHandle: null,
    communityLink: `https://t.me/${bare}`,
    discordUrl: null,
    linkedinUrl: `https://www.linkedin.com/company/${fields.slug}`,
    tokenLaunched: null,
    tokenLink: null,
    aiSummary: `${fields.name} is a crypto company.`,
    followers: 12000,
    handleHistory: [],
    twitterRisk: 'low',
    lifecycle: null,
    createdAt: CREATED,
    fundType: null,
    entityKind: null,
    fundAllTimeRoiPct: null,
    trustTier: null,
    trustTierRank: null,
    altRoles: [],
    portfolio: [],
    ...fields,
  };
}

function person(
  fields: Partial<PersonRecord> & Pick<PersonRecord, 'id' | 'firstName' | 'lastName' | 'jobTitle' | 'twitterHandle' | 'companyId' | 'role'>,
): PersonRecord {
  const email = fields.email ?? null;
  const phone = fields.phone ?? null;
  const telegram = fields.telegram ?? null;
  const linkedinUrl = fields.linkedinUrl ?? null;
  return {
    slug: null,
    avatarUrl: `https://cdn.directory.example/avatars/${fields.id}.jpg`,
    isCreator: false,
    creatorFollowerCount: 900,
    createdAt: CREATED,
    contactType: 'team',
    ...fields,
    email,
    phone,
    telegram,
    linkedinUrl,
    // has* always agree with what is on file.
    hasEmail: email !== null,
    hasPhone: phone !== null,
    hasTelegram: telegram !== null,
    hasLinkedin: linkedinUrl !== null,
  };
}

const A = ANCHORS;

export const ANCHOR_COMPANIES: readonly CompanyRecord[] = [
  company({
    id: A.founderCompany.id, name: A.founderCompany.name, slug: A.founderCompany.slug, companyType: 'project',
    ticker: A.founderCompany.ticker, sectors: ['DeFi', 'Derivatives'], chains: ['Ethereum', 'Arbitrum', 'Base'],
    twitterHandle: A.founderCompany.twitterHandle, discordUrl: 'https://discord.gg/quantlayer', tokenLaunched: true,
    tokenLink: 'https://www.coingecko.com/en/coins/quantlayer', followers: 84000,
    aiSummary: 'QuantLayer runs an on-chain perpetuals venue with a shared liquidity layer on Ethereum L2s.',
  }),
  company({
    id: A.tokenUnknownProject.id, name: A.tokenUnknownProject.name, slug: A.tokenUnknownProject.slug, companyType: 'project',
    sectors: ['Payments', 'Stablecoins'], chains: ['Base', 'Solana'], twitterHandle: A.tokenUnknownProject.twitterHandle,
    tokenLaunched: null, size: '1-10', followers: 5300,
    aiSummary: 'Harborline builds stablecoin payment rails for merchants; token status unverified.',
  }),
  company({
    id: A.defunctProject.id, name: A.defunctProject.name, slug: A.defunctProject.slug, companyType: 'project',
    ticker: A.defunctProject.ticker, sectors: ['Gaming', 'NFT'], chains: ['Polygon'], twitterHandle: A.defunctProject.twitterHandle,
    tokenLaunched: true, tokenLink: 'https://www.coingecko.com/en/coins/lumen-drift', lifecycle: 'defunct',
    twitterRisk: 'high', handleHistory: ['LumenDriftGame'], followers: 2100,
    aiSummary: 'Lumen Drift was a play-to-earn racing game; development stopped in 2023.',
  }),
  company({
    id: A.fund.id, name: A.fund.name, slug: A.fund.slug, companyType: 'investor', twitterHandle: A.fund.twitterHandle,
    domain: 'meridian.vc', fundType: 'vc', entityKind: 'organization', fundAllTimeRoiPct: 312.4, trustTier: 'A', trustTierRank: 3,
    followers: 41000, size: '11-50', aiSummary: 'Meridian Ventures is an early-stage fund backing DeFi and payments infrastructure.',
    portfolio: [
      { investmentId: 'inv_anchor_001', companyId: A.founderCompany.id, roundType: 'seed', roundEventName: 'QuantLayer Seed Round', amountUsd: 4_500_000, announceDate: '2023-02-09', isLead: true },
      { investmentId: 'inv_anchor_002', companyId: A.tokenUnknownProject.id, roundType: 'pre-seed', roundEventName: 'Harborline Pre-Seed Round', amountUsd: 1_200_000, announceDate: '2023-11-20', isLead: true },
      { investmentId: 'inv_anchor_003', companyId: A.defunctProject.id, roundType: 'seed', roundEventName: 'Lumen Drift Seed Round', amountUsd: null, announceDate: '2021-08-02', isLead: false },
      { investmentId: 'inv_anchor_004', companyId: A.launchpad.id, roundType: 'strategic', roundEventName: 'Launchwell Strategic Round', amountUsd: 800_000, announceDate: '2024-01-15', isLead: false },
    ],
  }),
  company({
    id: A.angel.id, name: A.angel.name, slug: A.angel.slug, companyType: 'investor', twitterHandle: A.angel.twitterHandle,
    domain: null, size: '1-10', linkedinUrl: null, communityLink: null, fundType: 'angel', entityKind: 'individual',
    fundAllTimeRoiPct: null, trustTier: 'B', trustTierRank: 40, followers: 23000,
    aiSummary: 'Sofia Marchetti is an angel investor in DeFi and consumer crypto.',
    portfolio: [
      { investmentId: 'inv_anchor_005', companyId: A.founderCompany.id, roundType: 'seed', roundEventName: 'QuantLayer Seed Round', amountUsd: 4_500_000, announceDate: '2023-02-09', isLead: false },
    ],
  }),
  company({
    id: A.altRolesFund.id, name: A.altRolesFund.name, slug: A.altRolesFund.slug, companyType: 'investor',
    twitterHandle: A.altRolesFund.twitterHandle, fundType: 'accelerator', entityKind: 'organization', fundAllTimeRoiPct: 88,
    trustTier: 'B', trustTierRank: 25, altRoles: ['service'], sectors: ['Advisory'],
    aiSummary: 'Arcadia Digital runs an accelerator and sells token-launch advisory to portfolio and outside teams.',
    portfolio: [
      { investmentId: 'inv_anchor_006', companyId: A.tokenUnknownProject.id, roundType: 'pre-seed', roundEventName: 'Harborline Pre-Seed Round', amountUsd: 1_200_000, announceDate: '2023-11-20', isLead: false },
    ],
  }),
  company({
    id: A.auditor.id, name: A.auditor.name, slug: A.auditor.slug, companyType: 'service', twitterHandle: A.auditor.twitterHandle,
    sectors: ['Security', 'Auditing'], chains: ['Ethereum', 'Solana'], tokenLaunched: false, size: '51-200',
    aiSummary: 'Sentinel Audits reviews smart contracts and runs incident response for DeFi teams.',
  }),
  company({
    id: A.exchange.id, name: A.exchange.name, slug: A.exchange.slug, companyType: 'platform', ticker: A.exchange.ticker,
    twitterHandle: A.exchange.twitterHandle, sectors: ['Exchange', 'Trading'], chains: ['Ethereum', 'BNB Chain', 'Solana'],
    tokenLaunched: true, tokenLink: 'https://www.coingecko.com/en/coins/nimbus-exchange', size: '201-500', followers: 310000,
    aiSummary: 'Nimbus Exchange is a centralised exchange with a listings desk and a strategic investment arm.',
    portfolio: [
      { investmentId: 'inv_anchor_007', companyId: A.founderCompany.id, roundType: 'strategic', roundEventName: 'QuantLayer Strategic Round', amountUsd: 2_000_000, announceDate: '2024-05-30', isLead: false },
    ],
  }),
  company({
    id: A.launchpad.id, name: A.launchpad.name, slug: A.launchpad.slug, companyType: 'launchpad', twitterHandle: A.launchpad.twitterHandle,
    sectors: ['Launchpad', 'IDO'], chains: ['BNB Chain', 'Base'], tokenLaunched: false,
    aiSummary: 'Launchwell hosts token sales for early-stage projects.',
  }),
];

export const ANCHOR_PEOPLE: readonly PersonRecord[] = [
  person({
    id: A.founder.id, firstName: A.founder.firstName, lastName: A.founder.lastName, slug: A.founder.slug,
    jobTitle: 'Co-founder & CEO', role: 'founder', twitterHandle: A.founder.twitterHandle, companyId: A.founder.companyId,
    isCreator: true, creatorFollowerCount: 48200,
    email: 'ada@quantlayer.xyz', phone: '+46 70 123 45 67', telegram: '@adaquant', linkedinUrl: linkedin(A.founder.linkedinSlug),
  }),
  person({
    id: A.cofounder.id, firstName: 'Tomas', lastName: 'Reyes', slug: A.cofounder.slug, jobTitle: 'Co-founder & CTO', role: 'founder',
    twitterHandle: A.cofounder.twitterHandle, companyId: A.cofounder.companyId,
    telegram: '@tomasreyes', linkedinUrl: linkedin(A.cofounder.linkedinSlug),
  }),
  person({
    id: A.telegramEmailOnly.id, firstName: 'Mei', lastName: 'Tanaka', slug: A.telegramEmailOnly.slug, jobTitle: 'Head of BD', role: 'bd',
    twitterHandle: A.telegramEmailOnly.twitterHandle, companyId: A.telegramEmailOnly.companyId,
    email: 'mei@harborline.xyz', telegram: '@meitanaka',
  }),
  person({
    id: A.sameName.first.id, firstName: 'Daniel', lastName: 'Okafor', slug: A.sameName.first.slug, jobTitle: A.sameName.first.jobTitle,
    role: 'marketing', twitterHandle: A.sameName.first.twitterHandle, companyId: A.sameName.first.companyId,
    email: 'daniel@harborline.xyz', telegram: '@danielokafor', linkedinUrl: linkedin(A.sameName.first.linkedinSlug),
  }),
  person({
    id: A.sameName.second.id, firstName: 'Daniel', lastName: 'Okafor', slug: A.sameName.second.slug, jobTitle: A.sameName.second.jobTitle,
    role: 'engineering', twitterHandle: A.sameName.second.twitterHandle, companyId: A.sameName.second.companyId,
    phone: '+44 20 7946 0321', linkedinUrl: linkedin(A.sameName.second.linkedinSlug),
  }),
  person({
    id: A.noSlug.id, firstName: 'Priya', lastName: 'Raman', slug: null, jobTitle: 'Listings Manager', role: 'bd',
    twitterHandle: A.noSlug.twitterHandle, companyId: A.noSlug.companyId,
    telegram: '@priyaraman', linkedinUrl: linkedin(A.noSlug.linkedinSlug),
  }),
  person({
    id: A.defunctProjectPerson.id, firstName: 'Rui', lastName: 'Carvalho', slug: A.defunctProjectPerson.slug, jobTitle: 'Founder',
    role: 'founder', twitterHandle: A.defunctProjectPerson.twitterHandle, companyId: A.defunctProject.id,
    email: 'rui@lumendrift.xyz', linkedinUrl: linkedin(A.defunctProjectPerson.linkedinSlug),
  }),
  person({
    id: A.fundPerson.id, firstName: 'Marcus', lastName: 'Hale', slug: A.fundPerson.slug, jobTitle: 'Partner', role: 'investor',
    twitterHandle: A.fundPerson.twitterHandle, companyId: A.fundPerson.companyId, isCreator: true, creatorFollowerCount: 15400,
    email: 'marcus@meridian.vc', telegram: '@marcushale', linkedinUrl: linkedin(A.fundPerson.linkedinSlug),
  }),
  person({
    id: A.angel.personId, firstName: 'Sofia', lastName: 'Marchetti', slug: 'sofia-marchetti', jobTitle: 'Angel Investor', role: 'investor',
    twitterHandle: A.angel.twitterHandle, companyId: A.angel.id, telegram: '@sofiamarchetti', linkedinUrl: linkedin(A.angel.linkedinSlug),
  }),
  person({
    id: A.altRolesFundPerson.id, firstName: 'Elena', lastName: 'Voss', slug: A.altRolesFundPerson.slug, jobTitle: 'Managing Partner',
    role: 'investor', twitterHandle: A.altRolesFundPerson.twitterHandle, companyId: A.altRolesFund.id,
    email: 'elena@arcadiadigital.xyz', telegram: '@elenavoss', linkedinUrl: linkedin(A.altRolesFundPerson.linkedinSlug),
  }),
  person({
    id: A.exchangePerson.id, firstName: 'Jonah', lastName: 'Whitfield', slug: A.exchangePerson.slug, jobTitle: 'Head of Listings', role: 'bd',
    twitterHandle: A.exchangePerson.twitterHandle, companyId: A.exchange.id, telegram: '@jonahlistings',
    linkedinUrl: linkedin(A.exchangePerson.linkedinSlug),
  }),
];

/** Names, handles and slugs seeded records must avoid (lower-cased). */
export const RESERVED = {
  fullNames: new Set([...ANCHOR_PEOPLE.map((p) => `${p.firstName} ${p.lastName}`), A.notFound.name].map((s) => s.toLowerCase())),
  handles: new Set(
    [...ANCHOR_PEOPLE.map((p) => p.twitterHandle), ...ANCHOR_COMPANIES.map((c) => c.twitterHandle ?? ''), A.notFound.twitterHandle]
      .filter(Boolean)
      .map((s) => s.toLowerCase()),
  ),
  companyNames: new Set(ANCHOR_COMPANIES.map((c) => c.name.toLowerCase())),
  companySlugs: new Set([...ANCHOR_COMPANIES.map((c) => c.slug), A.notFound.slug]),
  personSlugs: new Set(ANCHOR_PEOPLE.map((p) => p.slug).filter((s): s is string => s !== null)),
};
