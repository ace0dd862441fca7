/*
 * Where the API key may go: the one place that decides.
 * - https: any host the user typed (the browser asks for its permission in the Save click).
 * - plain http: only the emulator at the origin typed (127.0.0.1 or localhost), in development/test builds;
 *   not *.localhost, 127.0.0.0/8 or [::1]: the manifest grants none of those.
 * - GET /v1/me's `baseUrl` is a proposal: only https is offered, and the key goes there once the user confirms.
 */

/** The hosts plain http may reach (the emulator), by exact name. */
export const LOOPBACK_HOSTS: readonly string[] = ['127.0.0.1', 'localhost'];

/** Manifest host permissions for the emulator: in development/test builds only (see wxt.config.ts). */
export const LOOPBACK_HOST_PERMISSIONS: readonly string[] = LOOPBACK_HOSTS.map((host) => `http://${host}/*`);

/** The manifest's `host_permissions`: the emulator unless a release build, and the default API host (others: at runtime). */
export function grantedHostPermissions(defaultBaseUrl: string, release: boolean): string[] {
  // Never plain http here: the only http a build grants is the emulator, by the list above.
  const base = checkApiBase(defaultBaseUrl, { allowLoopback: false });
  return [...(release ? [] : LOOPBACK_HOST_PERMISSIONS), ...(base.ok ? [`https://${new URL(base.origin).hostname}/*`] : [])];
}

/** False in a release build (`npm run zip` sets WXT_RELEASE=1), whose manifest grants no loopback; plain Node never is one. */
export const LOOPBACK_ALLOWED: boolean = typeof import.meta.env !== 'object' || import.meta.env.WXT_RELEASE !== 'true';

export type BaseUrlProblem = 'invalid' | 'insecure';

/** `prefix`: a proxy mount, no trailing slash; `baseUrl`: origin + prefix, stored and shown; `loopback`: the emulator (granted by the build). */
export type ApiBaseCheck =
  { ok: true; origin: string; prefix: string; baseUrl: string; loopback: boolean } | { ok: false; problem: BaseUrlProblem };

/** An API base address typed or confirmed: no embedded credentials; query, fragment and trailing slash dropped. */
export function checkApiBase(input: unknown, options: { allowLoopback?: boolean } = {}): ApiBaseCheck {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, problem: 'invalid' };
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '')
    return { ok: false, problem: 'invalid' };
  const loopback = url.protocol === 'http:' && LOOPBACK_HOSTS.includes(url.hostname.toLowerCase());
  if (url.protocol === 'http:' && !(loopback && (options.allowLoopback ?? LOOPBACK_ALLOWED))) return { ok: false, problem: 'insecure' };
  const prefix = url.pathname.replace(/\/+$/, '');
  return { ok: true, origin: url.origin, prefix, baseUrl: `${url.origin}${prefix}`, loopback };
}

/** The URL for `/v1/…` under the base, or null when it would leave the base's origin or `/v1/` root (belt and braces). */
export function resolveRequestUrl(base: { origin: string; prefix: string }, pathAndQuery: string): string | null {
  let resolved: URL;
  try {
    resolved = new URL(`${base.origin}${base.prefix}${pathAndQuery}`);
  } catch {
    return null;
  }
  if (resolved.origin !== base.origin) return null;
  // A path that normalised out of the API root (dot segments) is refused as well.
  return resolved.pathname.startsWith(`${base.prefix}/v1/`) ? resolved.href : null;
}

/** What to do with the `baseUrl` GET /v1/me reports, given the base the key was just checked against. */
export type ReportedBaseVerdict =
  /** Absent, or the base in use: nothing to do. */
  | { kind: 'same' }
  /** Another https address: show it and switch only if the user confirms. */
  | { kind: 'propose'; baseUrl: string; origin: string }
  /** Not https (plain http, even to loopback), or not an address: never followed; shown as refused. */
  | { kind: 'refuse'; baseUrl: string; problem: BaseUrlProblem };

export function judgeReportedBase(reported: unknown, current: string): ReportedBaseVerdict {
  if (reported === undefined || reported === null || reported === '') return { kind: 'same' };
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- whatever the API sent, shown as String() reads it
  const shown = String(reported).slice(0, 300);
  // The base in use is no change of host (the emulator, too, reports its own typed address).
  const [asTyped, inUse] = [checkApiBase(reported), checkApiBase(current)];
  if (asTyped.ok && inUse.ok && asTyped.baseUrl === inUse.baseUrl) return { kind: 'same' };
  // Never loopback: plain http is for the emulator origin the user typed, not one an API names.
  const parsed = checkApiBase(reported, { allowLoopback: false });
  if (!parsed.ok) return { kind: 'refuse', baseUrl: shown, problem: parsed.problem };
  return { kind: 'propose', baseUrl: parsed.baseUrl, origin: parsed.origin };
}
