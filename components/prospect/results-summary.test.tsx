import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Investor, Person } from '@/lib/api';
import type { Shown } from './prospect-state';
import { KnowledgeNote, ResultsSummary } from './results-summary';

/** An answer on screen: `count` rows of `list`, every page of it loaded. */
function answer(list: Shown['list'], count: number, over: Partial<Shown>): Shown {
  const rows = Array.from({ length: count }, (_, i) => ({ id: `r${i}` }));
  return {
    ...{ query: { list } as Shown['query'], list, total: count, page: 1, totalPages: 1, sample: null, known: {}, remembered: true },
    ...{ creditsCharged: 0, fromCache: false },
    people: list === 'people' ? (rows as Person[]) : [],
    organizations: list === 'people' ? [] : (rows as Investor[]),
    ...over,
  };
}

describe('KnowledgeNote: what a search is worth later', () => {
  it.each<[string, { sample: boolean; remembered: boolean; cacheHours: number | null }, string]>([
    [
      'kept a day',
      { sample: false, remembered: true, cacheHours: 24 },
      'kept for 24 hours with what this extension knows: opening them on X or LinkedIn then costs 0 credits.',
    ],
    ['kept a week', { sample: false, remembered: true, cacheHours: 168 }, 'kept for 7 days'],
    ['kept one hour', { sample: false, remembered: true, cacheHours: 1 }, 'kept for 1 hour'],
    ['36 hours stay hours', { sample: false, remembered: true, cacheHours: 36 }, 'kept for 36 hours'],
    [
      'the cache lifetime off',
      { sample: false, remembered: false, cacheHours: 0 },
      'opening one of them on X or LinkedIn later is a new lookup',
    ],
    ['a sample', { sample: true, remembered: false, cacheHours: 24 }, 'NOT REAL DATA'],
  ])('%s', (_label, props, text) => {
    render(<KnowledgeNote {...props} />);
    expect(screen.getByRole('note')).toHaveTextContent(text);
  });
});

describe('ResultsSummary', () => {
  it('everything loaded: no "Next 100", and it says so', () => {
    render(<ResultsSummary shown={answer('investors', 42, { fromCache: true })} price={5} onNext={() => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent('42 funds in all · 42 shown · this page from cache · 0 credits');
    expect(screen.queryByRole('button', { name: /Next 100/ })).toBeNull();
    expect(screen.getByText('That is everything the API has for this search.')).toBeVisible();
  });

  it('more pages: "Next 100" at one page’s price, and what the rest would cost in all', () => {
    render(<ResultsSummary shown={answer('people', 100, { total: 250, totalPages: 3 })} price={5} onNext={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Next 100 · 5 credits' })).toBeVisible();
    expect(screen.getByText('The other 2 pages would cost 10 credits in all.')).toBeVisible();
  });

  it.each<[string, { creditsCharged: number; mayHaveCost?: true; fromCache: boolean }, string]>([
    ['a live page', { creditsCharged: 5, fromCache: false }, 'this page 5 credits charged'],
    [
      'resent after two lost attempts: the ledger’s 15, never the answer’s 5',
      { creditsCharged: 15, mayHaveCost: true, fromCache: false },
      'this page may have cost 15 credits (an answer was lost and the search resent)',
    ],
    ['from the cache', { creditsCharged: 0, fromCache: true }, 'this page from cache · 0 credits'],
  ])('what the page cost: %s', (_label, charge, text) => {
    render(<ResultsSummary shown={answer('people', 100, { total: 250, ...charge })} price={5} onNext={() => undefined} />);
    expect(screen.getByRole('status')).toHaveTextContent(`250 people in all · 100 shown · ${text}`);
  });
});
