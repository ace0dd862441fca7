import { describe, expect, it } from 'vitest';
import * as keys from './keys';

// These strings are what existing installs have stored: a change here loses users' ledgers, reveals and
// settings unless a migration moves them. Pinned byte for byte.
describe('storage key formats', () => {
  it.each([
    [keys.SETTINGS_ITEM, 'local:settings'],
    [keys.ACCOUNT_ITEM, 'local:account'],
    [keys.SELECTION_ITEM, 'session:selection'],
    [keys.METER_ITEM, 'session:meter'],
    [keys.tabStateItemKey(42), 'session:tab:42'],
    [keys.cacheEntryKey('acct:1', 'search:ada'), 'cache:acct%3A1:search:ada'],
    [keys.cacheAccountPrefix('a'), 'cache:a:'],
    [keys.inflightKey('a/b', 'person:p1'), 'inflight:a%2Fb:person:p1'],
    [keys.knownKey('acct 1', 'x:ada'), 'known:acct%201:x:ada'],
    [keys.revealKey('a:b', 'p/1'), 'reveal:a%3Ab:p%2F1'],
    [keys.revealItemKey('a:b', 'p/1'), 'local:reveal:a%3Ab:p%2F1'],
    [keys.ledgerKey('2026-11-26', 1_700_000_000_000, 'ab1'), 'ledger:2026-11-26:1700000000000:ab1'],
    [keys.ledgerKey('2026-11-26', 5, 'z'), 'ledger:2026-11-26:0000000000005:z'],
    [keys.HALT_KEY, 'credits:halt'],
    [keys.pickKey('a:b', 'x:ada'), 'pick:a%3Ab:x:ada'],
    [keys.notThemKey('a', 'li:ada-l'), 'notthem:a:li:ada-l'],
    [keys.LEGACY_API_KEY_KEYS.join(','), 'apiKey,apiKey$'],
  ])('%s', (actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('an account prefix never matches another account that starts with the same characters', () => {
    expect(keys.cacheEntryKey('a:b', 'k').startsWith(keys.cacheAccountPrefix('a'))).toBe(false);
    expect(keys.knownKey('a:b', 'k').startsWith(keys.knownAccountPrefix('a'))).toBe(false);
    expect(keys.revealKey('a:b', 'k').startsWith(keys.revealAccountPrefix('a'))).toBe(false);
  });

  it.each([
    ['tab:7', true],
    ['tab:123456', true],
    ['selection', false],
    ['meter', false],
    ['tab:', false],
    ['tab:-1', false],
    ['tab:7$', false],
  ])('isTabStateKey(%s) → %s', (raw, expected) => {
    expect(keys.isTabStateKey(raw)).toBe(expected);
  });
});
