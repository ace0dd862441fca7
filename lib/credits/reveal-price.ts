// Which call a reveal is billed as, decided once for the worker (which pays) and the pages (which quote).
import type { Endpoint } from '@/lib/api/calls';

/**
 * A first reveal (`reveal`), or a re-read of a contact (`person`, a data call) when a record this account
 * fetched says the contact is already unlocked (`isLocked === false`). A record fetched under another
 * account, restored from a backup or of unknown origin proves nothing: it is quoted as a first reveal, and
 * nothing is paid to find out.
 */
export function revealEndpoint(
  record: { isLocked?: boolean | null },
  fetchedByThisAccount: boolean,
): Extract<Endpoint, 'reveal' | 'person'> {
  return fetchedByThisAccount && record.isLocked === false ? 'person' : 'reveal';
}
