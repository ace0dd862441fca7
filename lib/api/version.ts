/*
 * Versions are additive semver (spec); 1.5.0 added `companyType`. An unknown or unparsable version answers
 * false: assume the oldest behaviour, which works on every version.
 */

export const VERSION_HEADER = 'Service-API-Version';

/** Lenient semver: optional leading `v`, missing patch read as 0, build metadata ignored. */
const SEMVER = /^v?(\d+)\.(\d+)(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** Major, minor, patch, then 1 for a release, 0 for a pre-release (which sorts before its release). */
function sortKey(value: string | null | undefined): number[] | null {
  const match = typeof value === 'string' ? SEMVER.exec(value.trim()) : null;
  return match && [Number(match[1]), Number(match[2]), Number(match[3] ?? 0), match[4] === undefined ? 1 : 0];
}

/** True only when `version` parses and is at least `minimum`. */
export function isAtLeast(version: string | null | undefined, minimum: string): boolean {
  const [v, min] = [sortKey(version), sortKey(minimum)];
  if (v === null || min === null) return false;
  return (v.map((n, i) => n - min[i]!).find((d) => d !== 0) ?? 0) >= 0;
}

/** `companyType` is present on project, investor and service records. */
export function supportsCompanyType(version: string | null | undefined): boolean {
  return isAtLeast(version, '1.5.0');
}
