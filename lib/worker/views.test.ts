import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { tabStateItem } from '@/lib/tab-state/items';
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

  it('tells each tab state as its write is issued, before storage has it, and a removal as null', async () => {
    const told: Array<[number, string | null, unknown]> = [];
    const views = new Views(
      () => 1,
      () => undefined,
      (tabId, state) => void told.push([tabId, state?.status ?? null, state ? 'pending' : null]),
    );
    const area = fakeBrowser.storage.session;
    const setItems = area.set.bind(area);
    let land!: () => void;
    vi.spyOn(area, 'set').mockImplementationOnce((items) => new Promise<void>((done) => (land = () => void setItems(items).then(done))));
    const written = views.replace({ tabId: 2 }, { profile, hints: {}, updatedAt: 0, status: 'looking-up' });
    await vi.waitFor(() => expect(told).toEqual([[2, 'looking-up', 'pending']]));
    expect(await tabStateItem(2).getValue()).toBeNull();
    land();
    await written;
    await views.remove(2);
    expect(told).toEqual([
      [2, 'looking-up', 'pending'],
      [2, null, null],
    ]);
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

  it('the next state of a tab is put without reading storage or waiting for the previous write to land; the writes land in order', async () => {
    const views = new Views(
      () => 1,
      () => undefined,
    );
    await views.replace({ tabId: 3 }, { profile: null, hints: {}, updatedAt: 0, status: 'idle', reason: 'no-profile' });
    const area = fakeBrowser.storage.session;
    const setItems = area.set.bind(area);
    // storage.session applies writes in the order they were issued; this one holds them until released.
    const issued: Array<{ items: Record<string, unknown>; done: () => void }> = [];
    vi.spyOn(area, 'set').mockImplementation((items) => new Promise<void>((done) => issued.push({ items, done })));
    const reads = vi.spyOn(area, 'get');

    const lookingUp = views.replace({ tabId: 3 }, { profile, hints: {}, updatedAt: 0, status: 'looking-up' });
    const matched = views.update({ tabId: 3 }, profile.key, { status: 'not-found', query: 'AdaQuant' });
    await vi.waitFor(() => expect(issued).toHaveLength(2));
    expect(reads).not.toHaveBeenCalled();
    expect(await views.get({ tabId: 3 })).toMatchObject({ status: 'not-found' });

    for (const w of issued) {
      await setItems(w.items);
      w.done();
    }
    expect(await lookingUp).toMatchObject({ status: 'looking-up' });
    expect(await matched).toMatchObject({ status: 'not-found' });
    vi.restoreAllMocks();
    expect(await tabStateItem(3).getValue()).toMatchObject({ status: 'not-found', tabId: 3 });
  });

  it.each([
    ['flushed', true, 'looking-up'],
    ['replaced before it is flushed', false, 'not-found'],
  ])('a held state is written once %s, never when replaced first', async (_case, flushFirst, shown) => {
    const views = new Views(
      () => 1,
      () => undefined,
    );
    const written: string[] = [];
    fakeBrowser.storage.session.onChanged.addListener((changes) => {
      const next = changes['tab:6']?.newValue as TabState | undefined;
      if (next) written.push(next.status);
    });
    await views.hold({ tabId: 6 }, { profile, hints: {}, updatedAt: 0, status: 'looking-up' });
    expect(await views.get({ tabId: 6 })).toMatchObject({ status: 'looking-up' });
    expect(written).toEqual([]);
    if (flushFirst) await views.flush({ tabId: 6 });
    else await views.update({ tabId: 6 }, profile.key, { status: 'not-found', query: 'AdaQuant' });
    await views.flush({ tabId: 6 });
    expect(written).toEqual([shown]);
    expect(await tabStateItem(6).getValue()).toMatchObject({ status: shown });
  });
});
