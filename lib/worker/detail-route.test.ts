import { describe, expect, it } from 'vitest';
import { detailRoute, routeCall, teamRoute } from './detail-route';

describe('detailRoute', () => {
  it.each([
    ['a fund on 1.5.0', { id: 'c1', slug: 'zeta-capital', companyType: 'investor' }, '1.5.0', 'investor zeta-capital'],
    ['a fund without slug on 1.5.0 (ids accepted)', { id: 'c1', slug: null, companyType: 'investor' }, '1.5.0', 'investor c1'],
    ['an auditor', { id: 'c2', slug: 'certik', companyType: 'service' }, '1.5.0', 'service certik'],
    ['an exchange', { id: 'c3', slug: 'bigdex', companyType: 'platform' }, '1.6.2', 'service bigdex'],
    ['a launchpad', { id: 'c4', slug: 'padlaunch', companyType: 'launchpad' }, '1.5.0', 'service padlaunch'],
    ['a project', { id: 'c5', slug: 'acme', companyType: 'project' }, '1.5.0', 'project c5'],
    ['an institution', { id: 'c6', slug: 'bank', companyType: 'institution' }, '1.5.0', 'project c6'],
    ['an unknown future kind', { id: 'c7', slug: 'x', companyType: undefined }, '1.9.0', 'project c7'],
    ['anything before 1.5.0: never guess a fund', { id: 'c8', slug: 'zeta', companyType: 'investor' }, '1.4.0', 'project c8'],
    ['an unknown version', { id: 'c9', slug: 'zeta', companyType: 'investor' }, null, 'project c9'],
  ] as const)('%s', (_label, org, version, expected) => {
    const route = detailRoute(org, version);
    expect(`${route.endpoint} ${route.key}`).toBe(expected);
  });
});

describe('teamRoute: the team behind a prospect row', () => {
  it.each([
    // [label, org, the list it came from, version, route]
    [
      'a fund row on 1.5.0: the panel’s route (one cache key on both surfaces)',
      { id: 'c1', slug: 'zeta', companyType: 'investor' },
      'investors',
      '1.5.0',
      'investor zeta',
    ],
    [
      'a project that also sells a service, from the services list, on 1.5.0',
      { id: 'c2', slug: 'acme', companyType: 'project' },
      'services',
      '1.5.0',
      'project c2',
    ],
    [
      'a fund row before 1.5.0: the list says it is a fund',
      { id: 'c3', slug: 'zeta', companyType: undefined },
      'investors',
      '1.4.0',
      'investor zeta',
    ],
    ['a service row before 1.5.0', { id: 'c4', slug: 'certik' }, 'services', '1.2.0', 'service certik'],
    ['a project row before 1.5.0', { id: 'c5', slug: 'acme' }, 'projects', '1.4.0', 'project c5'],
    ['a fund row whose kind is unknown on 1.5.0', { id: 'c6', slug: null, companyType: undefined }, 'investors', '1.5.0', 'investor c6'],
  ] as const)('%s', (_label, org, list, version, expected) => {
    const route = teamRoute({ companyType: undefined, ...org, slug: org.slug ?? null }, list, version);
    expect(`${route.endpoint} ${route.key}`).toBe(expected);
    expect(routeCall(route).cacheKey).toBe(`${route.endpoint}:${route.key}`);
  });
});
