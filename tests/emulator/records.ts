// Turns stored records into the API's record shapes: field sets per resource, private-channel locking,
// per-version field removal, and fields planted by patch() that are not stored fields.

import type { ApiVersion, CompanyRecord, PersonRecord, PortfolioEntry, SeededDirectory } from './types';

export interface ViewContext {
  version: ApiVersion;
  dir: SeededDirectory;
  /** Person ids this account has unlocked. */
  unlocked: ReadonlySet<string>;
  overlays: ReadonlyMap<string, Record<string, unknown>>;
}

/** How private channels are shown: never (lists, search), or only for unlocked contacts (detail, team, coworkers). */
export type ChannelPolicy = 'never' | 'if-unlocked';

type Json = Record<string, unknown>;

const REMOVED_BEFORE_1_5 = ['companyType'];
const REMOVED_BEFORE_1_2 = ['ticker', 'chains', 'discordUrl', 'linkedinUrl', 'slug'];

/** Additive semver: older builds did not have these fields at all (absent, not null). */
export function stripForVersion<T extends Json>(record: T, version: ApiVersion): T {
  const removed = version === '1.5.0' ? [] : version === '1.4.0' ? REMOVED_BEFORE_1_5 : [...REMOVED_BEFORE_1_5, ...REMOVED_BEFORE_1_2];
  for (const field of removed) delete record[field];
  return record;
}

function withOverlay(record: Json, key: string, ctx: ViewContext): Json {
  const extra = ctx.overlays.get(key);
  return extra ? Object.assign(record, extra) : record;
}

export function projectView(c: CompanyRecord, ctx: ViewContext): Json {
  const view: Json = {
    id: c.id,
    name: c.name,
    slug: c.slug,
    companyType: c.companyType,
    ticker: c.ticker,
    domain: c.domain,
    sectors: [...c.sectors],
    chains: [...c.chains],
    size: c.size,
    logoUrl: c.logoUrl,
    twitterHandle: c.twitterHandle,
    communityLink: c.communityLink,
    discordUrl: c.discordUrl,
    linkedinUrl: c.linkedinUrl,
    tokenLaunched: c.tokenLaunched,
    tokenLink: c.tokenLink,
    aiSummary: c.aiSummary,
    followers: c.followers,
    handleHistory: [...c.handleHistory],
    twitterRisk: c.twitterRisk,
    lifecycle: c.lifecycle,
    createdAt: c.createdAt,
  };
  return stripForVersion(withOverlay(view, `company:${c.id}`, ctx), ctx.version);
}

export function investorView(c: CompanyRecord, ctx: ViewContext): Json {
  const view: Json = {
    id: c.id,
    name: c.name,
    slug: c.slug,
    companyType: c.companyType,
    logoUrl: c.logoUrl,
    domain: c.domain,
    linkedinUrl: c.linkedinUrl,
    discordUrl: c.discordUrl,
    twitterHandle: c.twitterHandle,
    communityLink: c.communityLink,
    fundType: c.fundType,
    entityKind: c.entityKind,
    fundAllTimeRoiPct: c.fundAllTimeRoiPct,
    trustTier: c.trustTier,
    trustTierRank: c.trustTierRank,
    aiSummary: c.aiSummary,
    followers: c.followers,
    handleHistory: [...c.handleHistory],
    twitterRisk: c.twitterRisk,
    altRoles: [...c.altRoles],
    portfolioCount: c.portfolio.length,
    lifecycle: c.lifecycle,
    createdAt: c.createdAt,
  };
  return stripForVersion(withOverlay(view, `company:${c.id}`, ctx), ctx.version);
}

export function portfolioView(row: PortfolioEntry, ctx: ViewContext): Json {
  const target = ctx.dir.company(row.companyId);
  return {
    investmentId: row.investmentId,
    company: target ? projectView(target, ctx) : null,
    roundType: row.roundType,
    roundEventName: row.roundEventName,
    amountUsd: row.amountUsd,
    announceDate: row.announceDate,
    isLead: row.isLead,
  };
}

export function personView(p: PersonRecord, ctx: ViewContext, policy: ChannelPolicy): Json {
  const unlocked = ctx.unlocked.has(p.id);
  const show = policy === 'if-unlocked' && unlocked;
  const company = p.companyId ? ctx.dir.company(p.companyId) : undefined;
  const view: Json = {
    id: p.id,
    slug: p.slug,
    firstName: p.firstName,
    lastName: p.lastName,
    jobTitle: p.jobTitle,
    twitterHandle: p.twitterHandle,
    avatarUrl: p.avatarUrl,
    isCreator: p.isCreator,
    creatorFollowerCount: p.creatorFollowerCount,
    companyId: p.companyId,
    company: company ? projectView(company, ctx) : null,
    createdAt: p.createdAt,
    isLocked: !unlocked,
    hasEmail: p.hasEmail,
    hasPhone: p.hasPhone,
    hasTelegram: p.hasTelegram,
    hasLinkedin: p.hasLinkedin,
    email: show ? p.email : null,
    phone: show ? p.phone : null,
    telegram: show ? p.telegram : null,
    linkedinUrl: show ? p.linkedinUrl : null,
  };
  return stripForVersion(withOverlay(view, `person:${p.id}`, ctx), ctx.version);
}
