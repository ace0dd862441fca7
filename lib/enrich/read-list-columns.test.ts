import { describe, expect, it } from 'vitest';
import { parseList } from './read-list';
import { detectColumns, headerRole } from './read-list-columns';

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
