/*
 * useHeight — an element's height in CSS pixels, redrawn when it changes (a toolbar that wraps on a narrow
 * window). 0 until measured, and where there is no ResizeObserver.
 */
import { useLayoutEffect, useState, type RefObject } from 'react';

export function useHeight(ref: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(el.offsetHeight));
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return height;
}
