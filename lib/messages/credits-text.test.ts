import { describe, expect, it } from 'vitest';
import { creditsLabel, sharedCostText } from './texts';

describe('creditsLabel: every amount of credits a rep reads', () => {
  it.each([
    [0, '0 credits'],
    [1, '1 credit'],
    [5, '5 credits'],
    [1200, '1,200 credits'],
    // A share of a page many people paid for: never rounded to nothing ("Paid 0 credits").
    [0.05, '0.05 credits'],
    [0.0167, '0.017 credits'],
    [2.5, '2.5 credits'],
    [5.05, '5.1 credits'],
    [15.05, '15 credits'],
    [280.05, '280 credits'],
    [1234.5, '1,235 credits'],
    [0.999, '1 credit'],
  ])('%s reads "%s"', (n, text) => expect(creditsLabel(n)).toBe(text));
});

describe('sharedCostText: what a shared charge was', () => {
  it.each([
    [0.05, { credits: 5, people: 100, from: 'list' as const }, '0.05 credits — from a 5-credit list page of 100'],
    [0.17, { credits: 5, people: 30, from: 'list' as const }, '0.17 credits — from a 5-credit list page of 30'],
    [2.5, { credits: 5, people: 2, from: 'search' as const }, '2.5 credits — from a 5-credit search that found 2'],
  ])('%s of %j', (share, of, text) => expect(sharedCostText(share, of)).toBe(text));
});
