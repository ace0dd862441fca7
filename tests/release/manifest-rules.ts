/*
 * What the store packages' manifests may ask for (issue 28), as rules a test applies to the zips
 * `npm run zip` writes (./zips.release.ts) and that ./manifest-rules.test.ts tries on bad manifests.
 */
import { grantedHostPermissions, LOOPBACK_HOSTS } from '../../lib/api/api-origin-policy';
import { LINKEDIN_MATCHES, X_MATCHES } from '../../lib/profile/sites';

export type StoreBrowser = 'chrome' | 'firefox';

/**
 * storage: settings, cache, ledger; unlimitedStorage: cached answers outgrow 10 MB; alarms: waits that
 * outlive the worker; scripting: the "People on this page" reader injected into a watched X or LinkedIn
 * tab; sidePanel: Chrome's panel.
 */
export const PERMISSIONS: Record<StoreBrowser, readonly string[]> = {
  chrome: ['storage', 'unlimitedStorage', 'alarms', 'scripting', 'sidePanel'],
  firefox: ['storage', 'unlimitedStorage', 'alarms', 'scripting'],
};

/**
 * Asked for at runtime only, one origin at a time, never granted at install:
 * - `https://*\/*`: the API address a user types on the options page (a company proxy, a regional
 *   host) or that `/v1/me` proposes and the user confirms; the Save click asks for that one origin
 *   (lib/api/api-origin-policy.ts). Narrowing it would remove that feature.
 * - `https://api.hubapi.com/*`: HubSpot, asked for when the user connects it (issue 27).
 */
export const OPTIONAL_HOSTS: readonly string[] = ['https://*/*', 'https://api.hubapi.com/*'];

/** The sites the content scripts read (entrypoints/*.content.ts). */
const CONTENT_HOSTS = /^https:\/\/(\*\.|www\.)?(x|twitter|linkedin)\.com\/\*$/;

/** Firefox's data consent: what leaves the machine (the privacy page lists it). */
export const DATA_COLLECTION: readonly string[] = ['browsingActivity', 'websiteContent', 'searchTerms', 'personallyIdentifyingInfo'];

export interface ManifestLike {
  manifest_version?: number;
  version?: string;
  permissions?: string[];
  host_permissions?: string[];
  optional_host_permissions?: string[];
  optional_permissions?: string[];
  content_scripts?: Array<{ matches?: string[] }>;
  web_accessible_resources?: unknown[];
  externally_connectable?: unknown;
  browser_specific_settings?: { gecko?: { data_collection_permissions?: { required?: string[]; optional?: string[] } } };
  [key: string]: unknown;
}

const sameSet = (a: readonly string[] = [], b: readonly string[] = []) => a.length === b.length && a.every((x) => b.includes(x));

/** Everything wrong with a store package's manifest ([] when it may ship). `apiBaseUrl`: the production API the zip was built for. */
export function manifestProblems(m: ManifestLike, browser: StoreBrowser, expect: { version: string; apiBaseUrl: string }): string[] {
  const problems: string[] = [];
  if (m.manifest_version !== 3) problems.push(`manifest_version ${m.manifest_version}`);
  if (m.version !== expect.version) problems.push(`version ${m.version}, package.json says ${expect.version}`);
  if (!sameSet(m.permissions, PERMISSIONS[browser])) problems.push(`permissions ${JSON.stringify(m.permissions)}`);
  if ((m.optional_permissions ?? []).length > 0) problems.push(`optional_permissions ${JSON.stringify(m.optional_permissions)}`);
  // The API host, and the sites the content scripts run on (the row reader is injected there).
  const hosts = [...grantedHostPermissions(expect.apiBaseUrl, true), ...X_MATCHES, ...LINKEDIN_MATCHES];
  if (!sameSet(m.host_permissions, hosts))
    problems.push(`host_permissions ${JSON.stringify(m.host_permissions)}, expected ${JSON.stringify(hosts)}`);
  for (const h of m.optional_host_permissions ?? []) if (!OPTIONAL_HOSTS.includes(h)) problems.push(`optional host ${h}`);
  for (const cs of m.content_scripts ?? [])
    for (const match of cs.matches ?? []) if (!CONTENT_HOSTS.test(match)) problems.push(`content script on ${match}`);
  if ((m.web_accessible_resources ?? []).length > 0) problems.push('web_accessible_resources');
  if (m.externally_connectable !== undefined) problems.push('externally_connectable');
  const text = JSON.stringify(m);
  if (text.includes('<all_urls>')) problems.push('<all_urls>');
  for (const host of [...LOOPBACK_HOSTS, '[::1]']) if (text.includes(host)) problems.push(`loopback host ${host}`);
  if (/"http:\/\//.test(text)) problems.push('plain http');
  if (browser === 'firefox') {
    const consent = m.browser_specific_settings?.gecko?.data_collection_permissions;
    if (!sameSet(consent?.required, DATA_COLLECTION)) problems.push(`data_collection_permissions ${JSON.stringify(consent)}`);
  }
  return problems;
}
