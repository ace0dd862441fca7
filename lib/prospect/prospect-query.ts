/*
 * What a prospect search asks: a list and the filters it accepts (the spec's), and the one call each
 * question is (lib/api/calls.ts: path, price, cache key). The page builds a query, the worker pays for it.
 */
import { investorsListCall, peopleListCall, projectsListCall, servicesListCall, type ApiCall } from '@/lib/api/calls';

/** The four lists, by their endpoint, and the call each is. */
const CALLS = { people: peopleListCall, projects: projectsListCall, investors: investorsListCall, services: servicesListCall };
export const PROSPECT_LISTS = Object.keys(CALLS) as readonly ProspectList[];
export type ProspectList = keyof typeof CALLS;

/** A list's call params but the page: the page is asked separately (`prospectCall`). */
export type ProspectQuery = { [L in ProspectList]: { list: L } & Omit<Parameters<(typeof CALLS)[L]>[0], 'page'> }[ProspectList];

export type ProspectPage = {
  [L in ProspectList]: ReturnType<(typeof CALLS)[L]> extends ApiCall<infer P> ? P : never;
}[ProspectList];

/** Page `page` of the query: one paid call, `limit=100`. */
export function prospectCall(query: ProspectQuery, page: number): ApiCall<ProspectPage> {
  // Safe cast: TypeScript cannot correlate `query.list` with `CALLS[query.list]`; ProspectQuery is built from CALLS.
  return (CALLS[query.list] as (params: ProspectQuery & { page: number }) => ApiCall<ProspectPage>)({ ...query, page });
}

/** The lists whose rows are organisations: each has a team behind "Load team". */
export type OrganizationList = Exclude<ProspectList, 'people'>;
