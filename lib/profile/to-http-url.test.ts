import { describe, expect, it } from 'vitest';
import { toHttpUrl } from './to-http-url';

describe('toHttpUrl', () => {
  it.each([
    ['https://x.com/jack', 'https://x.com/jack'],
    ['  https://x.com/jack  ', 'https://x.com/jack'],
    ['http://www.linkedin.com/in/x', 'http://www.linkedin.com/in/x'],
    ['x.com/jack', 'https://x.com/jack'],
    ['x.com:443/jack', 'https://x.com/jack'],
    ['//twitter.com/jack', 'https://twitter.com/jack'],
    ['www.linkedin.com', 'https://www.linkedin.com/'],
    ['/jack', null],
    ['jack', null],
    ['javascript:alert(1)', null],
    ['mailto:jack@x.com', null],
    ['ftp://x.com/jack', null],
    ['', null],
  ])('%j → %s', (input, expected) => {
    expect(toHttpUrl(input)?.href ?? null).toBe(expected);
  });

  it('accepts URL objects', () => {
    expect(toHttpUrl(new URL('https://x.com/jack'))?.hostname).toBe('x.com');
    expect(toHttpUrl(new URL('chrome://extensions'))).toBeNull();
  });
});
