import { describe, expect, it } from 'vitest';
import { directoryOf, portfolioCompanyName, tokenLaunchedState } from './record-helpers';
import { ProjectSchema } from './schemas';
import { projectJson } from '@/tests/support/records';

describe('tokenLaunchedState', () => {
  it.each([
    [true, 'launched'],
    [false, 'not-launched'],
    [null, 'unknown'],
    [undefined, 'unknown'],
  ] as const)('%s → %s', (value, state) => {
    expect(tokenLaunchedState(value)).toBe(state);
    expect(tokenLaunchedState(ProjectSchema.parse(projectJson({ tokenLaunched: value })))).toBe(state);
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
