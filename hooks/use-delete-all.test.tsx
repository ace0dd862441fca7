// The leads and records databases on a fake IndexedDB, installed before Dexie loads (it reads the global once).
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { downloadText } from '@/components/shared/download-file';
import { dayKey } from '@/lib/credits/day-key';
import { readBackup } from '@/lib/leads/lead-backup';
import { openLeadDb } from '@/lib/leads/lead-db';
import { LeadStore } from '@/lib/leads/lead-store';
import { sendMessage } from '@/lib/messaging/protocol';
import { DELETE_ALL_FAILED } from '@/lib/messages/texts';
import { idbKvStore } from '@/lib/storage/idb-kv-store';
import { ledgerKey, revealKey } from '@/lib/storage/keys';
import { aLeadWithSnapshot, seedLeads } from '@/tests/support/a-lead';
import { useDeleteAll } from './use-delete-all';

vi.mock('@/lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));
vi.mock('@/components/shared/download-file', () => ({ downloadText: vi.fn() }));
const send = vi.mocked(sendMessage);

// Other contexts than the page: the worker's connections, as in the extension.
const workerLeads = new LeadStore(openLeadDb());
const workerRecords = idbKvStore();
const settle = (ms = 50) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));

beforeEach(async () => {
  await workerLeads.clear();
  await workerRecords.db.kv.clear();
  await seedLeads(workerLeads, [aLeadWithSnapshot({ id: 'per_ada' }, { notes: [{ id: 'n1', at: 1, text: 'met at ETHDenver' }] })]);
});
afterEach(() => vi.restoreAllMocks());

describe('useDeleteAll', () => {
  it('counts only while the dialog is open, live as another context saves, notes or reveals', async () => {
    const reads = vi.spyOn(LeadStore.prototype, 'all');
    const { result } = renderHook(() => useDeleteAll());
    await settle();
    expect(reads).not.toHaveBeenCalled();
    expect(result.current.stored).toBeUndefined();

    act(() => result.current.onOpenChange(true));
    await waitFor(() => expect(result.current.stored).toEqual({ leads: 1, notes: 1, revealed: 0, spending: 0, cached: 0 }));

    await act(async () => {
      await workerLeads.addNote('per_ada', 'Telegram’d, follow up Friday');
      await workerRecords.set(revealKey('acc_pro', 'per_ada'), { personId: 'per_ada' });
      await workerRecords.set(ledgerKey('2026-11-26', 1, 'a'), { credits: 10 });
    });
    await waitFor(() => expect(result.current.stored).toEqual({ leads: 1, notes: 2, revealed: 1, spending: 1, cached: 0 }));

    act(() => result.current.onOpenChange(false));
    await settle();
    const readsWhenClosed = reads.mock.calls.length;
    await seedLeads(workerLeads, [aLeadWithSnapshot({ id: 'per_bo' })]);
    await settle();
    expect(reads.mock.calls.length).toBe(readsWhenClosed);
  });

  it('"Back up leads first" downloads the Leads page’s backup file and says so', async () => {
    const { result } = renderHook(() => useDeleteAll());
    act(() => result.current.onOpenChange(true));
    await act(() => result.current.onBackUp());
    const fileName = `leads-backup-${dayKey(Date.now())}.json`;
    expect(downloadText).toHaveBeenCalledWith(fileName, expect.any(String), 'application/json');
    const read = readBackup(vi.mocked(downloadText).mock.calls[0]![1]);
    expect(read.ok && read.backup.leads.map((l) => [l.personId, l.notes.length])).toEqual([['per_ada', 1]]);
    expect(result.current.backup).toEqual({ tone: 'ok', text: `Backed up 1 lead to ${fileName}.` });
    expect(result.current.backingUp).toBe(false);
    expect(send).not.toHaveBeenCalled();

    // Opened again, the dialog starts without the last backup's note.
    act(() => result.current.onOpenChange(false));
    act(() => result.current.onOpenChange(true));
    expect(result.current.backup).toBeNull();
  });

  it('a backup that fails says why, downloads nothing and deletes nothing', async () => {
    vi.mocked(downloadText).mockClear();
    vi.spyOn(LeadStore.prototype, 'backup').mockRejectedValue(new Error('QuotaExceededError'));
    const { result } = renderHook(() => useDeleteAll());
    await act(() => result.current.onBackUp());
    expect(result.current.backup).toEqual({
      tone: 'error',
      text: 'The leads could not be backed up (QuotaExceededError). Nothing was deleted.',
    });
    expect(downloadText).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('"Delete everything" closes the dialog and asks the worker; a refusal is shown and the page is usable again', async () => {
    send.mockRejectedValueOnce(new Error('crypto-directory-leads is still open in another page'));
    const { result } = renderHook(() => useDeleteAll());
    act(() => result.current.onOpenChange(true));
    await act(() => result.current.onDelete());
    expect(send).toHaveBeenCalledWith('deleteAllData');
    expect(result.current.open).toBe(false);
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBe(`${DELETE_ALL_FAILED} crypto-directory-leads is still open in another page`);

    send.mockResolvedValueOnce(undefined as never);
    await act(() => result.current.onDelete());
    // The restart closes the page: it stays busy until then.
    expect([result.current.busy, result.current.error]).toEqual([true, null]);
  });
});
