import { describe, expect, it } from 'vitest';
import { csvField, toCsv, toTsv, tsvField } from './cells';

// The two cell rules, value by value. The hostile-values table in lib/leads/export/export.test.ts runs
// them through every export format and parses the files back.
describe('csvField', () => {
  it.each([
    // [value, crm rule, spreadsheet rule]
    ['plain', 'plain', 'plain'],
    ['Ada Quant', 'Ada Quant', 'Ada Quant'],
    ['Quant, Ada', '"Quant, Ada"', '"Quant, Ada"'],
    ['say "gm"', '"say ""gm"""', '"say ""gm"""'],
    ['line\nbreak', '"line\nbreak"', '"line\nbreak"'],
    ['carriage\rreturn', '"carriage\rreturn"', '"carriage\rreturn"'],
    ['"', '""""', '""""'],
    [' padded ', '" padded "', '" padded "'],
    ['', '', ''],
    ['Jürgen Müller 🚀', 'Jürgen Müller 🚀', 'Jürgen Müller 🚀'],
    // spreadsheet formula injection: defused with a leading apostrophe in spreadsheets, stored as is in a CRM
    ['=HYPERLINK("http://evil","x")', '"=HYPERLINK(""http://evil"",""x"")"', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+1 555 0100', '+1 555 0100', "'+1 555 0100"],
    ['-2+3', '-2+3', "'-2+3"],
    ['@SUM(A1)', '@SUM(A1)', "'@SUM(A1)"],
    ['@adaquant', '@adaquant', "'@adaquant"],
    ['\tTAB', '"\tTAB"', "'\tTAB"],
    ['\rCR', '"\rCR"', `"'\rCR"`],
    // bidi and invisible characters from the directory: dropped under both rules
    ['Lindqvist\u202Egnp.exe', 'Lindqvistgnp.exe', 'Lindqvistgnp.exe'],
    ['\u2067Ada\u2069 \u200BQuant', 'Ada Quant', 'Ada Quant'],
    ['\u200B=HYPERLINK("http://evil")', '"=HYPERLINK(""http://evil"")"', `"'=HYPERLINK(""http://evil"")"`],
    ['\u202E+1 555 0100', '+1 555 0100', "'+1 555 0100"],
    ['\uFEFF\u2060@x', '@x', "'@x"],
    ['محمد العلي', 'محمد العلي', 'محمد العلي'],
    // non-strings: ours, written as they are (a negative number is a number, not a formula)
    [5, '5', '5'],
    [-5, '-5', '-5'],
    [0, '0', '0'],
    [Number.NaN, '', ''],
    [true, 'true', 'true'],
    [false, 'false', 'false'],
    [null, '', ''],
    [undefined, '', ''],
  ] as [unknown, string, string][])('%j → crm %j, spreadsheet %j', (input, crm, spreadsheet) => {
    expect(csvField(input, 'crm')).toBe(crm);
    expect(csvField(input, 'spreadsheet')).toBe(spreadsheet);
  });
});

describe('tsvField', () => {
  it.each([
    ['plain', 'plain'],
    ['Quant, Ada', 'Quant, Ada'],
    ['line\nbreak', 'line break'],
    ['two\r\nlines', 'two lines'],
    ['tab\there', 'tab here'],
    ['\t=1+1', "' =1+1"],
    ['\rCR', "' CR"],
    ['+46 70 123 45 67', "'+46 70 123 45 67"],
    ['=1+1', "'=1+1"],
    ['say "gm"', '"say ""gm"""'],
    ['"quoted" start', '"""quoted"" start"'],
    ['\u200B-2', "'-2"],
    ['李小龙', '李小龙'],
    [null, ''],
    [12.5, '12.5'],
  ] as [unknown, string][])('%j → %j', (input, expected) => {
    expect(tsvField(input)).toBe(expected);
  });
});

describe('documents', () => {
  const rows = [
    [1, 'x,y'],
    [null, 'z'],
  ];

  it('a spreadsheet CSV starts with the UTF-8 byte order mark, joins rows with CRLF and ends with one', () => {
    expect(toCsv(['a', 'b'], rows, 'spreadsheet')).toBe('\uFEFFa,b\r\n1,"x,y"\r\n,z\r\n');
  });

  it('a CRM CSV has no byte order mark (its first header must map as written)', () => {
    expect(toCsv(['a', 'b'], rows, 'crm')).toBe('a,b\r\n1,"x,y"\r\n,z\r\n');
  });

  it('TSV: tabs between cells, CRLF between rows, no byte order mark', () => {
    expect(toTsv(['a', 'b'], [[1, 'x\ty']])).toBe('a\tb\r\n1\tx y\r\n');
  });
});
