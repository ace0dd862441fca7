// The key goes only to the origin of `baseUrl` (./api-origin-policy.ts): every final URL is checked before sending.

/** One path segment, encoded; null for '' or dot segments (resolved even as %2E: they would move the request elsewhere). */
export function pathSegment(value: string | number): string | null {
  // Untyped callers: `undefined` or an object would otherwise become '/undefined' or '/[object Object]'.
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) return null;
  const text = String(value);
  if (text.trim() === '' || /^\.+$/.test(text)) return null;
  return encodeURIComponent(text);
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
