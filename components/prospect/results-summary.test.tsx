import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { KnowledgeNote, ResultsSummary } from './results-summary';

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
    render(
      <ResultsSummary
        noun="funds"
        total={42}
        shown={42}
        creditsCharged={0}
        mayHaveCost={false}
        fromCache
        rest={{ pages: 0, credits: 0 }}
        price={5}
        onNext={() => undefined}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('42 funds in all · 42 shown · this page from cache · 0 credits');
    expect(screen.queryByRole('button', { name: /Next 100/ })).toBeNull();
    expect(screen.getByText('That is everything the API has for this search.')).toBeVisible();
  });

  it.each<[string, { creditsCharged: number; mayHaveCost: boolean; fromCache: boolean }, string]>([
    ['a live page', { creditsCharged: 5, mayHaveCost: false, fromCache: false }, 'this page 5 credits charged'],
    [
      'resent after two lost attempts: the ledger’s 15, never the answer’s 5',
      { creditsCharged: 15, mayHaveCost: true, fromCache: false },
      'this page may have cost 15 credits (an answer was lost and the search resent)',
    ],
    ['from the cache', { creditsCharged: 0, mayHaveCost: false, fromCache: true }, 'this page from cache · 0 credits'],
  ])('what the page cost: %s', (_label, charge, text) => {
    render(
      <ResultsSummary
        noun="people"
        total={250}
        shown={100}
        rest={{ pages: 0, credits: 0 }}
        price={5}
        onNext={() => undefined}
        {...charge}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent(`250 people in all · 100 shown · ${text}`);
  });
});
