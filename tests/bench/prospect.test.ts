import { expect, it } from 'vitest';
import { runProspect } from './prospect';

// The bench itself, small: prospect pages cost 5 each for 100 people, the people found then open on X
// for 0, and the same people looked up one by one cost 5 each.
it('prospect search vs profile by profile: credits per person', async () => {
  const r = await runProspect({ pages: 2, visits: 8 });
  expect(r).toMatchObject({ pages: 2, peopleFound: 200, searchCredits: 10, visited: 8, visitCredits: 0, visitMatched: 8 });
  expect(r.baseline).toEqual({ lookedUp: 8, credits: 40, matched: 8 });
}, 60_000);
