import { describe, expect, it } from 'vitest';
import { priceTable } from '@/lib/credits/price-table';
import { quote, type QuoteBasis } from '@/lib/credits/quote';
import { lookupsThatFit, raiseFits } from './page-people';

// At the spec's 5 credits a lookup, n lookups cost 5n and hold (n − 1) × 5 + 10 of today's budget.
const basis = (over: Partial<QuoteBasis>): QuoteBasis => ({
  prices: priceTable().prices,
  remainingToday: 150,
  balance: 5_000,
  sampleWhenShort: false,
  ...over,
});
const lookups = (b: QuoteBasis, count: number) => quote(b, { endpoint: 'search', count });

describe('the rows a refusal can still look up', () => {
  it.each([
    // [what, basis, rows chosen, that fit]
    ['all fit', {}, 5, 5],
    ['20 left today: 3 hold 20', { remainingToday: 20 }, 5, 3],
    ['19 left today: 2 hold 15', { remainingToday: 19 }, 5, 2],
    ['9 left today: not even one (it holds 10)', { remainingToday: 9 }, 5, 0],
    ['a balance of 12 pays for 2', { balance: 12 }, 5, 2],
    ['a free key with 7 left: 1, past that a sample', { balance: 7, sampleWhenShort: true }, 3, 1],
  ])('%s', (_, over, chosen, fit) => {
    expect(lookupsThatFit(chosen, (n) => lookups(basis(over), n))).toBe(fit);
  });
});

describe('"+50 today and look up"', () => {
  it.each([
    // [what, basis, rows, offered]
    ['the budget refuses and 50 more hold them', { remainingToday: 10 }, 3, true],
    ['50 more are still not enough (11 hold 60)', { remainingToday: 9 }, 11, false],
    ['nothing refuses', {}, 3, false],
    ['the balance refuses: a raise of the budget pays nothing', { remainingToday: 10, balance: 12 }, 3, false],
  ])('%s', (_, over, count, offered) => {
    expect(raiseFits(lookups(basis(over), count))).toBe(offered);
  });
});
