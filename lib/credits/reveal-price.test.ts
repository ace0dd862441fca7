import { describe, expect, it } from 'vitest';
import { revealPrice } from './reveal-price';

describe('revealPrice', () => {
  it.each([
    ['a locked contact costs the account’s reveal price', { isLocked: true }, 12],
    ['locked unknown (null) is priced as a first reveal', { isLocked: null }, 12],
    ['no lock flag is priced as a first reveal', {}, 12],
    ['a contact this account already unlocked costs a person read', { isLocked: false }, 7],
  ])('%s', (_label, person, expected) => {
    expect(revealPrice(person, { reveal: 12, person: 7 })).toBe(expected);
  });
});
