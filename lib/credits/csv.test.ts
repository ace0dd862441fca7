import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['Ada Quant', 'Ada Quant'],
    ['Quant, Ada', '"Quant, Ada"'],
    ['say "gm"', '"say ""gm"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['carriage\rreturn', '"carriage\rreturn"'],
    ['"', '""""'],
    [' padded ', '" padded "'],
    ['', ''],
    ['Jürgen Müller 🚀', 'Jürgen Müller 🚀'],
    // spreadsheet formula injection: defused with a leading apostrophe
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tTAB', "'\tTAB"],
    // bidi and invisible characters from the directory: dropped, so the cell reads in its true order
    ['Lindqvist\u202Egnp.exe', 'Lindqvistgnp.exe'],
    ['\u2067Ada\u2069 \u200BQuant', 'Ada Quant'],
    ['\u200B=HYPERLINK("http://evil")', `"'=HYPERLINK(""http://evil"")"`],
    ['\u202E+1 555 0100', "'+1 555 0100"],
    ['محمد العلي', 'محمد العلي'],
    // non-strings
    [5, '5'],
    [-5, '-5'],
    [0, '0'],
    [Number.NaN, ''],
    [true, 'true'],
    [false, 'false'],
    [null, ''],
    [undefined, ''],
  ] as [unknown, string][])('%j → %j', (input, expected) => {
    expect(csvField(input)).toBe(expected);
  });
});

it('toCsv joins rows with CRLF and ends with one', () => {
  expect(
    toCsv(
      ['a', 'b'],
      [
        [1, 'x,y'],
        [null, 'z'],
      ],
    ),
  ).toBe('a,b\r\n1,"x,y"\r\n,z\r\n');
});
