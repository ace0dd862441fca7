import { describe, expect, it } from 'vitest';
import { canReveal, hasScope } from './account';
import { directoryOf } from './company-type';
import { portfolioCompanyName } from './portfolio';
import { AccountSchema, ProjectSchema } from './schemas';
import { accountFixture, projectFixture } from './test-support';
import { TOKEN_LAUNCHED_LABELS, tokenLaunchedState } from './token-launched';

describe('tokenLaunchedState', () => {
  it.each([
    [true, 'launched'],
    [false, 'not-launched'],
    [null, 'unknown'],
    [undefined, 'unknown'],
  ] as const)('%s → %s', (value, state) => {
    expect(tokenLaunchedState(value)).toBe(state);
    expect(tokenLaunchedState(ProjectSchema.parse(projectFixture({ tokenLaunched: value })))).toBe(state);
  });

  it('has a label per state', () => {
    expect(TOKEN_LAUNCHED_LABELS.unknown).not.toMatch(/no token/i);
  });
});

describe('directoryOf', () => {
  it.each([
    ['project', 'projects'],
    ['investor', 'investors'],
    ['service', 'services'],
    ['platform', 'services'],
    ['launchpad', 'services'],
    ['institution', null],
    [undefined, null],
    [null, null],
  ] as const)('%s → %s', (companyType, directory) => {
    expect(directoryOf(companyType)).toBe(directory);
  });
});

describe('portfolioCompanyName', () => {
  it.each([
    [{ company: 'Aurora' }, 'Aurora'],
    [{ company: { id: 'p', name: 'Aurora' } }, 'Aurora'],
    [{ company: { id: 'p' } }, null],
    [{ company: '' }, null],
    [{ company: 12 }, null],
    [{}, null],
  ])('%j → %j', (row, expected) => {
    expect(portfolioCompanyName(row)).toBe(expected);
  });
});

describe('hasScope / canReveal', () => {
  it.each([
    [['read:metadata', 'read:contacts'], true],
    [['read:metadata'], false],
    [[], false],
  ])('%j → canReveal %s', (scopes, expected) => {
    const account = AccountSchema.parse({ ...accountFixture(), apiKey: { scopes } });
    expect(canReveal(account)).toBe(expected);
    expect(hasScope(account, 'read:metadata')).toBe(scopes.includes('read:metadata'));
  });
});
