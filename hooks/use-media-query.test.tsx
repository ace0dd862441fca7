import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useMediaQuery } from './use-media-query';

const setWidth = (width: number) =>
  act(() => {
    (window as unknown as { happyDOM: { setViewport(v: { width: number }): void } }).happyDOM.setViewport({ width });
  });

describe('useMediaQuery', () => {
  it('follows the window across the query’s edge, both ways', () => {
    setWidth(1280);
    const { result } = renderHook(() => useMediaQuery('(max-width: 999px)'));
    expect(result.current).toBe(false);
    setWidth(800);
    expect(result.current).toBe(true);
    setWidth(1100);
    expect(result.current).toBe(false);
  });
});
