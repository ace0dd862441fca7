import { describe, expect, it } from 'vitest';
import { readFacet, readPeopleFacets } from './facets';

describe('readFacet: the spec does not show the facets’ shape, so every plausible one is read and anything else ignored', () => {
  it.each<[string, unknown, { value: string; count: number | null }[]]>([
    [
      'an array of strings',
      ['founder', ' bd ', ''],
      [
        { value: 'founder', count: null },
        { value: 'bd', count: null },
      ],
    ],
    [
      'an array of {value, count}',
      [
        { value: 'bd', count: 12 },
        { value: 'founder', count: 3 },
      ],
      [
        { value: 'bd', count: 12 },
        { value: 'founder', count: 3 },
      ],
    ],
    [
      '{name, count} and {label}',
      [{ name: 'email', count: 7 }, { label: 'telegram' }],
      [
        { value: 'email', count: 7 },
        { value: 'telegram', count: null },
      ],
    ],
    [
      'a map of value → count (the emulator’s)',
      { bd: 4, founder: 0 },
      [
        { value: 'bd', count: 4 },
        { value: 'founder', count: 0 },
      ],
    ],
    [
      'a count that is no count',
      [
        { value: 'bd', count: '12' },
        { value: 'x', count: -1 },
      ],
      [
        { value: 'bd', count: null },
        { value: 'x', count: null },
      ],
    ],
    [
      'odd entries skipped, good ones kept',
      ['bd', 42, null, { count: 3 }, { value: { nested: true } }, ['x']],
      [{ value: 'bd', count: null }],
    ],
    ['a map whose values are not counts', { bd: { n: 1 }, founder: 'many', ok: 2 }, [{ value: 'ok', count: 2 }]],
    ['each value once, the first spelling kept', ['bd', { value: 'bd', count: 9 }], [{ value: 'bd', count: null }]],
    ['a value nobody would type (too long)', ['x'.repeat(101), 'bd'], [{ value: 'bd', count: null }]],
    ['a string', 'founder,bd', []],
    ['a number', 5, []],
    ['null', null, []],
    ['absent', undefined, []],
  ])('%s', (_label, raw, expected) => {
    expect(readFacet(raw)).toEqual(expected);
  });

  it('at most 200 values per facet', () => {
    expect(readFacet(Array.from({ length: 500 }, (_, i) => `role-${i}`))).toHaveLength(200);
  });
});

describe('readPeopleFacets', () => {
  it.each<[string, unknown, { roles: string[]; channels: string[] }]>([
    ['roles and channels', { roles: ['bd'], channels: { email: 3 } }, { roles: ['bd'], channels: ['email'] }],
    ['only one of them', { roles: [{ value: 'founder', count: 1 }] }, { roles: ['founder'], channels: [] }],
    ['an array instead of an object', [['bd']], { roles: [], channels: [] }],
    ['absent', undefined, { roles: [], channels: [] }],
  ])('%s', (_label, raw, expected) => {
    const read = readPeopleFacets(raw);
    expect({ roles: read.roles.map((f) => f.value), channels: read.channels.map((f) => f.value) }).toEqual(expected);
  });
});
