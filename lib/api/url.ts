/*
 * Where the key may go. The key is sent only to the origin of `baseUrl`, which the origin policy
 * (./api-origin-policy.ts) accepts: https, or plain http to the emulator origin in development/test
 * builds. Every final URL is resolved and its origin compared before sending.
 */
/**
 * One path segment, percent-encoded; null for a value that cannot name a record ('' or dot segments,
 * which URL parsers resolve — even encoded as %2E — and would move the request to another route).
 */
export function pathSegment(value: string | number): string | null {
  // Untyped callers: `undefined` or an object would otherwise become '/undefined' or '/[object Object]'.
  if (typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value))) return null;
  const text = String(value);
  if (text.trim() === '' || /^\.+$/.test(text)) return null;
  return encodeURIComponent(text);
}

/**
 * The absolute URL for `path` (which starts with '/v1/') under the base, or null when the resolved URL
 * would leave the base's origin or its `/v1/` root. Belt and braces: segments are already encoded, this catches what slips by.
 */
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
