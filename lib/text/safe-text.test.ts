import { describe, expect, it } from 'vitest';
import { safeText } from './safe-text';

const RLO = '\u202E';

describe('safeText', () => {
  it.each([
    // The reported attacks: an override in a page display name and in a directory last name.
    ['display name ending in an override', `Meridian Capital ${RLO}`, 'Meridian Capital'],
    ['a spoofed handle written backwards', `${RLO}X no tnauQadA@`, 'X no tnauQadA@'],
    ['a last name that reverses the dialog sentence', `Lindqvist${RLO}s'tcatnoc laever`, "Lindqvists'tcatnoc laever"],
    ['left-to-right and right-to-left embeddings', '\u202AAda\u202C \u202BQuant\u202C', 'Ada Quant'],
    ['isolates left open to swallow what follows', '\u2067Ada\u2066 \u2068Quant', 'Ada Quant'],
    ['direction marks and the Arabic letter mark', '\u200EAda\u200F\u061C', 'Ada'],
    // Invisible characters that make two strings look alike.
    ['zero-width space inside a name', 'Ada\u200BQuant', 'AdaQuant'],
    ['word joiner and BOM', '\uFEFFAda\u2060Quant', 'AdaQuant'],
    ['zero-width joiner between Latin letters', 'Ada\u200DQuant', 'AdaQuant'],
    ['zero-width non-joiner at the edge', '\u200CAdaQuant', 'AdaQuant'],
    ['soft hyphen', 'Ada\u00ADQuant', 'AdaQuant'],
    ['Hangul filler posing as a blank name', '\u3164', ''],
    ['invisible tag characters smuggling text', 'Ada\u{E0069}\u{E0067}\u{E006E}Quant', 'AdaQuant'],
    ['Mongolian vowel separator', 'Ada\u180EQuant', 'AdaQuant'],
    // Whitespace and controls.
    ['line breaks and tabs in a one-line field', ' Ada\n\tLindqvist\r\n', 'Ada Lindqvist'],
    ['line separator and NUL', 'Ada\u2028Lind\u0000qvist', 'Ada Lind qvist'],
    ['no-break spaces collapse', 'Ada\u00A0\u00A0Lindqvist', 'Ada Lindqvist'],
  ])('%s', (_label, input, expected) => {
    expect(safeText(input)).toBe(expected);
  });

  it.each([
    ['Arabic name (no controls)', 'محمد العلي'],
    ['Hebrew name', 'דוד לוי'],
    ['Persian word with a needed zero-width non-joiner', 'می\u200Cخواهم'],
    ['emoji ZWJ family', '👩\u200D👩\u200D👧'],
    ['flag of Scotland (tag sequence)', '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}'],
    ['emoji with variation selector', '❤️ Ada'],
    ['accented Latin', 'Ådå Lîndqvïst'],
  ])('keeps %s as written', (_label, input) => {
    expect(safeText(input)).toBe(input);
  });

  it('keeps paragraph breaks when asked (summaries), still without controls', () => {
    expect(safeText(`First line${RLO}\r\n\n\n\n  second\u200B line  `, { multiline: true })).toBe('First line\n\nsecond line');
  });

  it.each([null, undefined, ''])('is empty for %j', (input) => {
    expect(safeText(input)).toBe('');
  });
});
