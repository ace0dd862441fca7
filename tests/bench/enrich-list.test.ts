import { expect, it } from 'vitest';
import { runEnrichList } from './enrich-list';

// The bench itself, small but past one rate window (150 rows at 120/min): nothing sent to quote, every row an
// outcome, no 429, and charged = quoted less the rows an earlier search made known (the bench throws otherwise).
it('Enrich a list: 150 rows through the worker at 120/min in compressed time', async () => {
  const r = await runEnrichList({ rows: 150 });
  expect(r).toMatchObject({ rows: 150, quoted: { lookups: 150, credits: 750, known: 0 }, rejected429: 0, unfinished: 0 });
  expect(r.charged).toBe(750 - 5 * r.knownMeanwhile);
  expect(r.searches).toBe(150 - r.knownMeanwhile);
  // Past the first 120 in a minute, the rest wait for the window: over a simulated minute, not all at once.
  expect(r.simMinutes).toBeGreaterThan(1);
}, 60_000);
