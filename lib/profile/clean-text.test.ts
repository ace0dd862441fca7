import { describe, expect, it } from 'vitest';
import { cleanText } from './clean-text';
import { safeDecodeURIComponent } from './to-http-url';
import { linkedInCompanyKey, linkedInPersonKey, xProfileKey } from './profile-key';

describe('cleanText', () => {
  it.each([
    ['  Vitalik\n   Buterin ', 'Vitalik Buterin'],
    ['Jürgen\u00A0Müller', 'Jürgen Müller'],
    ['\u200BHayden 🦄', 'Hayden 🦄'],
    ['👨‍👩‍👧 family', '👨‍👩‍👧 family'], // ZWJ emoji survive
    ['   ', undefined],
    ['', undefined],
    [null, undefined],
    [undefined, undefined],
  ])('%j → %j', (input, expected) => expect(cleanText(input)).toBe(expected));
});

describe('safeDecodeURIComponent', () => {
  it.each([
    ['j%C3%BCrgen', 'jürgen'],
    ['plain', 'plain'],
    ['%E0%A4%A', null],
    ['%', null],
  ])('%j → %j', (input, expected) => expect(safeDecodeURIComponent(input)).toBe(expected));
});

describe('profile keys', () => {
  it('lower-cases (and NFC-normalises) identities', () => {
    expect(xProfileKey('VitalikButerin')).toBe('x:vitalikbuterin');
    expect(linkedInPersonKey('JÜRGEN-1')).toBe('li:in:jürgen-1');
    expect(linkedInPersonKey('ju\u0308rgen')).toBe(linkedInPersonKey('jürgen'));
    expect(linkedInCompanyKey('Coinbase')).toBe('li:company:coinbase');
  });
});
