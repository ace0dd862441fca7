import { describe, expect, it } from 'vitest';
import { MAX_LIST_ROWS } from './enrich-run';
import { parseList, readRows, UNREADABLE } from './read-list';
import { detectColumns, type ColumnRole } from './read-list-columns';

/** The whole path the Leads page takes with the proposed columns. */
const read = (text: string) => {
  const parsed = parseList(text);
  return readRows(parsed, detectColumns(parsed));
};

const LUMA = [
  "First Name,Last Name,Email,Company,What's your Twitter?,Ticket Type",
  'Ada,Lindqvist,ada@quantfund.io,Quant Fund,@AdaQuant,General Admission',
  'Bob,Nakamura,bob@chainlabs.xyz,"Chain Labs, Inc.",https://twitter.com/bob_naka?lang=en,Speaker',
  'Carla,Díaz,carla@meridian.org,Meridian DAO,n/a,General Admission',
  'Dev,Patel,dev@gmail.com,,,General Admission',
  'Ada,Lindqvist,ada.l@gmail.com,Quant Fund,https://x.com/adaquant/status/1790000000000000001,VIP',
  '',
].join('\n');

const TELEGRAM = [
  '@AdaQuant',
  '@bob_naka',
  '',
  'https://x.com/carla_dao/status/1790000000000000000',
  'mobile.twitter.com/DevP',
  'https://x.com/home',
  'x.com/i/flow/login',
  '@adaquant',
  'ada.eth',
].join('\n');

const EXCEL_DE =
  '\uFEFFName;Firma;Twitter;E-Mail\r\nJürgen Müller;Blockwerk GmbH;@jmueller;j.mueller@blockwerk.de\r\n"Søren Øster";"Nordic Chain; ApS";;soren@nordicchain.dk\r\n';

const SHEETS_TSV =
  'Name\tProject\tX\tNotes\nAda Lindqvist\tQuant Fund\thttps://x.com/AdaQuant\tmet at ETHDenver, wants intro\nLi Wei\tPanda Labs\t@liwei_eth\t';

const SALES_NAV = [
  'First Name,Last Name,Title,Company,LinkedIn URL,Location',
  'Ada,Lindqvist,Partner,Quant Fund,https://www.linkedin.com/in/ada-lindqvist-1a2b3c/?locale=de_DE,Stockholm',
  'Jürgen,Müller,CTO,Blockwerk,https://de.linkedin.com/in/j%C3%BCrgen-m%C3%BCller-42,Berlin',
  'Bob,Smith,,,https://www.linkedin.com/company/chain-labs/,London',
  'Carol,Ng,VP BD,Acme,https://www.linkedin.com/in/CarolNg?trk=public_profile_browsemap,Singapore',
].join('\r\n');

const QUOTED = [
  'name,company,twitter,notes',
  '"Lindqvist, Ada","Quant Fund, LP",@AdaQuant,"Met at Token2049',
  'Singapore; follow up"',
  '"Dr. Åsa ""Ace"" Berg",Nordic Chain,,',
].join('\n');

describe('readRows over real-looking lists', () => {
  it.each([
    [
      'a Luma/Eventbrite attendee CSV',
      LUMA,
      [
        { key: 'x:adaquant', lines: [2, 6], xHandle: 'AdaQuant', name: 'Ada Lindqvist', company: 'Quant Fund', email: 'ada@quantfund.io' },
        {
          key: 'x:bob_naka',
          lines: [3],
          xHandle: 'bob_naka',
          name: 'Bob Nakamura',
          company: 'Chain Labs, Inc.',
          email: 'bob@chainlabs.xyz',
        },
        { key: 'nc:carla diaz|meridian dao', lines: [4], name: 'Carla Díaz', company: 'Meridian DAO', email: 'carla@meridian.org' },
      ],
      [{ line: 5, text: 'Dev, Patel, dev@gmail.com, General Admission', why: UNREADABLE.nameAlone }],
      1,
    ],
    [
      'a Telegram-like pasted list of handles',
      TELEGRAM,
      [
        { key: 'x:adaquant', lines: [1, 8], xHandle: 'AdaQuant' },
        { key: 'x:bob_naka', lines: [2], xHandle: 'bob_naka' },
        { key: 'x:carla_dao', lines: [4], xHandle: 'carla_dao' },
        { key: 'x:devp', lines: [5], xHandle: 'DevP' },
      ],
      [
        { line: 6, text: 'https://x.com/home', why: UNREADABLE.notX('https://x.com/home') },
        { line: 7, text: 'x.com/i/flow/login', why: UNREADABLE.notX('x.com/i/flow/login') },
        { line: 9, text: 'ada.eth', why: UNREADABLE.notX('ada.eth') },
      ],
      1,
    ],
    [
      'a semicolon Excel CSV with a byte order mark and CRLF',
      EXCEL_DE,
      [
        {
          key: 'x:jmueller',
          lines: [2],
          xHandle: 'jmueller',
          name: 'Jürgen Müller',
          company: 'Blockwerk GmbH',
          email: 'j.mueller@blockwerk.de',
        },
        {
          key: 'nc:soren oster|nordic chain aps',
          lines: [3],
          name: 'Søren Øster',
          company: 'Nordic Chain; ApS',
          email: 'soren@nordicchain.dk',
        },
      ],
      [],
      0,
    ],
    [
      'a Google Sheets paste (tabs)',
      SHEETS_TSV,
      [
        { key: 'x:adaquant', lines: [2], xHandle: 'AdaQuant', name: 'Ada Lindqvist', company: 'Quant Fund' },
        { key: 'x:liwei_eth', lines: [3], xHandle: 'liwei_eth', name: 'Li Wei', company: 'Panda Labs' },
      ],
      [],
      0,
    ],
    [
      'a Sales Navigator-like CSV with locale suffixes',
      SALES_NAV,
      [
        {
          key: 'li:in:ada-lindqvist-1a2b3c',
          lines: [2],
          linkedinSlug: 'ada-lindqvist-1a2b3c',
          name: 'Ada Lindqvist',
          company: 'Quant Fund',
        },
        { key: 'li:in:jürgen-müller-42', lines: [3], linkedinSlug: 'jürgen-müller-42', name: 'Jürgen Müller', company: 'Blockwerk' },
        { key: 'li:in:carolng', lines: [5], linkedinSlug: 'CarolNg', name: 'Carol Ng', company: 'Acme' },
      ],
      [
        {
          line: 4,
          text: 'Bob, Smith, https://www.linkedin.com/company/chain-labs/, London',
          why: UNREADABLE.notLinkedIn('https://www.linkedin.com/company/chain-labs/'),
        },
      ],
      0,
    ],
    [
      'quoted cells with commas, line breaks and doubled quotes',
      QUOTED,
      [
        { key: 'x:adaquant', lines: [2], xHandle: 'AdaQuant', name: 'Lindqvist, Ada', company: 'Quant Fund, LP' },
        { key: 'nc:asa ace berg|nordic chain', lines: [3], name: 'Dr. Åsa "Ace" Berg', company: 'Nordic Chain' },
      ],
      [],
      0,
    ],
  ])('%s', (_, text, rows, unreadable, duplicates) => {
    expect(read(text)).toEqual({ rows, unreadable, duplicates });
  });
});

describe('readRows', () => {
  it('keeps a row with only a LinkedIn address (the worker asks for a name)', () => {
    expect(read('https://www.linkedin.com/in/ada-lindqvist/\n').rows).toEqual([
      { key: 'li:in:ada-lindqvist', lines: [1], linkedinSlug: 'ada-lindqvist' },
    ]);
  });

  it('counts lines after an Excel "sep=;" line, and reads by the rep’s corrected mapping', () => {
    const parsed = parseList('sep=;\nAda Lindqvist;Quant Fund\nBob Nakamura;Chain Labs\n');
    const columns: ColumnRole[] = ['name', 'company'];
    expect(readRows(parsed, columns).rows.map((row) => [row.key, row.lines])).toEqual([
      ['nc:ada lindqvist|quant fund', [2]],
      ['nc:bob nakamura|chain labs', [3]],
    ]);
  });

  it.each([
    ['Company\nQuant Fund', UNREADABLE.nobody],
    ['Name,Phone\nAda Lindqvist,+46 70 123 45 67', UNREADABLE.nameAlone],
    ['Twitter,Name\nnone,Ada Lindqvist', UNREADABLE.nameAlone],
    ['Twitter,Name\nada.eth,Ada Lindqvist', UNREADABLE.notX('ada.eth')],
    ['Name,Company,Email\n🚀,Quant Fund,ada@quantfund.io', UNREADABLE.nobody],
  ])('says why %j is unreadable', (text, why) => {
    expect(read(text).unreadable.map((row) => row.why)).toEqual([why]);
  });

  it('folds duplicates on the key, the first filled field winning', () => {
    const text =
      'Name,Company,Twitter,Email\nAda Lindqvist,Quant Fund,,\nADA LINDQVIST,quant fund,,ada@quantfund.io\n,,@AdaQuant,\nAda L.,Other,@adaquant,a@other.io\n';
    expect(read(text)).toMatchObject({
      rows: [
        { key: 'nc:ada lindqvist|quant fund', lines: [2, 3], email: 'ada@quantfund.io', name: 'Ada Lindqvist' },
        { key: 'x:adaquant', lines: [4, 5], xHandle: 'AdaQuant', name: 'Ada L.', company: 'Other', email: 'a@other.io' },
      ],
      duplicates: 2,
    });
  });

  it.each([
    [
      'the same person without the handle, after it',
      'Name,Company,Twitter\nAda Lindqvist,Quant Fund,@AdaQuant\nDr. Ada Lindqvist,QUANT FUND,\n',
      [['x:adaquant', [2, 3]]],
    ],
    [
      'the same person with the handle, after it: the key becomes the handle',
      'Name,Company,Twitter\nAda Lindqvist,Quant Fund,\nAda Lindqvist,Quant Fund,https://x.com/AdaQuant\n',
      [['x:adaquant', [2, 3]]],
    ],
    [
      'a LinkedIn-only row of a person listed with a handle',
      'Twitter,LinkedIn\n@AdaQuant,https://www.linkedin.com/in/ada-lindqvist\n,linkedin.com/in/Ada-Lindqvist/?locale=sv_SE\n',
      [['x:adaquant', [2, 3]]],
    ],
    [
      'two handles under one name and company: two people',
      'Name,Company,Twitter\nAda Lindqvist,Quant Fund,@AdaQuant\nAda Lindqvist,Quant Fund,@ada_two\n',
      [
        ['x:adaquant', [2]],
        ['x:ada_two', [3]],
      ],
    ],
  ])('folds %s', (_, text, keys) => {
    const { rows, duplicates } = read(text);
    expect(rows.map((row) => [row.key, row.lines])).toEqual(keys);
    expect(duplicates).toBe(2 - keys.length);
  });

  it(`reads at most ${MAX_LIST_ROWS} people and says what was left out`, () => {
    const text = ['Twitter', ...Array.from({ length: MAX_LIST_ROWS + 3 }, (_, i) => `@person_${i}`), '@person_0'].join('\n');
    const { rows, unreadable, duplicates } = read(text);
    expect(rows).toHaveLength(MAX_LIST_ROWS);
    expect(duplicates).toBe(1);
    expect(unreadable).toEqual([{ line: MAX_LIST_ROWS + 2, text: `@person_${MAX_LIST_ROWS}`, why: UNREADABLE.tooMany(2) }]);
  });

  it('says where a quote is never closed', () => {
    const { rows, unreadable } = read('Twitter,Name\n@AdaQuant,Ada\n"@bob_naka,Bob\n@carla,Carla\n');
    expect(rows.map((row) => row.key)).toEqual(['x:adaquant']);
    expect(unreadable[0]).toMatchObject({ line: 3, why: UNREADABLE.openQuote });
  });
});
