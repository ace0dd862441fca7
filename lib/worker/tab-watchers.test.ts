import { describe, expect, it } from 'vitest';
import { TabWatchers } from './tab-watchers';

describe('TabWatchers', () => {
  it('a tab is watched while an open panel shows it', () => {
    const w = new TabWatchers();
    expect(w.isWatched(5)).toBe(false);
    expect(w.show('panel-1', 5)).toBe(5); // newly watched: look its profile up now
    expect(w.isWatched(5)).toBe(true);
    expect(w.show('panel-1', 5)).toBeNull(); // said again: nothing new
    expect(w.show('panel-1', 6)).toBe(6); // the panel followed another tab
    expect(w.isWatched(5)).toBe(false);
    w.close('panel-1');
    expect(w.isWatched(6)).toBe(false);
  });

  it('two panels on one tab: it stays watched until both close', () => {
    const w = new TabWatchers();
    w.show('side-panel', 3);
    expect(w.show('popped-out', 3)).toBeNull();
    w.show('third', 8);
    expect(w.tabs()).toEqual(new Set([3, 8]));
    w.close('side-panel');
    expect(w.isWatched(3)).toBe(true);
    w.close('popped-out');
    expect(w.isWatched(3)).toBe(false);
  });

  it('a panel closed before its first message arrived never starts watching', () => {
    const w = new TabWatchers();
    expect(w.close('p')).toBeNull();
    expect(w.show('p', 4)).toBeNull();
    expect(w.isWatched(4)).toBe(false);
  });

  it('a panel showing no tab watches nothing', () => {
    const w = new TabWatchers();
    expect(w.show('p', null)).toBeNull();
    expect(w.isWatched(0)).toBe(false);
  });
});
