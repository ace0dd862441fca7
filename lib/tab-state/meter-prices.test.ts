import { describe, expect, it } from 'vitest';
import { priceTable, type Endpoint } from '@/lib/credits/price-table';
import { pricesOf } from './meter-prices';

const ACCOUNT: Record<Endpoint, number> = { ...priceTable().prices, search: 7, person: 7, reveal: 12 };

describe('pricesOf', () => {
  it.each([
    ['a meter with the account’s prices', { prices: ACCOUNT }, { search: 7, person: 7, reveal: 12 }],
    ['a meter stored by an older version (no prices)', {}, { search: 5, person: 5, reveal: 10 }],
    ['no meter yet', null, { search: 5, person: 5, reveal: 10 }],
  ])('%s', (_label, meter, expected) => {
    expect(pricesOf(meter)).toMatchObject(expected);
  });

  it('falls back to the spec’s table itself, not a copy of its numbers', () => {
    expect(pricesOf(undefined)).toEqual(priceTable().prices);
  });
});
