/* Where the HubSpot token may go (the options page checks it before asking for the host permission; the worker before sending). */
import { checkApiBase, LOOPBACK_ALLOWED } from '@/lib/api/api-origin-policy';
import { HUBSPOT_API_BASE_URL } from './paths';

/**
 * Where the token may go: HubSpot's API in a release build; in development/test builds also another
 * https address or this computer's emulator (the Directory API's address policy). Null when refused.
 */
export function checkHubSpotBase(input: unknown, allowOther: boolean = LOOPBACK_ALLOWED): string | null {
  if (input === undefined || input === null || input === '') return HUBSPOT_API_BASE_URL;
  const checked = checkApiBase(input, { allowLoopback: allowOther });
  if (!checked.ok) return null;
  if (!allowOther && checked.baseUrl !== HUBSPOT_API_BASE_URL) return null;
  return checked.baseUrl;
}
