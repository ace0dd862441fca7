import { describe, expect, it } from 'vitest';
import { cellShape, cellText, readEmail, readProfileCell } from './read-list-cells';

describe('readProfileCell reads a cell with the pages’ rules', () => {
  it.each([
    ['@AdaQuant', { xHandle: 'AdaQuant' }],
    ['@@AdaQuant', { xHandle: 'AdaQuant' }],
    ['AdaQuant', { xHandle: 'AdaQuant' }],
    ['https://x.com/AdaQuant/status/1', { xHandle: 'AdaQuant' }],
    ['https://twitter.com/ada?lang=en', { xHandle: 'ada' }],
    ['https://mobile.x.com/ada_q/', { xHandle: 'ada_q' }],
    ['twitter.com/ada/with_replies', { xHandle: 'ada' }],
    ['http://www.twitter.com/#!/ada', { xHandle: 'ada' }],
    ['https://x.com/intent/user?screen_name=AdaQuant', { xHandle: 'AdaQuant' }],
    ['https://x.com/AdaQuant?s=21&t=3vYqGmRk', { xHandle: 'AdaQuant' }],
    ['x.com/@AdaQuant', { xHandle: 'AdaQuant' }],
    ['https://www.linkedin.com/in/ada-lindqvist-1a2b3c/?locale=de_DE', { linkedinSlug: 'ada-lindqvist-1a2b3c' }],
    ['de.linkedin.com/in/j%C3%BCrgen-m%C3%BCller-42', { linkedinSlug: 'jürgen-müller-42' }],
    ['https://www.linkedin.com/in/carolng?trk=public_profile_browsemap', { linkedinSlug: 'carolng' }],
  ])('%s → %j', (text, expected) => {
    expect(readProfileCell(text, true)).toEqual(expected);
  });

  it.each([
    'https://x.com/home',
    'x.com/i/flow/login',
    'https://x.com/explore',
    'explore',
    'https://x.com/AdaQuant/status/not-a-post',
    'https://www.linkedin.com/company/chain-labs/',
    'https://www.linkedin.com/in/me',
    'https://www.linkedin.com/feed/',
    'https://example.com/AdaQuant',
    'ada.eth',
    'n/a',
    'Ada Lindqvist',
    'javascript:alert(1)',
    '',
  ])('%j is no profile', (text) => {
    expect(readProfileCell(text, true)).toBeNull();
  });

  it('takes a bare word for a handle only where words are handles', () => {
    expect(readProfileCell('Blockwerk', false)).toBeNull();
    expect(readProfileCell('@Blockwerk', false)).toEqual({ xHandle: 'Blockwerk' });
  });
});

describe('cellText', () => {
  it.each([
    ['  Ada   Lindqvist ', 'Ada Lindqvist'],
    ["'@AdaQuant", '@AdaQuant'],
    ["'=1+1", '=1+1'],
    ["O'Brien", "O'Brien"],
    ['Ada\u200BQuant', 'AdaQuant'],
    ['\u202Eevil', 'evil'],
    ['Line one\nline two', 'Line one line two'],
    ['N/A', ''],
    ['none', ''],
    ['-', ''],
    ['Nonez', 'Nonez'],
    [undefined, ''],
  ])('%j → %j', (cell, expected) => {
    expect(cellText(cell)).toBe(expected);
  });
});

describe('readEmail and cellShape', () => {
  it.each([
    ['ada@quantfund.io', 'ada@quantfund.io'],
    ['mailto:j.mueller@blockwerk.de', 'j.mueller@blockwerk.de'],
    ['@AdaQuant', null],
    ['ada at quantfund dot io', null],
    ['Ada <ada@quantfund.io>', null],
  ])('readEmail(%j) → %j', (text, expected) => {
    expect(readEmail(text)).toBe(expected);
  });

  it.each([
    ['ada@quantfund.io', false, 'email'],
    ['@AdaQuant', false, 'x'],
    ['AdaQuant', false, null],
    ['AdaQuant', true, 'x'],
    ['https://www.linkedin.com/in/ada', false, 'linkedin'],
    ['Quant Fund', true, null],
  ] as const)('%j (bare words %s) looks like %s', (text, bareWords, shape) => {
    expect(cellShape(text, bareWords)).toBe(shape);
  });
});
