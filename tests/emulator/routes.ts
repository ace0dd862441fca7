// The /v1 routes: path matching, query validation (400), the real query (404) and the live body.
// Metering, sampling and limits live in api.ts / metering.ts; handlers here only read the directory.

import { defaultOrganization, keyPrefix } from './accounts';
import { priceTable, type RouteId } from './pricing';
import {
  BadRequest,
  filterPeople,
  includesPrivate,
  investorsQuery,
  projectsQuery,
  servicesQuery,
  page,
  parsePaging,
  parsePeopleQuery,
  peopleFacets,
  search,
} from './queries';
import { investorView, personView, portfolioView, projectView, type ViewContext } from './records';
import type { AccountState, EmulatorState, KeyState } from './state';
import type { CompanyRecord } from './types';

type Json = Record<string, unknown>;

export class NotFound extends Error {}

export type RouteName = Exclude<RouteId, 'people.reveal'> | 'network';

export interface RouteMatch {
  route: RouteName;
  /** Decoded path parameter ({id} / {slug}). */
  param?: string;
}

const PATTERNS: [RegExp, RouteName][] = [
  [/^\/v1\/me$/, 'me'],
  [/^\/v1\/people$/, 'people.list'],
  [/^\/v1\/people\/([^/]+)$/, 'people.get'],
  [/^\/v1\/projects$/, 'projects.list'],
  [/^\/v1\/projects\/([^/]+)$/, 'projects.get'],
  [/^\/v1\/investors$/, 'investors.list'],
  [/^\/v1\/investors\/([^/]+)$/, 'investors.get'],
  [/^\/v1\/services$/, 'services.list'],
  [/^\/v1\/services\/([^/]+)$/, 'services.get'],
  [/^\/v1\/search$/, 'search'],
  [/^\/v1\/network(\/.*)?$/, 'network'],
];

export function matchRoute(pathname: string): RouteMatch | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  for (const [re, route] of PATTERNS) {
    const m = re.exec(path);
    if (!m) continue;
    if (route === 'network') return { route };
    const raw = m[1];
    if (raw === undefined) return { route };
    try {
      return { route, param: decodeURIComponent(raw) };
    } catch {
      return { route, param: raw };
    }
  }
  return undefined;
}

export interface RequestContext {
  state: EmulatorState;
  params: URLSearchParams;
  param: string;
  account: AccountState;
  key: KeyState;
  view: ViewContext;
}

/** A validated request: run() executes the real query (may throw NotFound) and returns a renderer
 * that is called after charging, so a reveal's own response already shows the channels. */
export interface Parsed {
  run(): () => Json;
  /** Rows a sample of this call would hold. */
  limit: number;
  q: string;
}

const team = (ctx: RequestContext, c: CompanyRecord): Json[] => ctx.state.dir.team(c.id).map((p) => personView(p, ctx.view, 'if-unlocked'));

/** Paging is validated up front; `filter` is the already-validated query, run only for live answers. */
function listOf<T>(ctx: RequestContext, filter: () => T[], render: (item: T) => Json, extra?: (all: T[]) => Json): Parsed {
  const paging = parsePaging(ctx.params);
  return {
    limit: paging.limit,
    q: ctx.params.get('q') ?? '',
    run: () => {
      const items = filter();
      const p = page(items, paging);
      return () => ({ data: p.data.map(render), total: p.total, page: p.page, totalPages: p.totalPages, ...(extra ? extra(items) : {}) });
    },
  };
}

function detail(ctx: RequestContext, run: () => () => Json): Parsed {
  return { limit: 1, q: '', run };
}

const isV15 = (ctx: RequestContext): boolean => ctx.view.version === '1.5.0';

/** Lookup by slug only (ids are cmp_..., slugs never contain '_'). */
function bySlug(ctx: RequestContext, key: string): CompanyRecord | undefined {
  const c = ctx.state.dir.company(key);
  return c && c.slug === key.toLowerCase() ? c : undefined;
}

export const ROUTES: Record<Exclude<RouteName, 'me' | 'network'>, (ctx: RequestContext) => Parsed> = {
  'people.list': (ctx) => {
    if (includesPrivate(ctx.params))
      throw new BadRequest('include=private is not allowed on /v1/people: reveal one contact at a time on GET /v1/people/{id}');
    const query = parsePeopleQuery(ctx.params);
    return listOf(
      ctx,
      () => filterPeople(ctx.state.dir.people, query),
      (p) => personView(p, ctx.view, 'never'),
      (all) => ({ facets: peopleFacets(all) }),
    );
  },

  'people.get': (ctx) =>
    detail(ctx, () => {
      const person = ctx.state.dir.person(ctx.param);
      if (!person) throw new NotFound(`No person with id ${ctx.param}`);
      return () => ({
        data: {
          person: personView(person, ctx.view, 'if-unlocked'),
          coworkers:
            person.companyId === null
              ? []
              : ctx.state.dir
                  .team(person.companyId)
                  .filter((p) => p.id !== person.id)
                  .map((p) => personView(p, ctx.view, 'if-unlocked')),
        },
      });
    }),

  'projects.list': (ctx) => {
    const filter = projectsQuery(ctx.params);
    return listOf(
      ctx,
      () => filter(ctx.state.dir.projects),
      (c) => projectView(c, ctx.view),
    );
  },

  'projects.get': (ctx) =>
    detail(ctx, () => {
      const c = ctx.state.dir.company(ctx.param);
      // Before 1.5.0 this route only knew projects; from 1.5.0 any company kind resolves.
      if (!c || (!isV15(ctx) && c.companyType !== 'project')) throw new NotFound(`No project ${ctx.param}`);
      return () => ({
        project: projectView(c, ctx.view),
        team: team(ctx, c),
        // 1.5.0: funding activity of a company that backed rounds is on its record.
        ...(isV15(ctx) ? { portfolio: c.portfolio.map((r) => portfolioView(r, ctx.view)) } : {}),
      });
    }),

  'investors.list': (ctx) => {
    const filter = investorsQuery(ctx.params);
    return listOf(
      ctx,
      () => filter(ctx.state.dir.investors),
      (c) => investorView(c, ctx.view),
    );
  },

  'investors.get': (ctx) =>
    detail(ctx, () => {
      let c: CompanyRecord | undefined;
      if (isV15(ctx)) {
        c = ctx.state.dir.company(ctx.param);
        if (c && c.companyType !== 'investor') throw new NotFound(`${c.name} is not a fund (companyType ${c.companyType})`);
      } else {
        // Before 1.5.0: slug only, and a non-fund that backed rounds still answered here.
        c = bySlug(ctx, ctx.param);
        if (c && c.companyType !== 'investor' && c.portfolio.length === 0) c = undefined;
      }
      if (!c) throw new NotFound(`No investor ${ctx.param}`);
      const fund = c;
      return () => ({
        investor: investorView(fund, ctx.view),
        team: team(ctx, fund),
        portfolio: fund.portfolio.map((r) => portfolioView(r, ctx.view)),
      });
    }),

  'services.list': (ctx) => {
    const filter = servicesQuery(ctx.params);
    return listOf(
      ctx,
      () => filter(ctx.state.dir.services),
      (c) => projectView(c, ctx.view),
    );
  },

  'services.get': (ctx) =>
    detail(ctx, () => {
      const c = ctx.state.dir.company(ctx.param);
      if (!c || !ctx.state.dir.services.includes(c)) throw new NotFound(`No service provider ${ctx.param}`);
      return () => ({ service: projectView(c, ctx.view), team: team(ctx, c) });
    }),

  search: (ctx) => {
    const q = (ctx.params.get('q') ?? '').trim();
    if (!q) throw new BadRequest('q is required on /v1/search');
    return {
      limit: 12,
      q,
      run: () => {
        const hits = search(ctx.state.dir.companies, ctx.state.dir.people, q);
        return () => ({
          q,
          projects: hits.companies.map((c) => projectView(c, ctx.view)),
          people: hits.people.map((p) => personView(p, ctx.view, 'never')),
        });
      },
    };
  },
};

/** GET /v1/me: identity, balance, scopes and the price list generated from the price table at the current prices. */
export function meBody(state: EmulatorState, account: AccountState, key: KeyState): Json {
  const { basic, private: reveal } = state.config.prices;
  const docs = `${state.appUrl}/docs`;
  const pricingUrl = `${state.appUrl}/pricing`;
  return {
    apiVersion: state.config.apiVersion,
    id: account.id,
    name: account.name,
    email: account.email,
    tier: account.tier,
    organization: account.organization ?? defaultOrganization(account.name),
    creditsBalance: account.balance,
    sampleMode: account.tier === 'free' && account.balance < basic,
    baseUrl: state.config.reportedBaseUrl ?? state.baseUrl,
    docs,
    pricingUrl,
    endpoints: priceTable(state.config.prices).map(({ method, path, summary, credits }) => ({ method, path, summary, credits })),
    pricing: {
      currency: 'credits',
      basicCallCredits: basic,
      privateCallCredits: reveal,
      note: `A data call costs ${basic} credits; the first reveal of a contact costs ${reveal}, later reads of an unlocked contact ${basic}; GET /v1/me is free. Plans: ${pricingUrl}`,
    },
    apiKey: { label: key.label, prefix: keyPrefix(key.key), scopes: [...key.scopes], environment: 'live' },
    meta: { creditsCharged: 0, creditsBalance: account.balance },
  };
}
