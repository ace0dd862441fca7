import { describe, expect, it } from 'vitest';
import { accountKey, ledgerKey, revealKey } from '@/lib/storage/keys';
import { aLeadWithSnapshot, LEADS_NOW, seedLeads } from '@/tests/support/a-lead';
import { testLeadStore } from '@/tests/support/test-leads';
import { testRecords } from '@/tests/support/test-records';
import { countLeads, deleteAllSummary, readStoredCounts, type StoredCounts } from './delete-all-counts';

const note = (id: string) => ({ id, at: LEADS_NOW, text: `note ${id}` });
const ISSUE: StoredCounts = { leads: 31, notes: 8, revealed: 2, spending: 12, cached: 40 };
const NOTHING: StoredCounts = { leads: 0, notes: 0, revealed: 0, spending: 0, cached: 0 };
const ALL_HELD = { apiKey: true, hubspot: true };
const NONE_HELD = { apiKey: false, hubspot: false };

describe('countLeads', () => {
  it.each([
    ['no leads', [], { leads: 0, notes: 0 }],
    ['leads without notes', [[], []], { leads: 2, notes: 0 }],
    ['notes summed over the leads', [[note('a'), note('b')], [], [note('c')]], { leads: 3, notes: 3 }],
  ])('%s', (_label, notesPerLead, expected) => {
    expect(countLeads(notesPerLead.map((notes) => ({ notes })))).toEqual(expected);
  });
});

describe('deleteAllSummary', () => {
  it.each([
    [
      'the issue’s week of work, with a key and HubSpot',
      ISSUE,
      ALL_HELD,
      {
        counts: '31 leads, 8 notes, 2 revealed contacts',
        also: 'Also deleted: the spending history (12 entries), 40 cached answers, your API key, the HubSpot connection and your settings.',
        undo: 'It cannot be undone: revealing those contacts again costs credits.',
      },
    ],
    [
      'one of each, a key and no HubSpot',
      { leads: 1, notes: 1, revealed: 1, spending: 1, cached: 1 },
      { apiKey: true, hubspot: false },
      {
        counts: '1 lead, 1 note, 1 revealed contact',
        also: 'Also deleted: the spending history (1 entry), 1 cached answer, your API key and your settings.',
        undo: 'It cannot be undone: revealing that contact again costs credits.',
      },
    ],
    [
      'nothing stored but the settings: zeros are said, and what is not there is not named',
      NOTHING,
      NONE_HELD,
      { counts: '0 leads, 0 notes, 0 revealed contacts', also: 'Also deleted: your settings.', undo: 'It cannot be undone.' },
    ],
    [
      'thousands, as the pages write numbers',
      { ...NOTHING, leads: 10_000, cached: 1_250 },
      NONE_HELD,
      {
        counts: '10,000 leads, 0 notes, 0 revealed contacts',
        also: 'Also deleted: 1,250 cached answers and your settings.',
        undo: 'It cannot be undone.',
      },
    ],
    [
      'not counted (storage blocked): everything named, no number',
      null,
      { apiKey: true, hubspot: false },
      {
        counts: null,
        also: 'Everything it keeps: your saved leads with their notes, revealed contacts, the spending history, cached answers, your API key and your settings.',
        undo: 'It cannot be undone: revealing a contact again costs credits.',
      },
    ],
  ])('%s', (_label, stored, held, expected) => {
    expect(deleteAllSummary(stored, held)).toEqual(expected);
  });
});

describe('readStoredCounts', () => {
  it('counts the leads, their notes, every account’s reveals, the ledger and the cache, and nothing else in the records', async () => {
    const leads = testLeadStore();
    await seedLeads(leads, [
      aLeadWithSnapshot({ id: 'per_ada' }, { notes: [note('a'), note('b')] }),
      aLeadWithSnapshot({ id: 'per_bo' }, { notes: [note('c')] }),
      aLeadWithSnapshot({ id: 'per_cy' }),
    ]);
    const records = testRecords();
    const store = records.store();
    for (const key of [
      revealKey('acc_pro', 'per_ada'),
      revealKey('acc_other', 'per_ada'),
      ledgerKey('2026-11-26', LEADS_NOW, 'x1'),
      `${accountKey('cache', 'acc_pro')}people?q=ada`,
      `${accountKey('cache', 'acc_pro')}people?q=bo`,
      `${accountKey('cache', 'acc_pro')}people?q=cy`,
      // Not counted on their own: the account, records known through the cache, the journal.
      'account',
      'known:acc_pro:per_ada',
      'journal:j1',
    ])
      await store.set(key, { seeded: true });
    expect(await readStoredCounts(leads, records.db())).toEqual({ leads: 3, notes: 3, revealed: 2, spending: 1, cached: 3 });
  });

  it('an empty install counts zeros', async () => {
    expect(await readStoredCounts(testLeadStore(), testRecords().db())).toEqual(NOTHING);
  });
});
