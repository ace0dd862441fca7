import { describe, expect, it } from 'vitest';
import { priceTable } from './price-table';
import { fitsToday, holdOf, quote, revealEndpoint, type QuoteBasis } from './quote';

const spec = priceTable().prices;
const basis = (over: Partial<QuoteBasis> = {}): QuoteBasis => ({
  prices: spec,
  remainingToday: 150,
  balance: 5_000,
  sampleWhenShort: false,
  ...over,
});

describe('quote', () => {
  it.each([
    // [what, basis, action, price, hold, refusal]
    ['a lookup within budget', basis(), { endpoint: 'search' }, 5, 10, null],
    [
      'a first reveal with 20 left holds 15 (10 + a resend re-read at 5)',
      basis({ remainingToday: 20 }),
      { endpoint: 'reveal' },
      10,
      15,
      null,
    ],
    [
      'a first reveal with 12 left: 10 fits, its hold of 15 does not',
      basis({ remainingToday: 12 }),
      { endpoint: 'reveal' },
      10,
      15,
      'budget',
    ],
    ['a re-read of an unlocked contact with 12 left', basis({ remainingToday: 12 }), { endpoint: 'person' }, 5, 10, null],
    ['"Look up 3": one on the wire at a time, the last with its resend', basis(), { endpoint: 'search', count: 3 }, 15, 20, null],
    ['"Look up 3" with 19 left', basis({ remainingToday: 19 }), { endpoint: 'search', count: 3 }, 15, 20, 'budget'],
    ['a balance below the price (paid key): the API would answer 402', basis({ balance: 8 }), { endpoint: 'reveal' }, 10, 15, 'balance'],
    [
      'a free key below the price: the API would answer a sample',
      basis({ balance: 8, sampleWhenShort: true }),
      { endpoint: 'reveal' },
      10,
      15,
      'sample',
    ],
    ['an unknown balance refuses nothing', basis({ balance: null }), { endpoint: 'reveal' }, 10, 15, null],
    ['a count below 1 is one call', basis(), { endpoint: 'search', count: 0 }, 5, 10, null],
    [
      'the account’s prices, not the spec’s',
      basis({ prices: priceTable({ pricing: { basicCallCredits: 9, privateCallCredits: 20 } }).prices, remainingToday: 30 }),
      { endpoint: 'reveal' },
      20,
      29,
      null,
    ],
  ] as const)('%s', (_label, b, action, price, hold, refusal) => {
    const q = quote(b, action);
    expect({ price: q.price, hold: q.hold, refusal: q.refusal }).toEqual({ price, hold, refusal });
    expect(q.fitsToday).toBe(hold <= b.remainingToday);
  });

  it('holds a reveal at its price plus a person re-read', () => {
    expect(holdOf(spec, 'reveal')).toBe(spec.reveal + spec.person);
  });

  it.each([
    [15, 15, true],
    [15, 14, false],
    [0, 0, true],
  ])('fitsToday(%i, %i) is %s', (hold, remaining, fits) => {
    expect(fitsToday(hold, remaining)).toBe(fits);
  });
});

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
