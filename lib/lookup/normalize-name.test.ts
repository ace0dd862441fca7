import { describe, expect, it } from 'vitest';
import { cleanDisplayName, normalizeHandle, normalizeName } from './normalize-name';

describe('normalizeName folds what LinkedIn adds around a name', () => {
  it.each([
    ['Jürgen Müller', 'jurgen muller'],
    ['  JÜRGEN   müller ', 'jurgen muller'],
    ['Dr. Jürgen Müller, PhD', 'jurgen muller'],
    ['Prof. Dr. Ada Lovelace', 'ada lovelace'],
    ['Jane Doe (she/her)', 'jane doe'],
    ['Jane Doe 🚀', 'jane doe'],
    ['🦄 Jane Doe ⚡️', 'jane doe'],
    ['Jane Doe | Building in Web3', 'jane doe'],
    ['Jane Doe - Founder', 'jane doe'],
    ['Jane Doe, CFA', 'jane doe'],
    ['Søren Kierkegaard', 'soren kierkegaard'],
    ['Łukasz Żółć', 'lukasz zolc'],
    ['François Côté', 'francois cote'],
    ['Jean-Luc Picard', 'jean luc picard'],
    ["Conan O'Brien", 'conan obrien'],
    ['José María Aznar Jr.', 'jose maria aznar'],
    ['Straße', 'strasse'],
    ['李 小龍', '李 小龍'],
    ['Mr', 'mr'],
    ['', ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });
});

describe('cleanDisplayName keeps accents for the query but drops decoration', () => {
  it.each([
    ['Jürgen Müller 🚀', 'Jürgen Müller'],
    ['Jane Doe (she/her) | Web3', 'Jane Doe'],
    ['Acme Labs', 'Acme Labs'],
  ])('%j → %j', (input, expected) => {
    expect(cleanDisplayName(input)).toBe(expected);
  });
});

describe('normalizeHandle', () => {
  it.each([
    ['@AdaQuant', 'adaquant'],
    ['adaquant', 'adaquant'],
    [' @Ada_Quant ', 'ada_quant'],
    [null, ''],
    [undefined, ''],
  ])('%j → %j', (input, expected) => {
    expect(normalizeHandle(input)).toBe(expected);
  });
});
