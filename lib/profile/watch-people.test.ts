import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installHappyDom } from '@/tests/support/install-happy-dom';
import { isXListPage } from './list-pages';
import { readXPeople } from './read-x-people';
import type { PagePerson } from './types';
import { watchPeople } from './watch-people';

await installHappyDom('https://x.com/MeridianVC/followers');

const cell = (handle: string) => `<div data-testid="UserCell"><a href="/${handle}">Name ${handle}</a></div>`;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every watcher a test made, switched off after it (an observer left on would read a torn-down page). */
const made: Array<(on: boolean) => void> = [];
/** The people script's reader: rows only on a list page. */
const watch = () => {
  const turn = watchPeople((doc, url) => (isXListPage(url) ? read(doc) : []), send, 5);
  made.push(turn);
  return turn;
};
afterEach(() => made.splice(0).forEach((turn) => turn(false)));

let send: ReturnType<typeof vi.fn<(url: string, people: PagePerson[]) => Promise<unknown>>>;
let read: ReturnType<typeof vi.fn<(doc: Document) => PagePerson[]>>;
beforeEach(() => {
  history.replaceState(null, '', '/MeridianVC/followers');
  document.body.innerHTML = `<main>${cell('ada_l')}${cell('benokafor')}</main>`;
  send = vi.fn(() => Promise.resolve());
  read = vi.fn((doc: Document) => readXPeople(doc));
});

describe('watchPeople: rows only while a panel watches', () => {
  it('reads and sends nothing until switched on, whatever the page does', async () => {
    watch();
    document.querySelector('main')!.insertAdjacentHTML('beforeend', cell('chenwei'));
    await wait(20);
    expect(read).not.toHaveBeenCalled();
    expect(send).not.toHaveBeenCalled();
  });

  it('on: sends the rows; new rows (scrolling) are sent again; off: nothing more', async () => {
    const turn = watch();
    turn(true);
    expect(send).toHaveBeenLastCalledWith('https://x.com/MeridianVC/followers', [
      { name: 'Name ada_l', handle: 'ada_l' },
      { name: 'Name benokafor', handle: 'benokafor' },
    ]);
    document.querySelector('main')!.insertAdjacentHTML('beforeend', cell('chenwei'));
    await wait(20);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.lastCall?.[1]).toHaveLength(3);
    // A change that adds no row sends nothing.
    document.querySelector('main')!.insertAdjacentHTML('beforeend', '<p>Loading…</p>');
    await wait(20);
    expect(send).toHaveBeenCalledTimes(2);
    turn(false);
    const reads = read.mock.calls.length;
    document.querySelector('main')!.insertAdjacentHTML('beforeend', cell('danaruiz'));
    await wait(20);
    expect([read.mock.calls.length, send.mock.calls.length]).toEqual([reads, 2]);
  });

  it('off a list page nothing is read (an empty list tells the panel the rows are gone)', async () => {
    history.replaceState(null, '', '/MeridianVC');
    watch()(true);
    expect(read).not.toHaveBeenCalled();
    expect(send).toHaveBeenCalledWith('https://x.com/MeridianVC', []);
  });

  it('an empty list is sent once: moving between profiles sends nothing more, a list page again', async () => {
    history.replaceState(null, '', '/MeridianVC');
    watch()(true);
    expect(send).toHaveBeenCalledTimes(1);
    for (const handle of ['ada_l', 'benokafor']) {
      history.pushState(null, '', `/${handle}`);
      document.querySelector('main')!.insertAdjacentHTML('beforeend', '<h2>profile</h2>');
      await wait(20);
    }
    expect(send).toHaveBeenCalledTimes(1);
    history.pushState(null, '', '/benokafor/followers');
    document.querySelector('main')!.insertAdjacentHTML('beforeend', cell('chenwei'));
    await wait(20);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.lastCall?.[1].map((p) => p.handle)).toEqual(['ada_l', 'benokafor', 'chenwei']);
    history.pushState(null, '', '/chenwei');
    document.querySelector('main')!.innerHTML = '<h2>profile</h2>';
    await wait(20);
    expect(send).toHaveBeenCalledTimes(3);
    expect(send).toHaveBeenLastCalledWith('https://x.com/chenwei', []);
  });

  it('switched on again, it sends what it reads even when unchanged (the worker may have dropped its rows)', () => {
    const turn = watch();
    turn(true);
    turn(true);
    expect(send).toHaveBeenCalledTimes(2);
    history.replaceState(null, '', '/MeridianVC');
    turn(true);
    turn(true);
    expect(send).toHaveBeenCalledTimes(4);
  });
});
