import { checkApiBase } from '@/lib/api/api-origin-policy';

/**
 * A usable API base URL, or null. The key is sent to this origin, so the origin policy decides (https
 * anywhere, plain http only to the emulator in development/test builds, no embedded credentials);
 * query/hash and trailing slash dropped.
 */
export function cleanBaseUrl(input: unknown): string | null {
  const checked = checkApiBase(input);
  return checked.ok ? checked.baseUrl : null;
}
