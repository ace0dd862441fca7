import { describe, expect, it } from 'vitest';
import { compareVersions, parseVersion, supportsCompanyType } from './version';

describe('parseVersion', () => {
  it.each([
    ['1.5.0', { major: 1, minor: 5, patch: 0, prerelease: null }],
    [' v1.4.2 ', { major: 1, minor: 4, patch: 2, prerelease: null }],
    ['1.2', { major: 1, minor: 2, patch: 0, prerelease: null }],
    ['1.5.0-rc.1+build.7', { major: 1, minor: 5, patch: 0, prerelease: 'rc.1' }],
    ['2.0.0+sha.abc', { major: 2, minor: 0, patch: 0, prerelease: null }],
    ['', null],
    ['latest', null],
    ['1', null],
    [null, null],
    [undefined, null],
  ])('%j', (input, expected) => {
    expect(parseVersion(input)).toEqual(expected);
  });
});

describe('compareVersions', () => {
  it.each([
    ['1.5.0', '1.4.9', 1],
    ['1.4.0', '1.5.0', -1],
    ['1.10.0', '1.9.0', 1],
    ['1.5.0', '1.5.0', 0],
    ['1.5.0-rc.1', '1.5.0', -1],
    ['2.0.0', '1.99.99', 1],
  ])('%s vs %s', (a, b, sign) => {
    expect(Math.sign(compareVersions(parseVersion(a)!, parseVersion(b)!))).toBe(sign);
  });
});

describe('feature helpers (unknown → conservative false)', () => {
  it.each([
    // version,   companyType
    ['1.1.0', false],
    ['1.2.0', false],
    ['1.4.0', false],
    ['1.5.0', true],
    ['1.5.0-beta', false],
    ['1.6.3', true],
    ['2.0.0', true],
    [null, false],
    [undefined, false],
    ['garbage', false],
  ])('%j', (version, companyType) => {
    expect(supportsCompanyType(version)).toBe(companyType);
  });
});
