import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { tabStateItem } from '@/lib/storage/items';
import type { TabState } from '@/lib/tab-state/tab-state';
import { Views } from './views';

const profile = { site: 'x', handle: 'AdaQuant', key: 'x:adaquant', url: 'https://x.com/AdaQuant' } as const;

beforeEach(() => {
  fakeBrowser.reset();
});

describe('Views', () => {
  it('a state that cannot be stored (storage.session full) becomes an error the panel shows, never a stuck "looking up"', async () => {
    const badges: string[] = [];
    const views = new Views(
      () => 1,
      (_tab, b) => badges.push(b.text),
    );
    await views.replace({ tabId: 4 }, { profile, hints: {}, updatedAt: 0, status: 'looking-up' });
    // The matched state is too big: the first write fails, the small fallback fits.
    vi.spyOn(fakeBrowser.storage.session, 'set').mockImplementationOnce(async () => {
      throw new Error('QUOTA_BYTES quota exceeded');
    });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const huge = { status: 'matched', revealed: {}, person: { id: 'p', firstName: 'x'.repeat(100) } } as unknown as TabState;
    const stored = await views.update({ tabId: 4 }, profile.key, huge);
    expect(stored).toMatchObject({ status: 'error', message: expect.stringMatching(/too large/) });
    expect(await tabStateItem(4).getValue()).toMatchObject({ status: 'error', profile: { key: 'x:adaquant' } });
    expect(badges.at(-1)).toBe('!');
  });

  it('a write for a profile the tab has left is dropped', async () => {
    const views = new Views(
      () => 1,
      () => undefined,
    );
    await views.replace({ tabId: 1 }, { profile, hints: {}, updatedAt: 0, status: 'looking-up' });
    expect(await views.update({ tabId: 1 }, 'x:someoneelse', { status: 'not-found', query: 'x' })).toBeNull();
    expect(await tabStateItem(1).getValue()).toMatchObject({ status: 'looking-up' });
  });
});
