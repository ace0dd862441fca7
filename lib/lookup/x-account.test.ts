import { describe, expect, it } from 'vitest';
import { formerHandle, sawHandle, xIdentity, type XAccount } from './x-account';

const NOV12 = Date.UTC(2026, 10, 12);
const NOV28 = Date.UTC(2026, 10, 28);
const ada: XAccount = { id: '1496213456789012480', handles: [{ handle: 'ada', at: NOV12 }] };

describe('sawHandle', () => {
  it.each([
    ['a first sighting starts the history', undefined, '1496213456789012480', '@Ada', [['Ada', NOV28]]],
    ['the same handle (any case) changes nothing', ada, ada.id, 'ADA', [['ada', NOV12]]],
    [
      'a rename is appended, the old handle kept',
      ada,
      ada.id,
      'ada_eth',
      [
        ['ada', NOV12],
        ['ada_eth', NOV28],
      ],
    ],
    ['another id starts another history', ada, '44196397', 'ada', [['ada', NOV28]]],
  ])('%s', (_, account, id, handle, expected) => {
    const out = sawHandle(account, id, handle, NOV28);
    expect(out.id).toBe(id);
    expect(out.handles.map((h) => [h.handle, h.at])).toEqual(expected);
  });
});

describe('formerHandle', () => {
  const renamed = sawHandle(ada, ada.id, 'ada_eth', NOV28);
  it.each([
    ['under the new handle: the old one', renamed, 'ada_eth', 'ada'],
    ['under the old handle again: the newer one', renamed, 'ada', 'ada_eth'],
    ['never renamed: none', ada, 'ada', undefined],
    ['no account: none', undefined, 'ada', undefined],
  ])('%s', (_, account, handle, expected) => {
    expect(formerHandle(account, handle)?.handle).toBe(expected);
  });
});

describe('xIdentity', () => {
  it.each([
    ['no id on the page', ada, { handle: 'ada' }, 'unconfirmed'],
    ['the bound id under its handle', ada, { handle: 'ada', xId: ada.id }, 'confirmed'],
    ['the bound id under a new handle', ada, { handle: 'ada_eth', xId: ada.id }, 'confirmed'],
    ['a record not bound yet takes the page id', undefined, { handle: 'ada', xId: '44196397' }, 'confirmed'],
    ['another id under the bound handle', ada, { handle: 'ada', xId: '44196397' }, 'reused'],
  ])('%s → %s', (_, bound, page, kind) => {
    expect(xIdentity(bound, page, NOV28).kind).toBe(kind);
  });

  it('a rename is confirmed with the handle it had before and the history grows', () => {
    const out = xIdentity(ada, { handle: 'ada_eth', xId: ada.id }, NOV28);
    expect(out).toEqual({
      kind: 'confirmed',
      formerly: { handle: 'ada', at: NOV12 },
      account: {
        id: ada.id,
        handles: [
          { handle: 'ada', at: NOV12 },
          { handle: 'ada_eth', at: NOV28 },
        ],
      },
    });
  });

  it('a reused handle names when the known account was seen under it', () => {
    expect(xIdentity(ada, { handle: 'ada', xId: '44196397' }, NOV28)).toEqual({ kind: 'reused', seenAs: { handle: 'ada', at: NOV12 } });
  });
});
