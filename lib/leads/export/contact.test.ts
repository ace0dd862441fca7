import { describe, expect, it } from 'vitest';
import { aPerson, aRevealRecord } from '@/tests/support/records';
import { newLead, type Lead } from '../lead';
import {
  NOT_PROVIDED,
  bareDomain,
  contactFromLead,
  contactFromPerson,
  contactsFromLeads,
  indexReveals,
  revealForLead,
  splitName,
} from './contact';

const AT = Date.UTC(2026, 10, 26, 9, 0);

function aLead(overrides: Partial<Lead> = {}, person = aPerson()): Lead {
  const { lead } = newLead(
    { person, organization: null, accountId: 'acc_pro', savedFrom: 'https://x.com/AdaQuant', cost: { credits: 15, estimated: false } },
    AT,
  );
  return { ...lead, ...overrides };
}

describe('splitName', () => {
  it.each([
    // [first, last, display name, handle] → [first, last]
    ['Ada', 'Lindqvist', 'Ada Lindqvist', null, 'Ada', 'Lindqvist'],
    // missing last name: the rest of the display name; a one-word name moves to the last name
    ['Ada', null, 'Ada Quant Lindqvist', null, 'Ada', 'Quant Lindqvist'],
    ['Ada', null, 'Ada', null, '', 'Ada'],
    // missing first name: what comes before the last name
    [null, 'van Beethoven', 'Ludwig van Beethoven', null, 'Ludwig', 'van Beethoven'],
    [null, 'Lindqvist', 'Lindqvist', null, '', 'Lindqvist'],
    // neither: first word, then the rest
    [null, null, 'Ludwig van Beethoven', null, 'Ludwig', 'van Beethoven'],
    [null, null, 'Jürgen Müller', null, 'Jürgen', 'Müller'],
    [null, null, 'Ελένη Παπαδοπούλου', null, 'Ελένη', 'Παπαδοπούλου'],
    [null, null, '李小龙', null, '', '李小龙'],
    [null, null, 'Satoshi', null, '', 'Satoshi'],
    // a lead named after its handle keeps it as the last name
    [null, null, '@AdaQuant', 'AdaQuant', '', '@AdaQuant'],
    // no name at all: the handle, else the placeholder Salesforce itself uses
    [null, null, '', 'AdaQuant', '', '@AdaQuant'],
    [null, null, '  ', '@ada_q', '', '@ada_q'],
    [null, null, null, null, '', NOT_PROVIDED],
    // bidi and invisible characters never make a name part
    ['\u202EAda', '\u200B', 'Ada Lindqvist', null, 'Ada', 'Lindqvist'],
    ['  Ada  ', ' Quant ', null, null, 'Ada', 'Quant'],
  ])('%j %j %j %j → %j %j', (firstName, lastName, name, xHandle, first, last) => {
    expect(splitName({ firstName, lastName, name, xHandle })).toEqual({ firstName: first, lastName: last });
  });
});

describe('bareDomain', () => {
  it.each([
    ['quantlayer.xyz', 'quantlayer.xyz'],
    ['https://www.QuantLayer.xyz/about?x=1', 'quantlayer.xyz'],
    ['http://app.quantlayer.xyz:8080/', 'app.quantlayer.xyz'],
    ['quantlayer.xyz.', 'quantlayer.xyz'],
    ['münchen.de', 'münchen.de'],
    ['quant\u200Blayer.xyz', 'quantlayer.xyz'],
    ['localhost', null],
    ['=HYPERLINK("x")', null],
    ['', null],
    [null, null],
  ])('%j → %j', (input, expected) => {
    expect(bareDomain(input)).toBe(expected);
  });
});

describe('revealForLead', () => {
  const reveals = indexReveals([
    aRevealRecord({ accountId: 'acc_old', personId: 'per_ada', at: 1 }),
    aRevealRecord({ accountId: 'acc_team', personId: 'per_ada', at: 3 }),
    aRevealRecord({ accountId: 'acc_pro', personId: 'per_ada', at: 2 }),
    aRevealRecord({ accountId: 'acc_pro', personId: 'per_mei', at: 2 }),
  ]);

  it.each([
    // [account in use, lead's account] → the reveal used
    ['acc_team', 'acc_pro', 'acc_team'], // the account in use first
    ['acc_new', 'acc_pro', 'acc_pro'], // then the lead's own account
    ['acc_new', 'acc_gone', 'acc_team'], // then the newest of any other
    [null, 'acc_old', 'acc_old'],
  ])('in use %j, lead under %j → %j', (inUse, leadAccount, expected) => {
    expect(revealForLead({ personId: 'per_ada', accountId: leadAccount }, reveals, inUse)?.accountId).toBe(expected);
  });

  it('none for a person never revealed', () => {
    expect(revealForLead({ personId: 'per_tomas', accountId: 'acc_pro' }, reveals, 'acc_pro')).toBeUndefined();
  });
});

describe('contactFromLead', () => {
  it('carries the lead, its costs and pipeline fields, and the revealed channels', () => {
    const lead = aLead({
      status: 'contacted',
      tags: ['defi', 'fund'],
      notes: [{ id: 'n1', at: AT + 1, text: 'Met at ETHDenver' }],
      followUpOn: '2026-12-01',
      cost: { credits: 15, estimated: true },
      xAccount: {
        id: '1456432000471212032',
        handles: [
          { handle: 'ada_lq', at: AT - 1 },
          { handle: 'AdaQuant', at: AT },
        ],
      },
    });
    const reveal = aRevealRecord({
      channels: { email: 'ada@quantlayer.xyz', phone: '+46 70 123 45 67', telegram: '@adaquant', linkedinUrl: '  ' },
    });
    expect(contactFromLead(lead, reveal, 'acc_pro')).toEqual({
      personId: 'per_ada',
      name: 'Ada Lindqvist',
      firstName: 'Ada',
      lastName: 'Lindqvist',
      title: 'Founder & CEO',
      companyName: 'QuantLayer',
      companyDomain: 'quantlayer.xyz',
      companySectors: ['DeFi', 'Derivatives'],
      companyType: 'project',
      xHandle: 'AdaQuant',
      xUserId: '1456432000471212032',
      formerXHandles: [{ handle: 'ada_lq', at: AT - 1 }],
      email: 'ada@quantlayer.xyz',
      phone: '+46 70 123 45 67',
      telegram: '@adaquant',
      linkedinUrl: null,
      status: 'contacted',
      tags: ['defi', 'fund'],
      notes: [{ at: AT + 1, text: 'Met at ETHDenver' }],
      followUpOn: '2026-12-01',
      savedAt: AT,
      savedFrom: 'https://x.com/AdaQuant',
      creditsPaid: 15,
      creditsEstimated: true,
      accountId: 'acc_pro',
      revealedUnderOtherAccount: false,
      crmRecordId: null,
    });
  });

  it('flags channels revealed under another account than the one in use (or, with no key, than the lead’s)', () => {
    const lead = aLead();
    expect(contactFromLead(lead, aRevealRecord({ accountId: 'acc_team' }), 'acc_pro').revealedUnderOtherAccount).toBe(true);
    expect(contactFromLead(lead, aRevealRecord({ accountId: 'acc_pro' }), 'acc_team').revealedUnderOtherAccount).toBe(true);
    expect(contactFromLead(lead, aRevealRecord({ accountId: 'acc_pro' }), null).revealedUnderOtherAccount).toBe(false);
    expect(contactFromLead(lead, aRevealRecord({ accountId: 'acc_team' }), null).revealedUnderOtherAccount).toBe(true);
    expect(contactFromLead(lead, undefined, 'acc_team')).toMatchObject({ revealedUnderOtherAccount: false, email: null, phone: null });
  });

  // One rule for every export and CRM push (issue 39): revealed, else the record's, else the /in/ page it was saved from.
  it.each([
    [
      'revealed first',
      'https://www.linkedin.com/in/ada',
      'https://www.linkedin.com/in/ada-revealed',
      null,
      'https://www.linkedin.com/in/ada-revealed',
    ],
    ['the record’s when none is revealed', 'https://www.linkedin.com/in/ada', undefined, null, 'https://www.linkedin.com/in/ada'],
    [
      'saved from their LinkedIn profile',
      null,
      undefined,
      'https://www.linkedin.com/in/mei-tanaka-5b1a2c/',
      'https://www.linkedin.com/in/mei-tanaka-5b1a2c/',
    ],
    [
      'saved from a mobile profile URL',
      null,
      undefined,
      'https://www.linkedin.com/m/in/mei-tanaka/?trk=x',
      'https://www.linkedin.com/in/mei-tanaka/',
    ],
    ['saved from X: none', null, undefined, 'https://x.com/meitanaka', null],
    ['saved from a LinkedIn company page: none', null, undefined, 'https://www.linkedin.com/company/harborline/', null],
    ['saved from Sales Navigator: none', null, undefined, 'https://www.linkedin.com/sales/lead/ACwAAA123,NAME_SEARCH', null],
  ])('LinkedIn URL: %s', (_, record, revealed, savedFrom, expected) => {
    const lead = aLead({ linkedinUrl: record, savedFrom });
    const reveal = revealed ? aRevealRecord({ channels: { linkedinUrl: revealed } }) : undefined;
    expect(contactFromLead(lead, reveal, 'acc_pro').linkedinUrl).toBe(expected);
  });

  it('contactsFromLeads picks each lead’s reveal from every account’s (a lead revealed under another account is flagged)', () => {
    const ada = aLead();
    const mei = aLead({}, aPerson({ id: 'per_mei', firstName: 'Mei', lastName: 'Tanaka' }));
    const tomas = aLead({}, aPerson({ id: 'per_tomas', firstName: 'Tomas', lastName: 'Reyes' }));
    const rows = contactsFromLeads(
      [ada, mei, tomas],
      [
        aRevealRecord({ personId: 'per_ada', accountId: 'acc_pro', channels: { email: 'ada@pro' } }),
        aRevealRecord({ personId: 'per_mei', accountId: 'acc_team', channels: { email: 'mei@team' } }),
      ],
      'acc_pro',
    );
    expect(rows.map((r) => [r.personId, r.email, r.revealedUnderOtherAccount])).toEqual([
      ['per_ada', 'ada@pro', false],
      ['per_mei', 'mei@team', true],
      ['per_tomas', null, false],
    ]);
  });
});

describe('contactFromPerson', () => {
  it('is the row the lead would be, without pipeline fields; channels from the reveal, else the record', () => {
    const person = aPerson({ telegram: '@ada_on_record', phone: '+1 555 0100' });
    const row = contactFromPerson(person, aRevealRecord({ channels: { email: 'ada@quantlayer.xyz', phone: '+46 70 123 45 67' } }));
    expect(row).toMatchObject({
      personId: 'per_ada',
      name: 'Ada Lindqvist',
      firstName: 'Ada',
      lastName: 'Lindqvist',
      title: 'Founder & CEO',
      companyName: 'QuantLayer',
      companyDomain: 'quantlayer.xyz',
      xHandle: 'AdaQuant',
      email: 'ada@quantlayer.xyz',
      phone: '+46 70 123 45 67',
      telegram: '@ada_on_record',
      status: null,
      tags: [],
      notes: [],
      followUpOn: null,
      savedAt: null,
      savedFrom: null,
      creditsPaid: null,
      accountId: 'acc_pro',
      revealedUnderOtherAccount: false,
    });
    expect(contactFromPerson(person, aRevealRecord({ accountId: 'acc_team' }), 'acc_pro').revealedUnderOtherAccount).toBe(true);
  });

  it('a person with no name and no company: named after the handle, no company', () => {
    const row = contactFromPerson(aPerson({ firstName: null, lastName: null, company: null }), undefined);
    expect(row).toMatchObject({ name: '@AdaQuant', firstName: '', lastName: '@AdaQuant', companyName: null, accountId: null, email: null });
  });
});
