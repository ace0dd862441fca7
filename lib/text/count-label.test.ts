import { describe, expect, it } from 'vitest';
import { countLabel } from './count-label';

describe('countLabel', () => {
  it.each([
    [0, 'lead', undefined, '0 leads'],
    [1, 'lead', undefined, '1 lead'],
    [31, 'lead', undefined, '31 leads'],
    [1200, 'cached answer', undefined, '1,200 cached answers'],
    [1, 'entry', 'entries', '1 entry'],
    [2, 'entry', 'entries', '2 entries'],
  ])('%i %s → %s', (n, one, many, expected) => {
    expect(countLabel(n, one, many)).toBe(expected);
  });
});
