import { describe, expect, it } from 'vitest';
import { compareVersions, hasExtendedFields, investorsAcceptId, parseVersion, supportsCompanyType } from './version';

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
    // version,   companyType, investorsById, extendedFields
    ['1.1.0', false, false, false],
    ['1.2.0', false, false, true],
    ['1.4.0', false, false, true],
    ['1.5.0', true, true, true],
    ['1.5.0-beta', false, false, true],
    ['1.6.3', true, true, true],
    ['2.0.0', true, true, true],
    [null, false, false, false],
    [undefined, false, false, false],
    ['garbage', false, false, false],
  ])('%j', (version, companyType, byId, extended) => {
    expect(supportsCompanyType(version)).toBe(companyType);
    expect(investorsAcceptId(version)).toBe(byId);
    expect(hasExtendedFields(version)).toBe(extended);
  });
});
