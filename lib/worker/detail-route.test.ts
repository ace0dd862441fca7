import { describe, expect, it } from 'vitest';
import { detailRoute } from './detail-route';

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
