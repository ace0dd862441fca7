import { describe, expect, it } from 'vitest';
import type { TabState } from '@/lib/tab-state/tab-state';
import { TabStatePushes, TabStatePushSchema, type TabStatePush } from './watch-port';

const state = (tabId: number): TabState => ({ tabId, profile: null, hints: {}, updatedAt: 5, status: 'idle', reason: 'no-profile' });

function port() {
  const got: TabStatePush[] = [];
  return { got, postMessage: (m: TabStatePush) => void got.push(m) };
}

describe('TabStatePushes', () => {
  it('posts a tab state to the panels showing that tab only, from when they say so until their port closes', () => {
    const pushes = new TabStatePushes();
    const [a, b] = [port(), port()];
    pushes.open('1', a);
    pushes.open('2', b);
    pushes.push(7, state(7)); // nobody has said which tab it shows yet
    pushes.show('1', 7);
    pushes.show('2', 8);
    pushes.push(7, state(7));
    pushes.push(7, null);
    pushes.close('1');
    pushes.push(7, state(7));
    expect(a.got).toEqual([
      { tabId: 7, state: state(7) },
      { tabId: 7, state: null },
    ]);
    expect(b.got).toEqual([]);
  });

  it('a port that throws (closed meanwhile) is dropped, the others still get it', () => {
    const pushes = new TabStatePushes();
    const broken = {
      postMessage: () =>
        void (() => {
          throw new Error('Attempting to use a disconnected port object');
        })(),
    };
    const ok = port();
    pushes.open('1', broken);
    pushes.open('2', ok);
    pushes.show('1', 3);
    pushes.show('2', 3);
    pushes.push(3, state(3));
    pushes.push(3, state(3));
    expect(ok.got).toHaveLength(2);
  });

  it.each<[string, unknown, boolean]>([
    ['a state', { tabId: 3, state: state(3) }, true],
    ['a removal', { tabId: 3, state: null }, true],
    ['no tab', { state: state(3) }, false],
    ['a state without its stamp', { tabId: 3, state: { tabId: 3, status: 'idle' } }, false],
    ['something else on the port', { tabId: 3 }, false],
    ['an extra field', { tabId: 3, state: null, html: '<b>' }, false],
  ])('the panel accepts %s: %s', (_, message, ok) => {
    expect(TabStatePushSchema.safeParse(message).success).toBe(ok);
  });
});
