import { describe, expect, it } from 'vitest';
import { revealEndpoint } from './quote';

describe('revealEndpoint', () => {
  it.each([
    ['a locked contact is a first reveal', { isLocked: true }, true, 'reveal'],
    ['locked unknown (null) is a first reveal', { isLocked: null }, true, 'reveal'],
    ['no lock flag is a first reveal', {}, true, 'reveal'],
    ['a contact this account already unlocked is a person read', { isLocked: false }, true, 'person'],
    ['"unlocked" in a record another account fetched proves nothing', { isLocked: false }, false, 'reveal'],
  ] as const)('%s', (_label, record, mine, expected) => {
    expect(revealEndpoint(record, mine)).toBe(expected);
  });
});
