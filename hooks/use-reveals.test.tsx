// The records database on a fake IndexedDB, installed before Dexie loads (it reads the global once).
import 'fake-indexeddb/auto';
import { renderHook, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { sendMessage } from '@/lib/messaging/protocol';
import { idbKvStore } from '@/lib/storage/idb-kv-store';
import { cacheEntryKey, revealKey } from '@/lib/storage/keys';
import { aRevealRecord } from '@/tests/support/records';
import { useReveals } from './use-reveals';

vi.mock('@/lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));
const send = vi.mocked(sendMessage);

it('asks the worker again when any context writes a reveal into the records database, not for other records', async () => {
  const stored: ReturnType<typeof aRevealRecord>[] = [];
  send.mockImplementation((async () => ({ accountId: 'acc_pro', reveals: [...stored] })) as never);
  // The worker's store: another connection than the page's, as in the extension.
  const worker = idbKvStore();
  const { result } = renderHook(() => useReveals('acc_pro'));
  await waitFor(() => expect(result.current?.reveals).toEqual([]));
  expect(send).toHaveBeenCalledTimes(1);

  await worker.set(cacheEntryKey('acc_pro', 'search:ada'), { n: 1 });
  const ada = aRevealRecord({ channels: { email: 'ada@quantlayer.xyz' } });
  stored.push(ada);
  await worker.set(revealKey(ada.accountId, ada.personId), ada);
  await waitFor(() => expect(result.current?.reveals).toEqual([ada]));
  expect(send).toHaveBeenCalledTimes(2);
});
