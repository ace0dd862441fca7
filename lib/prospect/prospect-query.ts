/*
 * What a prospect search asks for: which list, and the filters that list accepts (the spec's, nothing
 * more), and the one call each question is (lib/api/calls.ts decides its path, price and cache key).
 * Pure: the page builds a query, the worker turns it into a paid call.
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
