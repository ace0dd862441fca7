import { parseBaseUrl } from '@/lib/api';

/** Hosts the manifest grants up front (plain http allowed: this computer only, i.e. the emulator). */
const GRANTED_LOOPBACK = new Set(['127.0.0.1', 'localhost']);

export type BaseUrlCheck =
  | {
      ok: true;
      /** Origin plus any path prefix, no trailing slash. */
      baseUrl: string;
      origin: string;
      /** https hosts need an optional host permission, requested in the Save click. */
      needsPermission: boolean;
    }
  | { ok: false; message: string };

/** Whether the key may be sent to this address, and whether the browser must be asked first. */
export function checkBaseUrl(input: string): BaseUrlCheck {
  const text = input.trim();
  if (!text) return { ok: false, message: 'Enter the API base URL, for example https://api.example.com.' };
  const parsed = parseBaseUrl(text);
  if (!parsed.ok) {
    return parsed.problem === 'insecure'
      ? { ok: false, message: insecureMessage() }
      : { ok: false, message: 'That is not a usable web address. Enter it as https://api.example.com (no user name or password in it).' };
  }
  const url = new URL(parsed.origin);
  if (url.protocol === 'http:' && !GRANTED_LOOPBACK.has(url.hostname)) return { ok: false, message: insecureMessage() };
  return { ok: true, baseUrl: `${parsed.origin}${parsed.prefix}`, origin: parsed.origin, needsPermission: url.protocol === 'https:' };
}

function insecureMessage(): string {
  return 'Plain http:// is refused: the API key would travel unencrypted. Use an https:// address (plain http only works for 127.0.0.1 or localhost).';
}

export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
