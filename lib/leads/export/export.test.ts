import { describe, expect, it } from 'vitest';
import { parseDelimited, parseRecords } from '@/tests/support/csv-parse';
import { aPerson, aRevealRecord } from '@/tests/support/records';
import { LEAD_STATUSES, newLead, type Lead, type LeadStatus } from '../lead';
import { contactFromPerson, contactsFromLeads, type ExportContact } from './contact';
import { EXPORT_KINDS, exportContacts, type ExportKind } from './export';

const NOW = new Date(2026, 10, 26, 23, 30).getTime();
const SAVED = Date.UTC(2026, 10, 20, 9, 0);
const NOTE_AT = new Date(2026, 10, 21, 14, 3).getTime();

function aLead(overrides: Partial<Lead> = {}, person = aPerson()): Lead {
  const { lead } = newLead(
    { person, organization: null, accountId: 'acc_pro', savedFrom: 'https://x.com/AdaQuant', cost: { credits: 15, estimated: false } },
    SAVED,
  );
  return { ...lead, ...overrides };
}

/** Ada, saved and revealed under the account in use, with the rep's status, tags, a note and a follow-up. */
function ada(overrides: Partial<Lead> = {}): ExportContact {
  const lead = aLead({
    status: 'replied',
    tags: ['defi', 'warm'],
    notes: [{ id: 'n1', at: NOTE_AT, text: 'Met at ETHDenver' }],
    followUpOn: '2026-12-01',
    linkedinUrl: 'https://www.linkedin.com/in/ada-lindqvist',
    // Seen on X as @ada_lq before @AdaQuant (issue 42).
    xAccount: {
      id: '1456432000471212032',
      handles: [
        { handle: 'ada_lq', at: Date.UTC(2026, 10, 12, 12) },
        { handle: 'AdaQuant', at: Date.UTC(2026, 10, 20, 12) },
      ],
    },
    ...overrides,
  });
  const reveal = aRevealRecord({
    channels: { email: 'ada@quantlayer.xyz', phone: '+46 70 123 45 67', telegram: '@adaquant', linkedinUrl: null },
  });
  return contactsFromLeads([lead], [reveal], 'acc_pro')[0]!;
}

const run = (kind: ExportKind, contacts: readonly ExportContact[]) => exportContacts(kind, contacts, { now: NOW });
const csvRecords = (kind: ExportKind, contacts: readonly ExportContact[]) => parseRecords(run(kind, contacts).text);

// ── vCard, read back as an address book would (unfold, split, unescape) ──────────────────────────

function parseVCards(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n /g, '').split('\r\n');
  expect(lines.pop()).toBe('');
  const cards: Record<string, string>[] = [];
  for (const line of lines) {
    // Every line is a property: a value with a line break in it would have injected a line of its own.
    expect(line).toMatch(/^[A-Z][A-Z-]*(;[^:]*)?:/);
    const colon = line.indexOf(':');
    const [name, value] = [line.slice(0, colon).split(';')[0]!, line.slice(colon + 1)];
    if (name === 'BEGIN') cards.push({});
    else if (name !== 'END') cards.at(-1)![name] = value;
  }
  return cards;
}

const unescapeVCard = (v: string) => v.replace(/\\([\\,;nN])/g, (_, c: string) => (c.toLowerCase() === 'n' ? '\n' : c));
const nParts = (v: string) => v.split(/(?<!\\);/).map(unescapeVCard);

// ── the Export menu ──────────────────────────────────────────────────────────────────────────────

describe('EXPORT_KINDS', () => {
  it.each([
    ['hubspot', 'leads-hubspot-2026-11-26.csv', 'text/csv;charset=utf-8'],
    ['salesforce', 'leads-salesforce-2026-11-26.csv', 'text/csv;charset=utf-8'],
    ['pipedrive', 'leads-pipedrive-2026-11-26.csv', 'text/csv;charset=utf-8'],
    ['csv', 'leads-2026-11-26.csv', 'text/csv;charset=utf-8'],
    ['vcard', 'leads-2026-11-26.vcf', 'text/vcard;charset=utf-8'],
    ['sheets', 'leads-2026-11-26.tsv', 'text/tab-separated-values;charset=utf-8'],
  ] as const)('%s → %s (%s), dated by the local day', (kind, fileName, mimeType) => {
    expect(run(kind, [ada()])).toMatchObject({ kind, fileName, mimeType, exported: 1, skipped: 0, skippedMessage: null });
  });

  it('names the file after another list when asked (prospect search, issue 25)', () => {
    expect(exportContacts('hubspot', [], { now: NOW, baseName: 'prospects' }).fileName).toBe('prospects-hubspot-2026-11-26.csv');
  });
});

// ── header rows, exactly ─────────────────────────────────────────────────────────────────────────

describe('header rows', () => {
  it.each([
    [
      'hubspot',
      'Record ID,Crypto Directory ID,First Name,Last Name,Email,Phone Number,Job Title,Company Name,Company Domain Name,Twitter Username,Lead Status,LinkedIn URL,Telegram,Next follow-up,Crypto Directory tags,X user ID',
    ],
    ['salesforce', 'First Name,Last Name,Title,Company,Email,Phone,Website,Lead Status,Description'],
    [
      'pipedrive',
      'Person - Name,Person - First name,Person - Last name,Person - Email,Person - Phone,Person - Job title,Organization - Name,Organization - Website,Note - Content',
    ],
  ] as const)('%s: exactly, and no byte order mark (CRM presets)', (kind, header) => {
    expect(run(kind, []).text).toBe(`${header}\r\n`);
  });

  const allFields = [
    'First name',
    'Last name',
    'Name',
    'Title',
    'Company',
    'Company domain',
    'Company sectors',
    'Company type',
    'X handle',
    'X user ID',
    'Former X handles',
    'Email',
    'Phone',
    'Telegram',
    'LinkedIn',
    'Revealed under another account',
    'Status',
    'Tags',
    'Notes',
    'Follow up on',
    'Saved at',
    'Saved from',
    'Credits paid',
    'Credits estimated',
    'Person ID',
    'Account ID',
  ];

  it('CSV (all fields): every field, channels in the spec’s order, UTF-8 with a byte order mark for Excel', () => {
    expect(run('csv', []).text).toBe(`\uFEFF${allFields.join(',')}\r\n`);
  });

  it('Copy for Google Sheets: the same columns, tab-separated, no byte order mark', () => {
    expect(run('sheets', []).text).toBe(`${allFields.join('\t')}\r\n`);
  });
});

// ── a saved lead, column by column ───────────────────────────────────────────────────────────────

describe('a saved lead, read back column by column', () => {
  it('HubSpot: contact and company on one row, hs_lead_status value, handle without "@", phone unguarded', () => {
    expect(csvRecords('hubspot', [ada()]).records).toEqual([
      {
        'Record ID': '',
        'Crypto Directory ID': ada().personId,
        'First Name': 'Ada',
        'Last Name': 'Lindqvist',
        Email: 'ada@quantlayer.xyz',
        'Phone Number': '+46 70 123 45 67',
        'Job Title': 'Founder & CEO',
        'Company Name': 'QuantLayer',
        'Company Domain Name': 'quantlayer.xyz',
        'Twitter Username': 'AdaQuant',
        'Lead Status': 'CONNECTED',
        'LinkedIn URL': 'https://www.linkedin.com/in/ada-lindqvist',
        Telegram: '@adaquant',
        'Next follow-up': '2026-12-01',
        'Crypto Directory tags': 'defi; warm',
        'X user ID': '1456432000471212032',
      },
    ]);
  });

  it('HubSpot: "Record ID" is the contact’s id in the connected portal for a lead already sent; the Crypto Directory ID is on every row', () => {
    const lead = aLead({ personId: 'per_sent' });
    const other = aLead({ personId: 'per_new', name: 'Bo Ek' });
    const rows = contactsFromLeads([lead, other], [], 'acc_pro', new Map([['per_sent', '1042']]));
    expect(csvRecords('hubspot', rows).records.map((r) => [r['Record ID'], r['Crypto Directory ID']])).toEqual([
      ['1042', 'per_sent'],
      ['', 'per_new'],
    ]);
  });

  it('Salesforce: standard Lead fields, website from the domain, the rest in Description', () => {
    expect(csvRecords('salesforce', [ada()]).records).toEqual([
      {
        'First Name': 'Ada',
        'Last Name': 'Lindqvist',
        Title: 'Founder & CEO',
        Company: 'QuantLayer',
        Email: 'ada@quantlayer.xyz',
        Phone: '+46 70 123 45 67',
        Website: 'https://quantlayer.xyz',
        'Lead Status': 'Working - Contacted',
        Description: [
          'Status: Replied',
          'X: @AdaQuant',
          'LinkedIn: https://www.linkedin.com/in/ada-lindqvist',
          'Telegram: @adaquant',
          'Tags: defi; warm',
          'Follow up on: 2026-12-01',
          'Saved from: https://x.com/AdaQuant',
          'Notes:',
          '[2026-11-21 14:03] Met at ETHDenver',
        ].join('\n'),
      },
    ]);
  });

  it('Pipedrive: person and organisation on one row, a note on the person', () => {
    const [row] = csvRecords('pipedrive', [ada()]).records;
    expect(row).toEqual({
      'Person - Name': 'Ada Lindqvist',
      'Person - First name': 'Ada',
      'Person - Last name': 'Lindqvist',
      'Person - Email': 'ada@quantlayer.xyz',
      'Person - Phone': '+46 70 123 45 67',
      'Person - Job title': 'Founder & CEO',
      'Organization - Name': 'QuantLayer',
      'Organization - Website': 'https://quantlayer.xyz',
      'Note - Content': expect.stringMatching(/^Status: Replied\nX: @AdaQuant\n/) as unknown,
    });
  });

  it('CSV (all fields): every field; phone and Telegram guarded (a spreadsheet output)', () => {
    expect(csvRecords('csv', [ada({ cost: { credits: 17.5, estimated: true } })]).records).toEqual([
      {
        'First name': 'Ada',
        'Last name': 'Lindqvist',
        Name: 'Ada Lindqvist',
        Title: 'Founder & CEO',
        Company: 'QuantLayer',
        'Company domain': 'quantlayer.xyz',
        'Company sectors': 'DeFi; Derivatives',
        'Company type': 'project',
        'X handle': 'AdaQuant',
        'X user ID': '1456432000471212032',
        'Former X handles': 'ada_lq (2026-11-12)',
        Email: 'ada@quantlayer.xyz',
        Phone: "'+46 70 123 45 67",
        Telegram: "'@adaquant",
        LinkedIn: 'https://www.linkedin.com/in/ada-lindqvist',
        'Revealed under another account': 'false',
        Status: 'Replied',
        Tags: 'defi; warm',
        Notes: '[2026-11-21 14:03] Met at ETHDenver',
        'Follow up on': '2026-12-01',
        'Saved at': '2026-11-20T09:00:00.000Z',
        'Saved from': 'https://x.com/AdaQuant',
        'Credits paid': '17.5',
        'Credits estimated': 'true',
        'Person ID': 'per_ada',
        'Account ID': 'acc_pro',
      },
    ]);
  });

  it('Copy for Google Sheets: the same cells as the CSV, several notes on one line', () => {
    const contact = ada({
      notes: [
        { id: 'n2', at: NOTE_AT + 60_000, text: 'Asked for\na deck' },
        { id: 'n1', at: NOTE_AT, text: 'Met at ETHDenver' },
      ],
    });
    const [header, row] = parseDelimited(run('sheets', [contact]).text, { delimiter: '\t' });
    const cell = (name: string) => row![header!.indexOf(name)];
    expect(cell('Phone')).toBe("'+46 70 123 45 67");
    expect(cell('Notes')).toBe('[2026-11-21 14:03] Met at ETHDenver [2026-11-21 14:04] Asked for a deck');
    expect(row).toHaveLength(header!.length);
  });

  it('a lead revealed under another account says so', () => {
    const lead = aLead();
    const [row] = contactsFromLeads([lead], [aRevealRecord({ accountId: 'acc_team' })], 'acc_pro');
    expect(csvRecords('csv', [row!]).records[0]).toMatchObject({ 'Revealed under another account': 'true', Email: 'ada@quantlayer.xyz' });
  });

  it('vCard: one file, one card per contact', () => {
    const mei = contactFromPerson(
      aPerson({ id: 'per_mei', firstName: 'Mei', lastName: 'Tanaka', jobTitle: 'CTO', company: null }),
      undefined,
    );
    const cards = parseVCards(run('vcard', [ada(), mei]).text);
    expect(cards.map((c) => [c.FN, c.N, c.TITLE, c.EMAIL, c.TEL])).toEqual([
      ['Ada Lindqvist', 'Lindqvist;Ada;;;', 'Founder & CEO', 'ada@quantlayer.xyz', '+46 70 123 45 67'],
      ['Mei Tanaka', 'Tanaka;Mei;;;', 'CTO', undefined, undefined],
    ]);
  });

  it('Salesforce: a lead without a company gets the placeholder Salesforce itself uses; no website', () => {
    const contact = contactFromPerson(aPerson({ company: null }), undefined);
    expect(csvRecords('salesforce', [contact]).records[0]).toMatchObject({ Company: '[not provided]', Website: '', 'Lead Status': '' });
    expect(csvRecords('hubspot', [contact]).records[0]).toMatchObject({ 'Company Name': '', 'Company Domain Name': '', 'Lead Status': '' });
  });

  it('Salesforce: Description fits its 32,000-character field however many notes', () => {
    const notes = Array.from({ length: 400 }, (_, i) => ({ id: `n${i}`, at: NOTE_AT + i, text: 'x'.repeat(100) }));
    const description = csvRecords('salesforce', [ada({ notes })]).records[0]!.Description!;
    expect(description).toHaveLength(32_000);
    expect(description.endsWith('…')).toBe(true);
    expect(csvRecords('pipedrive', [ada({ notes })]).records[0]!['Note - Content']!.length).toBeGreaterThan(32_000);
  });

  it('a one-word name: Last Name filled, First Name empty (Salesforce requires Last Name)', () => {
    const contact = ada({ name: '李小龙', firstName: null, lastName: null });
    expect(csvRecords('salesforce', [contact]).records[0]).toMatchObject({ 'First Name': '', 'Last Name': '李小龙' });
  });
});

// ── statuses ─────────────────────────────────────────────────────────────────────────────────────

describe('status maps', () => {
  it.each([
    ['new', 'NEW', 'Open - Not Contacted', 'New'],
    ['contacted', 'ATTEMPTED_TO_CONTACT', 'Working - Contacted', 'Contacted'],
    ['replied', 'CONNECTED', 'Working - Contacted', 'Replied'],
    ['meeting', 'IN_PROGRESS', 'Working - Contacted', 'Meeting'],
    ['won', 'OPEN_DEAL', 'Closed - Converted', 'Won'],
    ['not-now', 'BAD_TIMING', 'Closed - Not Converted', 'Not now'],
  ] as [LeadStatus, string, string, string][])('%s → HubSpot %s, Salesforce %s, %s', (status, hubspot, salesforce, label) => {
    const contact = ada({ status });
    expect(csvRecords('hubspot', [contact]).records[0]!['Lead Status']).toBe(hubspot);
    expect(csvRecords('salesforce', [contact]).records[0]!['Lead Status']).toBe(salesforce);
    expect(csvRecords('salesforce', [contact]).records[0]!.Description).toContain(`Status: ${label}`);
    expect(csvRecords('csv', [contact]).records[0]!.Status).toBe(label);
  });

  it('the table above covers every status but Do not contact (never exported)', () => {
    expect(LEAD_STATUSES.map((s) => s.id)).toEqual(['new', 'contacted', 'replied', 'meeting', 'won', 'not-now', 'do-not-contact']);
  });
});

// ── Do not contact ───────────────────────────────────────────────────────────────────────────────

describe('Do not contact', () => {
  const blocked = ada({ status: 'do-not-contact', name: 'Blocked Person', firstName: 'Blocked', lastName: 'Person' });
  const contacts = [ada(), blocked, contactFromPerson(aPerson({ id: 'per_mei', firstName: 'Mei', lastName: 'Tanaka' }), undefined)];

  it.each(EXPORT_KINDS.map((k) => k.id))('%s: left out and counted, with the message to show', (kind) => {
    const out = run(kind, contacts);
    expect(out).toMatchObject({ exported: 2, skipped: 1, skippedMessage: '1 lead is marked “Do not contact”: left out of the export.' });
    expect(out.text).toContain('Lindqvist');
    expect(out.text).toContain('Tanaka');
    expect(out.text).not.toContain('Blocked');
    if (kind !== 'vcard') expect(parseDelimited(out.text, { delimiter: kind === 'sheets' ? '\t' : ',' })).toHaveLength(3);
  });
});

// ── hostile values × every format ────────────────────────────────────────────────────────────────

/**
 * [what, value, CRM cell, spreadsheet CSV cell, Sheets (TSV) cell, one-line text (vCard, the CRM summary)].
 * Written out, not computed: the expected cells are the documented rules, not the code under test.
 */
const HOSTILE: [string, string, string, string, string, string][] = [
  [
    'formula',
    '=HYPERLINK("http://evil","x")',
    '=HYPERLINK("http://evil","x")',
    `'=HYPERLINK("http://evil","x")`,
    `'=HYPERLINK("http://evil","x")`,
    '=HYPERLINK("http://evil","x")',
  ],
  ['plus (a phone)', '+1 555 0100', '+1 555 0100', "'+1 555 0100", "'+1 555 0100", '+1 555 0100'],
  ['minus', '-2', '-2', "'-2", "'-2", '-2'],
  ['at', '@SUM(A1)', '@SUM(A1)', "'@SUM(A1)", "'@SUM(A1)", '@SUM(A1)'],
  ['leading tab', '\t=1+1', '\t=1+1', "'\t=1+1", "' =1+1", '=1+1'],
  ['leading CR', '\rCR first', '\rCR first', "'\rCR first", "' CR first", 'CR first'],
  ['bidi override', 'Lindqvist\u202Egnp.exe', 'Lindqvistgnp.exe', 'Lindqvistgnp.exe', 'Lindqvistgnp.exe', 'Lindqvistgnp.exe'],
  ['zero-width space hiding a formula', '\u200B=1+1', '=1+1', "'=1+1", "'=1+1", '=1+1'],
  ['word joiner and BOM', 'Ada\u2060Quant\uFEFF', 'AdaQuant', 'AdaQuant', 'AdaQuant', 'AdaQuant'],
  ['quotes and a comma', 'say "gm", friend', 'say "gm", friend', 'say "gm", friend', 'say "gm", friend', 'say "gm", friend'],
  ['leading quote', '"Ada" Quant', '"Ada" Quant', '"Ada" Quant', '"Ada" Quant', '"Ada" Quant'],
  ['newline', 'line one\nline two', 'line one\nline two', 'line one\nline two', 'line one line two', 'line one line two'],
  ['CRLF', 'one\r\ntwo', 'one\r\ntwo', 'one\r\ntwo', 'one two', 'one two'],
  ['emoji (ZWJ sequence, flag)', '👩‍💻 Dev 🇸🇪', '👩‍💻 Dev 🇸🇪', '👩‍💻 Dev 🇸🇪', '👩‍💻 Dev 🇸🇪', '👩‍💻 Dev 🇸🇪'],
  ['Latin with diacritics', 'Jürgen Müller', 'Jürgen Müller', 'Jürgen Müller', 'Jürgen Müller', 'Jürgen Müller'],
  ['Chinese', '李小龙', '李小龙', '李小龙', '李小龙', '李小龙'],
  ['Greek', 'Ελένη Παπαδοπούλου', 'Ελένη Παπαδοπούλου', 'Ελένη Παπαδοπούλου', 'Ελένη Παπαδοπούλου', 'Ελένη Παπαδοπούλου'],
  ['Arabic (right to left)', 'محمد العلي', 'محمد العلي', 'محمد العلي', 'محمد العلي', 'محمد العلي'],
  ['edge spaces', ' padded ', ' padded ', ' padded ', ' padded ', 'padded'],
];

/** A row with the value in every text field a format writes (the domain stays a domain). */
function hostile(value: string): ExportContact {
  return {
    personId: 'per_hostile',
    name: value,
    firstName: value,
    lastName: value,
    title: value,
    companyName: value,
    companyDomain: 'example.com',
    companySectors: [value],
    companyType: value,
    xHandle: value,
    xUserId: null,
    formerXHandles: [],
    email: value,
    phone: value,
    telegram: value,
    linkedinUrl: value,
    status: 'new',
    tags: [value],
    notes: [{ at: NOTE_AT, text: 'a note' }],
    followUpOn: null,
    savedAt: SAVED,
    savedFrom: value,
    creditsPaid: 10,
    creditsEstimated: false,
    accountId: 'acc_pro',
    revealedUnderOtherAccount: false,
    crmRecordId: null,
  };
}

/** The all-fields columns that carry the hostile value (CSV and Google Sheets). */
const SPREADSHEET_TEXT_COLUMNS = [
  'First name',
  'Last name',
  'Name',
  'Title',
  'Company',
  'Company sectors',
  'Company type',
  'X handle',
  'Email',
  'Phone',
  'Telegram',
  'LinkedIn',
  'Tags',
  'Saved from',
];

/** Per format: read the file back and check every cell that carries the value. */
const CHECKS: Record<ExportKind, (text: string, cells: { crm: string; csv: string; tsv: string; line: string }) => void> = {
  hubspot: (text, { crm }) => {
    const [row] = parseRecords(text).records;
    for (const h of [
      'First Name',
      'Last Name',
      'Email',
      'Phone Number',
      'Job Title',
      'Company Name',
      'Twitter Username',
      'LinkedIn URL',
      'Telegram',
    ])
      expect([h, row![h]]).toEqual([h, crm]);
    expect(row).toMatchObject({ 'Company Domain Name': 'example.com', 'Lead Status': 'NEW' });
  },
  salesforce: (text, { crm, line }) => {
    const [row] = parseRecords(text).records;
    for (const h of ['First Name', 'Last Name', 'Title', 'Company', 'Email', 'Phone']) expect([h, row![h]]).toEqual([h, crm]);
    expect(row).toMatchObject({ Website: 'https://example.com', 'Lead Status': 'Open - Not Contacted' });
    expect(row!.Description!.split('\n')).toEqual(expect.arrayContaining(['Status: New', `Telegram: ${line}`, `LinkedIn: ${line}`]));
  },
  pipedrive: (text, { crm, line }) => {
    const [row] = parseRecords(text).records;
    for (const h of [
      'Person - Name',
      'Person - First name',
      'Person - Last name',
      'Person - Email',
      'Person - Phone',
      'Person - Job title',
      'Organization - Name',
    ])
      expect([h, row![h]]).toEqual([h, crm]);
    expect(row!['Organization - Website']).toBe('https://example.com');
    expect(row!['Note - Content']!.split('\n')).toEqual(expect.arrayContaining([`Telegram: ${line}`, `X: @${line}`]));
  },
  csv: (text, { csv }) => {
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [row] = parseRecords(text).records;
    for (const h of SPREADSHEET_TEXT_COLUMNS) expect([h, row![h]]).toEqual([h, csv]);
  },
  sheets: (text, { tsv }) => {
    const [row] = parseRecords(text, { delimiter: '\t' }).records;
    for (const h of SPREADSHEET_TEXT_COLUMNS) expect([h, row![h]]).toEqual([h, tsv]);
  },
  vcard: (text, { line }) => {
    const cards = parseVCards(text);
    expect(cards).toHaveLength(1);
    const card = cards[0]!;
    expect([card.FN, card.TITLE, card.EMAIL, card.TEL].map((v) => unescapeVCard(v ?? ''))).toEqual([line, line, line, line]);
    expect(nParts(card.N!).slice(0, 2)).toEqual([line, line]);
  },
};

describe.each(EXPORT_KINDS.map((k) => k.id))('hostile values: %s', (kind) => {
  it.each(HOSTILE)('%s', (_what, value, crm, csv, tsv, line) => {
    CHECKS[kind](run(kind, [hostile(value)]).text, { crm, csv, tsv, line });
  });

  it('all of them in one file: one row (or card) each, every row as wide as the header', () => {
    const out = run(
      kind,
      HOSTILE.map(([, value]) => hostile(value)),
    );
    if (kind === 'vcard') expect(parseVCards(out.text)).toHaveLength(HOSTILE.length);
    else expect(parseRecords(out.text, { delimiter: kind === 'sheets' ? '\t' : ',' }).records).toHaveLength(HOSTILE.length);
  });
});
