/*
 * API version awareness. Versions are additive semver (spec): 1.2.0 populated `ticker`, `chains`,
 * `discordUrl`, `linkedinUrl`, `slug`; 1.5.0 added `companyType`, any-kind `/v1/projects/{id}` and
 * slug-or-id `/v1/investors/{key}`.
 *
 * Unknown or unparsable version → every helper answers false: assume the oldest behaviour, i.e. treat the
 * newer fields as possibly absent and key investors by slug, which works on every version.
 */

export const VERSION_HEADER = 'Service-API-Version';

export interface SemVer {
  major: number;
  minor: number;
  patch: number;
  /** Pre-release tag (`1.5.0-rc.1` → 'rc.1'); a pre-release sorts before its release. */
  prerelease: string | null;
}

const SEMVER = /^v?(\d+)\.(\d+)(?:\.(\d+))?(?:-([0-9A-Za-z.-]+))?(?:\+[0-9A-Za-z.-]+)?$/;

/** Lenient semver: optional leading `v`, missing patch read as 0, build metadata ignored. */
export function parseVersion(value: string | null | undefined): SemVer | null {
  if (typeof value !== 'string') return null;
  const match = SEMVER.exec(value.trim());
  if (!match) return null;
  return {
    major: Number(match[1]),
    minor: Number(match[2]),
    patch: match[3] === undefined ? 0 : Number(match[3]),
    prerelease: match[4] ?? null,
  };
}

/** Negative, 0 or positive like a sort comparator. Pre-release tags compare as plain strings (enough here). */
export function compareVersions(a: SemVer, b: SemVer): number {
  const byNumber = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (byNumber !== 0) return byNumber;
  if (a.prerelease === b.prerelease) return 0;
  if (a.prerelease === null) return 1;
  if (b.prerelease === null) return -1;
  return a.prerelease < b.prerelease ? -1 : 1;
}

/** True only when `version` parses and is at least `minimum`. */
export function isAtLeast(version: string | null | undefined, minimum: string): boolean {
  const v = parseVersion(version);
  const min = parseVersion(minimum);
  return v !== null && min !== null && compareVersions(v, min) >= 0;
}

/** `companyType` is present on project, investor and service records. */
export function supportsCompanyType(version: string | null | undefined): boolean {
  return isAtLeast(version, '1.5.0');
}
