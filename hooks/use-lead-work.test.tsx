// The page's leads database on a fake IndexedDB, installed before Dexie loads (it reads the global once).
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { sendMessage } from '@/lib/messaging/protocol';
import { aPerson } from '@/tests/support/records';
import { LEADS_NOW } from '@/tests/support/a-lead';
import { testLeadStore } from '@/tests/support/test-leads';
import { useLeadWork } from './use-lead-work';

vi.mock('@/lib/messaging/protocol', () => ({ sendMessage: vi.fn(async () => undefined) }));

/** The worker's saveLead, as far as a page sees it: the lead lands in the database. */
function setup() {
  const store = testLeadStore(() => LEADS_NOW);
  const save = vi.fn(async () => {
    await store.save({ person: aPerson({ id: 'per_ada' }), organization: null, accountId: 'acc_pro', savedFrom: null });
    return null;
  });
  return { store, save };
}

it('a double click on a message records it once: one save, one note', async () => {
  const { store, save } = setup();
  const { result } = renderHook(() => useLeadWork('per_ada', { save, store, now: () => LEADS_NOW }));
  await waitFor(() => expect(result.current?.editor.lead).toBeNull());
  await waitFor(() => expect(result.current?.outreach).toBeDefined());
  act(() => {
    result.current!.outreach!.onTouch('telegram');
    result.current!.outreach!.onTouch('telegram');
  });
  await waitFor(() => expect(result.current?.editor.message?.text).toMatch(/^Recorded “Messaged on Telegram”/));
  expect(save).toHaveBeenCalledOnce();
  expect((await store.get('per_ada'))?.notes.map((n) => n.text)).toEqual(['Messaged on Telegram']);
  expect(vi.mocked(sendMessage)).toHaveBeenCalledWith('followUpsChanged', undefined);
});

it('what was said about one person is not shown on the next one’s card (nor its Undo)', async () => {
  const { store, save } = setup();
  const { result, rerender } = renderHook(({ id }) => useLeadWork(id, { save, store, now: () => LEADS_NOW }), {
    initialProps: { id: 'per_ada' },
  });
  await waitFor(() => expect(result.current?.outreach).toBeDefined());
  await waitFor(() => expect(result.current?.editor.lead).toBeNull());
  act(() => result.current!.outreach!.onTouch('email'));
  await waitFor(() => expect(result.current?.editor.message?.onUndo).toBeDefined());
  rerender({ id: 'per_tomas' });
  expect(result.current?.editor.message).toBeNull();
  rerender({ id: 'per_ada' });
  expect(result.current?.editor.message?.text).toMatch(/^Recorded “Emailed”/);
});
