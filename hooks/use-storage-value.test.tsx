import { act, render, renderHook } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { useStorageValue, type StorageSource } from './use-storage-value';

/** A source whose first read the test answers by hand, and whose watchers it can fire. */
function controlledSource<T>() {
  const watchers = new Set<(value: T) => void>();
  let answerRead: (value: T) => void = () => undefined;
  const source: StorageSource<T> = {
    getValue: () => new Promise<T>((resolve) => (answerRead = resolve)),
    watch: (onChange) => {
      watchers.add(onChange);
      return () => watchers.delete(onChange);
    },
  };
  return { source, watchers, answerRead: (v: T) => answerRead(v), change: (v: T) => watchers.forEach((w) => w(v)) };
}

const strict = { wrapper: StrictMode };

describe('useStorageValue', () => {
  it('is undefined until the first read, then the read value, then each change', async () => {
    const s = controlledSource<number>();
    const { result } = renderHook(() => useStorageValue(s.source), strict);
    expect(result.current).toBeUndefined();
    await act(async () => s.answerRead(1));
    expect(result.current).toBe(1);
    act(() => s.change(2));
    expect(result.current).toBe(2);
  });

  it('the same value again (a record read twice, null twice) renders nothing', async () => {
    const s = controlledSource<string | null>();
    let renders = 0;
    function Shown({ value }: { value: string | null | undefined }) {
      renders++;
      return <p>{value ?? 'none'}</p>;
    }
    function Card() {
      return <Shown value={useStorageValue(s.source)} />;
    }
    const view = render(<Card />);
    await act(async () => s.answerRead(null));
    const before = renders;
    act(() => s.change(null));
    act(() => s.change(null));
    expect(renders - before).toBe(0);
    act(() => s.change('revealed'));
    expect([view.container.textContent, renders - before]).toEqual(['revealed', 1]);
  });

  it('a change that lands before the first read wins over the (stale) read', async () => {
    const s = controlledSource<string>();
    const { result } = renderHook(() => useStorageValue(s.source), strict);
    act(() => s.change('new'));
    await act(async () => s.answerRead('old'));
    expect(result.current).toBe('new');
  });

  it('holds one watcher however often effects run, and none after unmount', () => {
    const s = controlledSource<number>();
    const { unmount } = renderHook(() => useStorageValue(s.source), strict);
    expect(s.watchers.size).toBe(1);
    unmount();
    expect(s.watchers.size).toBe(0);
  });

  it("never shows the previous source's value for the next one", async () => {
    const a = controlledSource<string>();
    const b = controlledSource<string>();
    const { result, rerender } = renderHook(({ source }) => useStorageValue(source), { ...strict, initialProps: { source: a.source } });
    await act(async () => a.answerRead('tab 1'));
    rerender({ source: b.source });
    expect(result.current).toBeUndefined();
    act(() => a.change('tab 1 again'));
    expect(result.current).toBeUndefined();
    await act(async () => b.answerRead('tab 2'));
    expect(result.current).toBe('tab 2');
  });
});
