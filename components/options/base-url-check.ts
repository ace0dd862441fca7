import { checkApiBase, LOOPBACK_ALLOWED } from '@/lib/api/api-origin-policy';
import { INVALID_URL, insecureUrlText } from '@/lib/messages/texts';

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

/** Whether the key may be sent to this address (the origin policy decides), and whether the browser must be asked first. */
export function checkBaseUrl(input: string, options: { allowLoopback?: boolean } = {}): BaseUrlCheck {
  const text = input.trim();
  if (!text) return { ok: false, message: 'Enter the API base URL, for example https://api.example.com.' };
  const checked = checkApiBase(text, options);
  if (!checked.ok) {
    return checked.problem === 'insecure'
      ? { ok: false, message: insecureUrlText(options.allowLoopback ?? LOOPBACK_ALLOWED) }
      : { ok: false, message: INVALID_URL };
  }
  return { ok: true, baseUrl: checked.baseUrl, origin: checked.origin, needsPermission: !checked.loopback };
}

export function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}
