import { directoryOf, supportsCompanyType, type Project } from '@/lib/api';
import { investorCall, projectCall, serviceCall, type ApiCall } from '@/lib/api/calls';

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

/**
 * The team behind a row of a prospect list. With a `companyType` (1.5.0) the panel's route, so a team
 * loaded on either surface is one cache key; without one, the list it came from says which directory
 * it is in (a `/v1/investors` row is a fund whatever the version, and is never read as a project).
 */
export function teamRoute(
  org: Pick<Project, 'id' | 'slug' | 'companyType'>,
  list: 'projects' | 'investors' | 'services',
  apiVersion: string | null,
): DetailRoute {
  if (supportsCompanyType(apiVersion) && org.companyType) return detailRoute(org, apiVersion);
  if (list === 'investors') return { endpoint: 'investor', key: org.slug ?? org.id };
  if (list === 'services') return { endpoint: 'service', key: org.slug ?? org.id };
  return { endpoint: 'project', key: org.id };
}

/** The detail call of a route (lib/api/calls.ts). */
export function routeCall(route: DetailRoute): ApiCall<unknown> {
  const build = route.endpoint === 'investor' ? investorCall : route.endpoint === 'service' ? serviceCall : projectCall;
  return build(route.key);
}
