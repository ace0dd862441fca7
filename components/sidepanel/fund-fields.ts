/*
 * A fund shown before its detail is loaded arrives as a project-shaped record (a search row or
 * `person.company`); the API may still have put investor fields on it. Read them defensively: the
 * record is loose, so nothing here is typed until checked.
 */
import type { EntityKind, Investor, Project } from '../../lib/api';

export type FundFields = Pick<Investor, 'fundType' | 'entityKind' | 'fundAllTimeRoiPct' | 'trustTier' | 'trustTierRank' | 'portfolioCount'>;

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const kind = (v: unknown): EntityKind | null => (v === 'organization' || v === 'individual' ? v : null);

export function fundFields(record: Project | Investor): FundFields {
  const r = record as Record<string, unknown>;
  return {
    fundType: text(r.fundType),
    entityKind: kind(r.entityKind),
    fundAllTimeRoiPct: num(r.fundAllTimeRoiPct),
    trustTier: text(r.trustTier),
    trustTierRank: num(r.trustTierRank),
    portfolioCount: num(r.portfolioCount),
  };
}
