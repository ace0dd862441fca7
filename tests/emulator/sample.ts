// Sample-mode bodies: synthetic but realistically shaped rows, obviously not real (example.* domains,
// "Sample"/"Example" names, *_sample_* ids), built without running the real query.

import type { RouteId } from './pricing';
import { stripForVersion } from './records';
import type { ApiVersion } from './types';

type Json = Record<string, unknown>;

export const SAMPLE_ROWS = 5;

const COMPANIES = [
  ['Example Protocol', 'EXMPL', 'DeFi'],
  ['Sample Finance', 'SMPL', 'Lending'],
  ['Demo Labs', null, 'Infrastructure'],
  ['Placeholder Swap', 'PHSWP', 'DEX'],
  ['Specimen Network', null, 'Layer 2'],
] as const;

const PEOPLE = [
  ['Avery', 'Sample', 'Co-founder & CEO'],
  ['Jordan', 'Example', 'Head of BD'],
  ['Casey', 'Placeholder', 'Protocol Engineer'],
  ['Riley', 'Demo', 'Partnerships Manager'],
  ['Morgan', 'Specimen', 'Community Manager'],
] as const;

const CREATED = '2025-01-01T00:00:00.000Z';

function sampleCompany(i: number, companyType: string): Json {
  const [name, ticker, sector] = COMPANIES[i % COMPANIES.length] ?? COMPANIES[0];
  const slug = `sample-${name.toLowerCase().replace(/\s+/g, '-')}`;
  return {
    id: `cmp_sample_${String(i + 1).padStart(2, '0')}`,
    name,
    slug,
    companyType,
    ticker,
    domain: `${slug}.example`,
    sectors: [sector],
    chains: ['Ethereum'],
    size: '11-50',
    logoUrl: null,
    twitterHandle: `${name.replace(/\s+/g, '')}`.slice(0, 15),
    communityLink: null,
    discordUrl: null,
    linkedinUrl: `https://www.linkedin.com/company/${slug}`,
    tokenLaunched: ticker !== null,
    tokenLink: null,
    aiSummary: `${name} is a synthetic sample record, not a real company.`,
    followers: 1000 * (i + 1),
    handleHistory: [],
    twitterRisk: null,
    lifecycle: null,
    createdAt: CREATED,
  };
}

function sampleInvestor(i: number): Json {
  const name = ['Example Ventures', 'Sample Capital', 'Demo Partners', 'Placeholder Fund', 'Specimen Digital'][i % 5] ?? 'Example Ventures';
  const slug = `sample-${name.toLowerCase().replace(/\s+/g, '-')}`;
  return {
    id: `cmp_sample_fund_${String(i + 1).padStart(2, '0')}`,
    name,
    slug,
    companyType: 'investor',
    logoUrl: null,
    domain: `${slug}.example`,
    linkedinUrl: `https://www.linkedin.com/company/${slug}`,
    discordUrl: null,
    twitterHandle: name.replace(/\s+/g, '').slice(0, 15),
    communityLink: null,
    fundType: 'vc',
    entityKind: 'organization',
    fundAllTimeRoiPct: 100 + 10 * i,
    trustTier: 'B',
    trustTierRank: 100 + i,
    aiSummary: `${name} is a synthetic sample fund, not a real investor.`,
    followers: 500 * (i + 1),
    handleHistory: [],
    twitterRisk: null,
    altRoles: [],
    portfolioCount: 2,
    lifecycle: null,
    createdAt: CREATED,
  };
}

function samplePerson(i: number, revealed: boolean, version: ApiVersion): Json {
  const [first, last, title] = PEOPLE[i % PEOPLE.length] ?? PEOPLE[0];
  const company = sampleCompany(i, 'project');
  const handle = `${first}${last}_smpl`.slice(0, 15);
  return {
    id: `per_sample_${String(i + 1).padStart(2, '0')}`,
    slug: `sample-${first.toLowerCase()}-${last.toLowerCase()}`,
    firstName: first,
    lastName: last,
    jobTitle: title,
    twitterHandle: handle,
    avatarUrl: null,
    isCreator: false,
    creatorFollowerCount: 100 * (i + 1),
    companyId: company.id,
    company: stripForVersion({ ...company }, version),
    createdAt: CREATED,
    isLocked: !revealed,
    hasEmail: true,
    hasPhone: i % 2 === 0,
    hasTelegram: true,
    hasLinkedin: true,
    email: revealed ? `${first.toLowerCase()}@${String(company.domain)}` : null,
    phone: revealed && i % 2 === 0 ? '+1 555 0100' : null,
    telegram: revealed ? `@${first.toLowerCase()}_sample` : null,
    linkedinUrl: revealed ? `https://www.linkedin.com/in/sample-${first.toLowerCase()}-${last.toLowerCase()}` : null,
  };
}

function portfolioRows(version: ApiVersion): Json[] {
  return [0, 1].map((i) => ({
    investmentId: `inv_sample_${i + 1}`,
    company: stripForVersion(sampleCompany(i, 'project'), version),
    roundType: 'seed',
    roundEventName: `${String(COMPANIES[i]?.[0])} Seed Round`,
    amountUsd: 1_000_000,
    announceDate: '2024-06-01',
    isLead: i === 0,
  }));
}

const rows = (n: number, make: (i: number) => Json, version: ApiVersion): Json[] =>
  Array.from({ length: n }, (_, i) => stripForVersion(make(i), version));

/** The live-shaped part of a sample body (markers and meta are added by the caller). */
export function sampleBody(route: RouteId, opts: { version: ApiVersion; limit: number; q: string }): Json {
  const { version } = opts;
  const n = Math.min(SAMPLE_ROWS, opts.limit);
  const team = (): Json[] => rows(2, (i) => samplePerson(i, false, version), version);
  switch (route) {
    case 'people.list':
      return { data: rows(n, (i) => samplePerson(i, false, version), version), total: n };
    case 'projects.list':
      return { data: rows(n, (i) => sampleCompany(i, 'project'), version), total: n };
    case 'services.list':
      return {
        data: rows(n, (i) => sampleCompany(i, i % 3 === 0 ? 'service' : i % 3 === 1 ? 'platform' : 'launchpad'), version),
        total: n,
      };
    case 'investors.list':
      return { data: rows(n, sampleInvestor, version), total: n };
    case 'people.get':
    case 'people.reveal':
      return {
        data: {
          person: stripForVersion(samplePerson(0, route === 'people.reveal', version), version),
          coworkers: rows(2, (i) => samplePerson(i + 1, false, version), version),
        },
      };
    case 'projects.get':
      return {
        project: stripForVersion(sampleCompany(0, 'project'), version),
        team: team(),
        ...(version === '1.5.0' ? { portfolio: [] } : {}),
      };
    case 'investors.get':
      return { investor: stripForVersion(sampleInvestor(0), version), team: team(), portfolio: portfolioRows(version) };
    case 'services.get':
      return { service: stripForVersion(sampleCompany(0, 'service'), version), team: team() };
    case 'search':
      return {
        q: opts.q,
        projects: rows(3, (i) => sampleCompany(i, 'project'), version),
        people: rows(3, (i) => samplePerson(i, false, version), version),
      };
    case 'me':
      throw new Error('/v1/me never samples');
  }
}

export function sampleNotice(balance: number, price: number, upgradeUrl: string): string {
  return (
    `NOT REAL DATA. This is a sample: your balance is ${balance} credits and this call costs ${price} credits, ` +
    `so the query was not run and these rows are synthetic. Add ${price - balance} credits or more to get live data: ${upgradeUrl}`
  );
}
