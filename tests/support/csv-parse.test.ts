import { describe, expect, it } from 'vitest';
import { parseDelimited, parseRecords } from './csv-parse';

describe('parseDelimited (the tests’ RFC 4180 reader)', () => {
  it.each([
    [
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['\uFEFFa\r\n', [['a']]],
    ['a,"x,y","say ""gm""",\r\n', [['a', 'x,y', 'say "gm"', '']]],
    ['"line\r\nbreak","cr\ronly"\r\n', [['line\r\nbreak', 'cr\ronly']]],
    [',\r\n', [['', '']]],
    ['"""",""\r\n', [['"', '']]],
    ['', []],
  ])('%j', (text, rows) => {
    expect(parseDelimited(text)).toEqual(rows);
  });

  it('reads tab-separated text with the same quoting', () => {
    expect(parseDelimited('a\tb\r\n"x ""y"""\tz,w\r\n', { delimiter: '\t' })).toEqual([
      ['a', 'b'],
      ['x "y"', 'z,w'],
    ]);
  });

  it.each([
    ['a"b\r\n', /quote inside an unquoted field/],
    ['"ab"c\r\n', /after a closing quote/],
    ['"ab\r\n', /unclosed quote/],
    ['a\rb\r\n', /CR outside quotes/],
  ])('refuses malformed %j', (text, error) => {
    expect(() => parseDelimited(text)).toThrow(error);
  });

  it('parseRecords keys rows by header and refuses a ragged row', () => {
    expect(parseRecords('a,b\r\n1,2\r\n').records).toEqual([{ a: '1', b: '2' }]);
    expect(() => parseRecords('a,b\r\n1\r\n')).toThrow(/1 fields, the header 2/);
  });
});
