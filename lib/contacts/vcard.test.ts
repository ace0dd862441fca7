import { describe, expect, it } from 'vitest';
import type { ContactCard } from './contact-card';
import { escapeText, foldLine, vCard, vCardFileName } from './vcard';
import { aContactCard } from '@/tests/support/records';

const octets = (s: string) => new TextEncoder().encode(s).length;
/** Undo RFC 2426 folding: a CRLF followed by one space joins the lines. */
const unfold = (s: string) => s.replace(/\r\n /g, '');

describe('escapeText', () => {
  it.each([
    ['plain', 'plain'],
    ['Quant, Inc.', 'Quant\\, Inc.'],
    ['CTO; founder', 'CTO\\; founder'],
    ['back\\slash', 'back\\\\slash'],
    ['two\nlines', 'two\\nlines'],
    ['crlf\r\nline', 'crlf\\nline'],
    ['cr\rline', 'cr\\nline'],
    ['\\,;', '\\\\\\,\\;'],
    ['Jürgen Müller 🚀', 'Jürgen Müller 🚀'],
  ])('%j → %j', (input, expected) => {
    expect(escapeText(input)).toBe(expected);
  });
});

describe('foldLine', () => {
  it.each([
    ['short line unchanged', 'FN:Ada Lindqvist'],
    ['exactly 75 octets unchanged', `NOTE:${'a'.repeat(70)}`],
    ['ASCII over 75 octets', `NOTE:${'a'.repeat(200)}`],
    ['multi-byte characters never split', `NOTE:${'ü'.repeat(100)}`],
    ['emoji (4 octets) never split', `NOTE:${'🚀'.repeat(40)}`],
    // Under 75 characters but over 75 octets: still folded (the ASCII fast path must not take it).
    ['45 characters, 85 octets', `NOTE:${'ü'.repeat(40)}`],
    ['CJK (3 octets) never split', `FN:${'李小龙'.repeat(20)}`],
  ])('%s', (_, line) => {
    const folded = foldLine(line);
    const physical = folded.split('\r\n');
    for (const l of physical) expect(octets(l)).toBeLessThanOrEqual(75);
    physical.slice(1).forEach((l) => expect(l.startsWith(' ')).toBe(true));
    expect(unfold(folded)).toBe(line);
    expect(folded.includes('\uFFFD')).toBe(false);
  });
});

describe('vCard', () => {
  const ada = aContactCard();

  it('is a vCard 3.0 with CRLF line endings and every known channel', () => {
    const card = vCard(ada);
    expect(card.endsWith('\r\n')).toBe(true);
    expect(card.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(card.split('\r\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Lindqvist;Ada;;;',
      'FN:Ada Lindqvist',
      'ORG:QuantLayer',
      'TITLE:Founder & CEO',
      'EMAIL;TYPE=INTERNET:ada@quantlayer.xyz',
      'TEL;TYPE=CELL:+46 70 123 45 67',
      'X-SOCIALPROFILE;TYPE=telegram:https://t.me/adaquant',
      'URL;TYPE=LinkedIn:https://www.linkedin.com/in/ada-lindqvist',
      'X-SOCIALPROFILE;TYPE=twitter:https://x.com/AdaQuant',
      'END:VCARD',
      '',
    ]);
  });

  it.each<[string, ContactCard, string[], RegExp[]]>([
    [
      'commas and semicolons in structured and text fields',
      { firstName: 'Ada;Eve', lastName: 'Lind,qvist', name: 'Ada;Eve Lind,qvist', company: 'Quant, Inc.; Labs', title: 'CEO\\CTO' },
      ['N:Lind\\,qvist;Ada\\;Eve;;;', 'FN:Ada\\;Eve Lind\\,qvist', 'ORG:Quant\\, Inc.\\; Labs', 'TITLE:CEO\\\\CTO'],
      [],
    ],
    // A newline in directory text must not start a property of its own (EMAIL, END:VCARD, ...).
    [
      'a newline cannot inject a property',
      { name: 'Eve\r\nEMAIL:evil@attacker.io', lastName: 'X\nEND:VCARD', email: 'eve@x.io' },
      ['FN:Eve EMAIL:evil@attacker.io', 'N:X END:VCARD;;;;', 'EMAIL;TYPE=INTERNET:eve@x.io'],
      [/^EMAIL:evil/m, /^END:VCARD\r\n(?!$)/],
    ],
    [
      'unicode names stay UTF-8',
      { firstName: 'Jürgen', lastName: 'Müller', name: 'Jürgen Müller 🚀' },
      ['N:Müller;Jürgen;;;', 'FN:Jürgen Müller 🚀'],
      [],
    ],
    ['bidi controls dropped', { name: 'Ada\u202Etxt.exe' }, ['FN:Adatxt.exe'], []],
    [
      'an angel: no ORG repeating her name',
      { name: 'Sofia Marchetti', company: 'Sofia Marchetti', title: 'Angel Investor' },
      ['TITLE:Angel Investor'],
      [/^ORG:/m],
    ],
    [
      'a company that only starts with her name is a company: it keeps its ORG',
      { name: 'Sofia Marchetti', company: 'Sofia Marchetti | Capital' },
      ['ORG:Sofia Marchetti | Capital'],
      [],
    ],
    [
      'the same name in other case and accents is still her own profile',
      { name: 'Sofía Marchetti', company: 'sofia  MARCHETTI' },
      [],
      [/^ORG:/m],
    ],
    [
      'a LinkedIn value that is not https is kept as a note, not a URL',
      { name: 'A', linkedinUrl: 'javascript:alert(1)' },
      ['NOTE:LinkedIn: javascript:alert(1)'],
      [/^URL/m],
    ],
    [
      'a Telegram value that is not a handle is kept as a note',
      { name: 'A', telegram: '+1 555 0100, ask for A' },
      ['NOTE:Telegram: +1 555 0100\\, ask for A'],
      [/X-SOCIALPROFILE;TYPE=telegram/],
    ],
    [
      'a URL with ; or , is percent-encoded, not split',
      { name: 'A', linkedinUrl: 'https://www.linkedin.com/in/a;b,c' },
      ['URL;TYPE=LinkedIn:https://www.linkedin.com/in/a%3Bb%2Cc'],
      [],
    ],
    ['no name at all still has FN', { name: '' }, ['FN:Unnamed contact', 'N:;;;;'], []],
  ])('%s', (_, card, present, absent) => {
    const text = vCard(card);
    const lines = unfold(text).split('\r\n');
    for (const line of present) expect(lines).toContain(line);
    for (const re of absent) expect(unfold(text)).not.toMatch(re);
    expect(lines.filter((l) => l === 'BEGIN:VCARD')).toHaveLength(1);
    expect(lines.filter((l) => l === 'END:VCARD')).toHaveLength(1);
  });

  it('folds a long line and every physical line is at most 75 octets', () => {
    const text = vCard({
      name: 'Ada',
      title: 'Head of Ecosystem Partnerships, Developer Relations and Institutional Business Development für Europa 🚀',
    });
    const physical = text.split('\r\n');
    expect(physical.some((l) => l.startsWith(' '))).toBe(true);
    for (const l of physical) expect(octets(l)).toBeLessThanOrEqual(75);
    expect(unfold(text)).toContain(
      'TITLE:Head of Ecosystem Partnerships\\, Developer Relations and Institutional Business Development für Europa 🚀',
    );
  });
});

describe('vCardFileName', () => {
  it.each([
    ['Ada Lindqvist', 'Ada-Lindqvist.vcf'],
    ['Jürgen Müller 🚀', 'Jurgen-Muller.vcf'],
    ['../../etc/passwd', 'etc-passwd.vcf'],
    ['', 'contact.vcf'],
    ['محمد العلي', 'محمد-العلي.vcf'],
  ])('%j → %j', (name, expected) => {
    expect(vCardFileName({ name })).toBe(expected);
  });
});
