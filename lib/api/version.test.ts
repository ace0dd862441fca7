import { describe, expect, it } from 'vitest';
import { isAtLeast, supportsCompanyType } from './version';

describe('isAtLeast (lenient semver)', () => {
  it.each([
    ['1.5.0', '1.5.0', true],
    [' v1.4.2 ', '1.4.2', true],
    [' v1.4.2 ', '1.4.3', false],
    ['1.2', '1.2.0', true],
    ['1.5.0-rc.1+build.7', '1.5.0', false],
    ['1.5.0-rc.1+build.7', '1.4.9', true],
    ['2.0.0+sha.abc', '2.0.0', true],
    ['1.5.0', '1.4.9', true],
    ['1.4.0', '1.5.0', false],
    ['1.10.0', '1.9.0', true],
    ['1.9.0', '1.10.0', false],
    ['2.0.0', '1.99.99', true],
    ['', '0.0.0', false],
    ['latest', '0.0.0', false],
    ['1', '0.0.0', false],
    [null, '0.0.0', false],
    [undefined, '0.0.0', false],
  ])('%j ≥ %s: %s', (version, minimum, expected) => {
    expect(isAtLeast(version, minimum)).toBe(expected);
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
