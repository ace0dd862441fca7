import { describe, expect, it } from 'vitest';
import { benchParseListPage } from './parse-pages';

describe('benchParseListPage', () => {
  // A smoke check with a generous bound; the real figure comes from `npm run bench`.
  it.each([[true], [false]])('parses well under 1 ms per record (jitless %s)', (jitless) => {
    const msPerRecord = benchParseListPage({ iterations: 20, jitless });
    expect(msPerRecord).toBeGreaterThan(0);
    expect(msPerRecord).toBeLessThan(1);
  });
});
