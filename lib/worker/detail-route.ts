import { directoryOf, supportsCompanyType, type Project } from '@/lib/api';

export type DetailRoute =
  { endpoint: 'investor'; key: string } | { endpoint: 'service'; key: string } | { endpoint: 'project'; key: string };

/**
 * Which detail call describes an organisation. From API 1.5.0 `companyType` names its directory;
 * before it there is no companyType, so `/v1/projects/{id}` it is — funds are never guessed.
 */
export function detailRoute(org: Pick<Project, 'id' | 'slug' | 'companyType'>, apiVersion: string | null): DetailRoute {
  if (!supportsCompanyType(apiVersion)) return { endpoint: 'project', key: org.id };
  const directory = directoryOf(org.companyType ?? null);
  // From 1.5.0 investors accept an id too; services are keyed by slug in the spec.
  if (directory === 'investors') return { endpoint: 'investor', key: org.slug ?? org.id };
  if (directory === 'services') return { endpoint: 'service', key: org.slug ?? org.id };
  return { endpoint: 'project', key: org.id };
}
