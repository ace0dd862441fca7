import { describe, expect, it } from 'vitest';
import { shownValue } from './contact-channels';

describe('shownValue', () => {
  it.each([
    ['linkedinUrl', 'https://www.linkedin.com/in/ada-lindqvist', 'in/ada-lindqvist'],
    ['linkedinUrl', 'https://linkedin.com/in/ada-lindqvist/', 'in/ada-lindqvist'],
    ['linkedinUrl', 'http://se.linkedin.com/in/ada', 'in/ada'],
    ['linkedinUrl', 'https://example.com/in/ada', 'https://example.com/in/ada'],
    ['email', 'ada@quantlayer.xyz', 'ada@quantlayer.xyz'],
  ] as const)('%s %j reads %j', (key, value, shown) => {
    expect(shownValue(key, value)).toBe(shown);
  });
});
