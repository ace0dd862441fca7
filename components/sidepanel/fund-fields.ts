/*
 * A fund shown before its detail is loaded arrives as a project-shaped record (a search row or
 * `person.company`): name, sectors, chains, size, followers, handle history, X risk, links and summary.
 * The investor fields (firm or angel, fund type, trust tier, ROI, portfolio count) come only with the
 * paid detail, though a record may already carry some. Read everything defensively: the record is
 * loose, so nothing here is typed until checked.
 */
import type { EntityKind, Investor, Project } from '@/lib/api';
import { normalizeName } from '@/lib/lookup/normalize-name';

export type FundFields = Pick<
  Investor,
  'fundType' | 'entityKind' | 'fundAllTimeRoiPct' | 'trustTier' | 'trustTierRank' | 'portfolioCount'
> & {
  sectors: string[];
  chains: string[];
  size: string | null;
  followers: number | null;
  /** Earlier X handles, without the @. */
  handleHistory: string[];
  twitterRisk: string | null;
};

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const kind = (v: unknown): EntityKind | null => (v === 'organization' || v === 'individual' ? v : null);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => text(s) !== null) : []);

/** A company's or fund's X account history and risk, as recorded (types not shown: read leniently). */
export function xAccountOf(record: Project | Investor): Pick<FundFields, 'handleHistory' | 'twitterRisk'> {
  const r = record as Record<string, unknown>;
  return { handleHistory: texts(r.handleHistory).map((h) => h.replace(/^@/, '')), twitterRisk: text(r.twitterRisk) };
}

/** The directory's X risk rating said as a warning ("high risk (directory rating)"); null for none or "low" (no news). */
export const xRiskText = (risk: string | null): string | null =>
  risk && risk.trim().toLowerCase() !== 'low' ? `${risk} risk (directory rating)` : null;

export function fundFields(record: Project | Investor): FundFields {
  const r = record as Record<string, unknown>;
  return {
    fundType: text(r.fundType),
    entityKind: kind(r.entityKind),
    fundAllTimeRoiPct: num(r.fundAllTimeRoiPct),
    trustTier: text(r.trustTier),
    trustTierRank: num(r.trustTierRank),
    portfolioCount: num(r.portfolioCount),
    sectors: texts(r.sectors),
    chains: texts(r.chains),
    size: text(r.size) ?? (num(r.size) !== null ? String(r.size) : null),
    followers: num(r.followers),
    ...xAccountOf(record),
  };
}

/**
 * Firm or angel. The record says so once its detail is loaded; before that, a fund named exactly like
 * the person it belongs to is that person investing as herself (an angel's "company" is her own profile).
 */
export function fundEntityKind(fields: Pick<FundFields, 'entityKind'>, fundName: string, personName?: string | null): EntityKind | null {
  if (fields.entityKind) return fields.entityKind;
  if (personName && normalizeName(personName) !== '' && normalizeName(personName) === normalizeName(fundName)) return 'individual';
  return null;
}

/**
 * What the paid detail adds that this record lacks, for the one priced button's hint. An angel's fund
 * type is "angel" and her team is herself: neither is worth promising.
 */
export function missingFromRow(fields: FundFields, entityKind: EntityKind | null): string[] {
  const angel = entityKind === 'individual';
  const missing: string[] = [];
  if (!entityKind) missing.push('firm or angel');
  if (!fields.fundType && !angel) missing.push('fund type');
  if (!fields.trustTier && fields.trustTierRank === null) missing.push('trust tier');
  if (fields.fundAllTimeRoiPct === null) missing.push('ROI');
  missing.push('portfolio');
  if (!angel) missing.push('team');
  return missing;
}
