import { describe, expect, it } from 'vitest';
import { personQuery, searchQuery } from './query';

describe('query strings', () => {
  it.each([
    ['search', searchQuery('QuantLayer'), '?q=QuantLayer'],
    ['search: spaces and symbols encoded', searchQuery('Ada & co/x'), '?q=Ada%20%26%20co%2Fx'],
    ['search: trimmed', searchQuery('  ada  '), '?q=ada'],
    ['search: blank', searchQuery('   '), ''],
    ['person, no reveal', personQuery(false), ''],
    ['person, reveal', personQuery(true), '?include=private'],
  ])('%s', (_label, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
