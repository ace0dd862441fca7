const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * A usable API base URL, or null. The key is sent to this origin, so: https anywhere, plain http only
 * to this machine (the emulator), no embedded credentials; query/hash and trailing slash dropped.
 */
export function cleanBaseUrl(input: unknown): string | null {
  if (typeof input !== 'string' || !input.trim()) return null;
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return null;
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}
