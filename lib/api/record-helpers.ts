/*
 * Reading the record fields whose meaning is not plain from their type: a three-state flag, the one
 * directory a company lives in, and a portfolio row's company of no stated shape.
 */
import type { CompanyType, PortfolioRow, Project } from './schemas';

/** `tokenLaunched` is three-state: null means nobody has checked, and must never be shown as "no token". */
export type TokenLaunchedState = 'launched' | 'not-launched' | 'unknown';

/** Anything but a real boolean (null, absent, junk from an untyped caller) is 'unknown'. */
export function tokenLaunchedState(value: Pick<Project, 'tokenLaunched'> | boolean | null | undefined): TokenLaunchedState {
  const flag = typeof value === 'object' && value !== null ? value.tokenLaunched : value;
  if (flag === true) return 'launched';
  if (flag === false) return 'not-launched';
  return 'unknown';
}

export type Directory = 'projects' | 'investors' | 'services';

/** `companyType` (API 1.5.0+) names the one directory a company lives in; platforms and launchpads live under services. */
const DIRECTORY_OF: Readonly<Record<CompanyType, Directory | null>> = {
  project: 'projects',
  investor: 'investors',
  platform: 'services',
  launchpad: 'services',
  service: 'services',
  // No directory of its own in the spec; `/v1/projects/{id}` resolves any kind from 1.5.0.
  institution: null,
};

/** Absent (older API) or unknown (newer API) → null: the caller keeps the directory the record came from. */
export function directoryOf(companyType: CompanyType | null | undefined): Directory | null {
  return companyType == null ? null : (DIRECTORY_OF[companyType] ?? null);
}

/** The portfolio row's `company` has no stated shape; a display name from whatever arrived. */
export function portfolioCompanyName(row: Pick<PortfolioRow, 'company'>): string | null {
  const company = row.company;
  if (typeof company === 'string') return company.trim() === '' ? null : company;
  if (typeof company === 'object' && company !== null && 'name' in company) {
    const name = company.name;
    return typeof name === 'string' && name.trim() !== '' ? name : null;
  }
  return null;
}
