import { directoryOf, supportsCompanyType, type Project } from '@/lib/api';
import { investorCall, projectCall, serviceCall, type ApiCall } from '@/lib/api/calls';

export type DetailRoute = { endpoint: 'investor' | 'service' | 'project'; key: string };
type Org = Pick<Project, 'id' | 'slug' | 'companyType'>;

/** The route into a directory: from 1.5.0 investors accept an id too; services are keyed by slug in the spec. */
const routeIn = (directory: string | null, org: Org): DetailRoute =>
  directory === 'investors'
    ? { endpoint: 'investor', key: org.slug ?? org.id }
    : directory === 'services'
      ? { endpoint: 'service', key: org.slug ?? org.id }
      : { endpoint: 'project', key: org.id };

/**
 * Which detail call describes an organisation. From API 1.5.0 `companyType` names its directory;
 * before it there is no companyType, so `/v1/projects/{id}` it is — funds are never guessed.
 */
export function detailRoute(org: Org, apiVersion: string | null): DetailRoute {
  return routeIn(supportsCompanyType(apiVersion) ? directoryOf(org.companyType ?? null) : null, org);
}

/**
 * The team behind a row of a prospect list. With a `companyType` (1.5.0) the panel's route, so a team
 * loaded on either surface is one cache key; without one, the list it came from says which directory
 * it is in (a `/v1/investors` row is a fund whatever the version, and is never read as a project).
 */
export function teamRoute(org: Org, list: 'projects' | 'investors' | 'services', apiVersion: string | null): DetailRoute {
  return supportsCompanyType(apiVersion) && org.companyType ? detailRoute(org, apiVersion) : routeIn(list, org);
}

/** The detail call of a route (lib/api/calls.ts). */
export function routeCall(route: DetailRoute): ApiCall<unknown> {
  return { investor: investorCall, service: serviceCall, project: projectCall }[route.endpoint](route.key);
}
