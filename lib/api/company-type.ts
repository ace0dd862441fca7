/*
 * `companyType` (API 1.5.0+) names the one directory a company lives in; platforms and launchpads live
 * under services. Absent (older API) or unknown (newer API) → null: the caller keeps the directory the
 * record came from.
 */
import type { CompanyType } from './schemas';

export type Directory = 'projects' | 'investors' | 'services';

const DIRECTORY_OF: Readonly<Record<CompanyType, Directory | null>> = {
  project: 'projects',
  investor: 'investors',
  platform: 'services',
  launchpad: 'services',
  service: 'services',
  // No directory of its own in the spec; `/v1/projects/{id}` resolves any kind from 1.5.0.
  institution: null,
};

export function directoryOf(companyType: CompanyType | null | undefined): Directory | null {
  return companyType == null ? null : (DIRECTORY_OF[companyType] ?? null);
}
