import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { sendMessage } from '@/lib/messaging/protocol';
import { meterItem } from '@/lib/tab-state/items';
import { BALANCE_FRESH_MS, type CreditMeter } from '@/lib/tab-state/tab-state';
import { fakeWorker } from '@/tests/support/fake-worker';
import { aMeter } from '@/tests/support/records';
import { useMeter } from './use-meter';

vi.mock('@/lib/messaging/protocol', () => ({ sendMessage: vi.fn() }));

beforeEach(() => fakeBrowser.reset());

describe('useMeter', () => {
  const ago = (ms: number) => aMeter({ balanceAt: Date.now() - ms });
  it.each<[string, CreditMeter | null, number]>([
    ['read a minute ago', ago(60_000), 0],
    ['read over the window ago', ago(BALANCE_FRESH_MS + 1000), 1],
    ['of no key', aMeter({ hasKey: false, balance: null, balanceAt: null }), 0],
    ['not written yet', null, 1],
  ])('a page opening on a meter %s asks the worker %i time(s), however often it renders', async (_, stored, asks) => {
    const worker = fakeWorker(vi.mocked(sendMessage), { getMeter: () => ago(0) });
    await meterItem.setValue(stored);
    const { result, rerender } = renderHook(() => useMeter());
    await waitFor(() => expect(result.current).not.toBeNull());
    rerender();
    rerender();
    expect(worker.sent('getMeter')).toHaveLength(asks);
  });
});
