/*
 * Which card an organisation gets. `companyType` (API 1.5.0+) decides; a loaded detail's kind decides
 * when the type is absent (older API) — the endpoint it came from is the best remaining signal.
 */
import { directoryOf, type CompanyType } from '@/lib/api';
import type { OrganizationDetail } from '@/lib/tab-state/tab-state';

export type OrganizationRegion = 'Company' | 'Service' | 'Fund';

const SERVICE_TYPES: ReadonlySet<CompanyType> = new Set(['service', 'platform', 'launchpad']);

export function organizationRegion(
  companyType: CompanyType | null | undefined,
  detailKind?: OrganizationDetail['kind'],
): OrganizationRegion {
  const kind = companyType ?? detailKind;
  if (kind === 'investor') return 'Fund';
  return kind === 'service' || (companyType && SERVICE_TYPES.has(companyType)) ? 'Service' : 'Company';
}

const DETAIL_ENDPOINT = { projects: 'project', investors: 'investor', services: 'service' } as const;

/**
 * The detail call that loads an organisation — what its card's load button costs. A loaded detail's kind
 * is the call it came from; otherwise the worker's route (lib/worker/detail-route.ts): the directory
 * `companyType` names (API 1.5.0+, the only versions that send it), else `/v1/projects/{id}`.
 */
export function organizationEndpoint(
  companyType: CompanyType | null | undefined,
  detailKind?: OrganizationDetail['kind'],
): OrganizationDetail['kind'] {
  if (detailKind) return detailKind;
  const directory = directoryOf(companyType);
  return directory ? DETAIL_ENDPOINT[directory] : 'project';
}

export const COMPANY_TYPE_LABELS: Readonly<Record<CompanyType, string>> = {
  project: 'Project',
  investor: 'Investor',
  platform: 'Platform',
  launchpad: 'Launchpad',
  service: 'Service provider',
  institution: 'Institution',
};
