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
  type CompanySort,
  type ContactType,
  type InvestorSort,
  type InvestorsPage,
  type PeoplePage,
  type PeopleSort,
  type ProjectsPage,
  type ServicesPage,
  type TokenFilter,
} from '@/lib/api/calls';

/** The four lists, by their endpoint. */
export const PROSPECT_LISTS = ['people', 'projects', 'investors', 'services'] as const;
export type ProspectList = (typeof PROSPECT_LISTS)[number];

export type ProspectQuery =
  | { list: 'people'; q?: string; contactType?: ContactType; roles?: string[]; channels?: string[]; sort?: PeopleSort }
  | { list: 'projects'; q?: string; sectors?: string[]; token?: TokenFilter; sort?: CompanySort }
  | { list: 'investors'; q?: string; fundType?: string; trustTier?: string; sort?: InvestorSort }
  | { list: 'services'; q?: string; sectors?: string[]; sort?: CompanySort };

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
