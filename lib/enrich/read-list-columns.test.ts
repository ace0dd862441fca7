import { describe, expect, it } from 'vitest';
import { parseList } from './read-list';
import { cellShape, cellText, detectColumns, headerRole, readEmail, readProfileCell } from './read-list-columns';

describe('headerRole names a column from its header', () => {
  it.each([
    ['Twitter', 'x'],
    ['X handle', 'x'],
    ['X', 'x'],
    ['twitter_url', 'x'],
    ['X (Twitter)', 'x'],
    ["What's your Twitter?", 'x'],
    ['Handles', 'x'],
    ['LinkedIn', 'linkedin'],
    ['LinkedIn URL', 'linkedin'],
    ['linkedinProfileUrl', 'linkedin'],
    ['Person Linkedin Url', 'linkedin'],
    ['Name', 'name'],
    ['Full name', 'name'],
    ['Display Name', 'name'],
    ['First Name', 'first-name'],
    ['first_name', 'first-name'],
    ['Vorname', 'first-name'],
    ['Last name', 'last-name'],
    ['Surname', 'last-name'],
    ['Nachname', 'last-name'],
    ['Company', 'company'],
    ['Company Name', 'company'],
    ['Organization', 'company'],
    ['What company do you work for?', 'company'],
    ['Project', 'company'],
    ['Firma', 'company'],
    ['Email', 'email'],
    ['E-Mail', 'email'],
    ['email_address', 'email'],
    ['Telegram handle', 'ignore'],
    ['Ticket Name', 'ignore'],
    ['Event name', 'ignore'],
    ['Company LinkedIn URL', 'ignore'],
    ['Phone number', 'ignore'],
    ['Title', null],
    ['Notes', null],
    ['Username', null],
    ['Profile', null],
  ])('%j → %s', (header, role) => {
    expect(headerRole(header)).toBe(role);
  });
});

describe('detectColumns proposes a role per column, from headers or from cells', () => {
  it.each([
    [
      'an attendee export (Luma/Eventbrite)',
      "First Name,Last Name,Email,Company,What's your Twitter?,Ticket Type,Checked In\nAda,Lindqvist,ada@quantfund.io,Quant Fund,@AdaQuant,GA,Yes\n",
      ['first-name', 'last-name', 'email', 'company', 'x', 'ignore', 'ignore'],
    ],
    [
      'headers that say nothing over handles and addresses',
      'Person,Profile,Contact\nAda Lindqvist,https://www.linkedin.com/in/ada-lindqvist,ada@quantfund.io\nBob,https://www.linkedin.com/in/bob,\n',
      ['ignore', 'linkedin', 'email'],
    ],
    [
      'no header: cells decide',
      'Ada Lindqvist,Quant Fund,https://x.com/AdaQuant,ada@quantfund.io\nBob Nakamura,Chain Labs,@bob_naka,\n',
      ['ignore', 'ignore', 'x', 'email'],
    ],
    ['a single column of bare handles', 'AdaQuant\nbob_naka\nhttps://twitter.com/carla\n', ['x']],
    ['a single column of LinkedIn addresses', 'linkedin.com/in/ada\nhttps://www.linkedin.com/in/bob/\n', ['linkedin']],
    ['a column of mostly notes', 'Notes\nmet at ETHDenver\n@ada said hi\nfollow up\n', ['ignore']],
  ])('%s', (_, text, roles) => {
    expect(detectColumns(parseList(text))).toEqual(roles);
  });
});

describe('parseList tells a header row from a first person', () => {
  it.each([
    ['Twitter\n@AdaQuant\n@bob_naka', ['Twitter']],
    ['X\nAdaQuant', ['X']],
    ['Profile,Contact\nhttps://x.com/AdaQuant,ada@quantfund.io', ['Profile', 'Contact']],
    // One column: a word may be a handle ("Profile" is one), so only a header word says it is a header.
    ['Profile\nhttps://x.com/AdaQuant', null],
    ['@AdaQuant\n@bob_naka', null],
    ['AdaQuant\n@bob_naka', null],
    ['Ada Lindqvist,Quant Fund\nBob Nakamura,Chain Labs', null],
    ['Ada Lindqvist,Quant Fund,@AdaQuant\nBob Nakamura,Chain Labs,@bob_naka', null],
  ])('%j → header %j', (text, header) => {
    expect(parseList(text).header).toEqual(header);
  });

  it('takes the rep’s word over the guess', () => {
    const parsed = parseList('Ada Lindqvist,Quant Fund\nBob Nakamura,Chain Labs', true);
    expect(parsed.header).toEqual(['Ada Lindqvist', 'Quant Fund']);
    expect(parsed.records).toEqual([{ line: 2, cells: ['Bob Nakamura', 'Chain Labs'] }]);
  });
});

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
