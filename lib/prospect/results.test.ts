import { describe, expect, it } from 'vitest';
import { anInvestor, aPerson, aProject } from '@/tests/support/records';
import { EMPTY_VOCABULARY, learnVocabulary, mergeRows, restOf } from './results';

describe('mergeRows: each record once across pages', () => {
  it.each<[string, string[], string[], string[]]>([
    ['a next page appended', ['a', 'b'], ['c', 'd'], ['a', 'b', 'c', 'd']],
    ['a record the API moved to the next page shows once', ['a', 'b'], ['b', 'c'], ['a', 'b', 'c']],
    ['a page repeated within itself', [], ['a', 'a', 'b'], ['a', 'b']],
    ['the same page again adds nothing', ['a', 'b'], ['a', 'b'], ['a', 'b']],
  ])('%s', (_label, shown, page, expected) => {
    const rows = (ids: string[]) => ids.map((id) => ({ id }));
    expect(mergeRows(rows(shown), rows(page)).map((r) => r.id)).toEqual(expected);
  });
});

describe('restOf: what paging through the rest would cost', () => {
  it.each<[string, { total: number; page: number; totalPages: number | null }, number, { pages: number; credits: number }]>([
    ['1,234 in all, page 1 loaded, 5 each', { total: 1234, page: 1, totalPages: 13 }, 5, { pages: 12, credits: 60 }],
    ['no totalPages: total over 100 a page', { total: 1234, page: 2, totalPages: null }, 5, { pages: 11, credits: 55 }],
    ['the account’s price', { total: 250, page: 1, totalPages: 3 }, 7, { pages: 2, credits: 14 }],
    ['everything loaded', { total: 100, page: 1, totalPages: 1 }, 5, { pages: 0, credits: 0 }],
    ['nothing found', { total: 0, page: 1, totalPages: 0 }, 5, { pages: 0, credits: 0 }],
  ])('%s', (_label, answer, price, expected) => {
    expect(restOf(answer, price)).toEqual(expected);
  });
});

describe('learnVocabulary: only what answers contained', () => {
  it('people: sectors from their companies', () => {
    const v = learnVocabulary(EMPTY_VOCABULARY, [
      aPerson({ company: aProject({ sectors: ['DeFi', 'Derivatives'] }) }),
      aPerson({ id: 'p2', company: null }),
    ]);
    expect(v).toEqual({
      sectors: ['DeFi', 'Derivatives'],
      fundTypes: [],
      trustTiers: [],
    });
  });

  it('funds: fund types and trust tiers from the records, each once, added to what was known', () => {
    const before = { ...EMPTY_VOCABULARY, trustTiers: ['A'] };
    const v = learnVocabulary(before, [
      anInvestor({ fundType: 'vc', trustTier: 'A' }),
      anInvestor({ id: 'f2', fundType: 'angel', trustTier: 'B' }),
      anInvestor({ id: 'f3', fundType: null }),
    ]);
    expect(v).toMatchObject({ fundTypes: ['vc', 'angel'], trustTiers: ['A', 'B'] });
  });

  it('nothing new leaves the vocabulary as it was', () => {
    const known = { ...EMPTY_VOCABULARY, sectors: ['DeFi'] };
    const v = learnVocabulary(known, [aPerson({ company: aProject({ sectors: ['DeFi'] }) })]);
    expect(v).toEqual(known);
    expect(v.sectors).toBe(known.sectors);
  });
});
