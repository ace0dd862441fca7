import { renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { tabStateItem } from '@/lib/tab-state/items';
import type { TabStatePush } from '@/lib/messaging/watch-port';
import type { TabState } from '@/lib/tab-state/tab-state';
import { useTabState } from './use-tab-state';

beforeEach(() => fakeBrowser.reset());

const at = (updatedAt: number, status: 'looking-up' | 'not-found' = 'looking-up'): TabState =>
  status === 'looking-up'
    ? { tabId: 1, profile: null, hints: {}, updatedAt, status }
    : { tabId: 1, profile: null, hints: {}, updatedAt, status, query: 'ada' };

describe('useTabState with the worker pushing its writes', () => {
  it.each<[string, TabStatePush | null, TabState | null]>([
    ['nothing pushed: storage', null, at(10)],
    ['a push newer than storage (storage has not caught up)', { tabId: 1, state: at(20, 'not-found') }, at(20, 'not-found')],
    [
      'a push as old as storage: the push (the worker pushes before it writes)',
      { tabId: 1, state: at(10, 'not-found') },
      at(10, 'not-found'),
    ],
    ['storage newer than the push (a restarted worker wrote it)', { tabId: 1, state: at(5, 'not-found') }, at(10)],
    ['a removal pushed', { tabId: 1, state: null }, null],
    ['a push for another tab: storage', { tabId: 2, state: { ...at(30, 'not-found'), tabId: 2 } }, at(10)],
  ])('%s', async (_, pushed, shown) => {
    await tabStateItem(1).setValue(at(10));
    const { result } = renderHook(() => useTabState(1, pushed));
    await waitFor(() => expect(result.current).toEqual(shown));
  });
});
