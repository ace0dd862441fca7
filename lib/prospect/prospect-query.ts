/*
 * What a prospect search asks: a list and the filters it accepts (the spec's), and the one call each
 * question is (lib/api/calls.ts: path, price, cache key). The page builds a query, the worker pays for it.
 */
import {
  investorsListCall,
  peopleListCall,
  projectsListCall,
  servicesListCall,
  type ApiCall,
  type InvestorsListParams,
  type InvestorsPage,
  type PeopleListParams,
  type PeoplePage,
  type ProjectsListParams,
  type ProjectsPage,
  type ServicesListParams,
  type ServicesPage,
} from '@/lib/api/calls';

/** The four lists, by their endpoint. */
export const PROSPECT_LISTS = ['people', 'projects', 'investors', 'services'] as const;
export type ProspectList = (typeof PROSPECT_LISTS)[number];

/** A list's call params but the page: the page is asked separately (`prospectCall`). */
type ListParams = { people: PeopleListParams; projects: ProjectsListParams; investors: InvestorsListParams; services: ServicesListParams };
export type ProspectQuery = { [L in ProspectList]: { list: L } & Omit<ListParams[L], 'page'> }[ProspectList];

export type ProspectPage = PeoplePage | ProjectsPage | InvestorsPage | ServicesPage;

/** Page `page` of the query: one paid call, `limit=100`. */
export function prospectCall(query: ProspectQuery, page: number): ApiCall<ProspectPage> {
  switch (query.list) {
    case 'people':
      return peopleListCall({ ...query, page });
    case 'projects':
      return projectsListCall({ ...query, page });
    case 'investors':
      return investorsListCall({ ...query, page });
    case 'services':
      return servicesListCall({ ...query, page });
  }
}

/** The lists whose rows are organisations: each has a team behind "Load team". */
export type OrganizationList = Exclude<ProspectList, 'people'>;
