// The records database on a fake IndexedDB, installed before Dexie loads (it reads the global once).
import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { idbKvStore } from '@/lib/storage/idb-kv-store';
import { accountKey, revealKey } from '@/lib/storage/keys';
import { aRevealRecord } from '@/tests/support/records';
import { usePageReveals } from './use-page-reveals';

it('reads every account’s reveals from the records database, newest first, again when any context writes one', async () => {
  // The worker's store: another connection than the page's, as in the extension.
  const worker = idbKvStore();
  // A reveal already stored: the first read must return it (the hook starts empty, so [] would prove nothing).
  await worker.set(accountKey('cache', 'acc_pro', 'search:ada'), { value: 1, storedAt: 1, expiresAt: 2, kind: 'hit' });
  const ada = aRevealRecord({ at: 1, channels: { email: 'ada@quantlayer.xyz' } });
  await worker.set(revealKey(ada.accountId, ada.personId), ada);
  const { result } = renderHook(() => usePageReveals(null).rows);
  await waitFor(() => expect(result.current).toEqual([ada]));
  const later = aRevealRecord({ accountId: 'acc_old', at: 2, channels: { phone: '+1 555' } });
  await worker.set(revealKey(later.accountId, later.personId), later);
  await waitFor(() => expect(result.current).toEqual([later, ada]));
});
