import { describe, expect, it } from 'vitest';
import { PersonSchema } from '@/lib/api';
import { newLead, type Lead, type LeadSnapshot } from './lead';
import { mergeBackup, readBackup, restoredText } from './lead-backup';

const built = (id: string, at = 100, name = { firstName: 'A', lastName: id }) =>
  newLead(
    {
      person: PersonSchema.parse({ id, ...name }),
      organization: null,
      accountId: 'acc',
      savedFrom: null,
      cost: { credits: 5, estimated: false },
    },
    at,
  );
const base = (id: string, patch: Partial<Lead> = {}): Lead => ({ ...built(id).lead, ...patch });
/** A snapshot as a backup file carries it (no `fetchedBy`). */
const record = (id: string, at = 100, name?: { firstName: string; lastName: string }): LeadSnapshot => {
  const { fetchedBy: _, ...snap } = built(id, at, name).snapshot;
  return snap;
};
const file = (leads: Lead[], snapshots: LeadSnapshot[] = [], exportedAt = 1_000) => ({ leads, snapshots, exportedAt });

describe('readBackup', () => {
  it.each([
    ['not json', 'not JSON'],
    ['{"format":"something-else","version":1}', 'not a leads backup of this extension'],
    ['{"format":"crypto-directory-leads","version":2,"exportedAt":1,"leads":[],"snapshots":[]}', 'not a leads backup of this extension'],
  ])('%s is refused', (text, words) => {
    const read = readBackup(text);
    expect(read.ok).toBe(false);
    expect(!read.ok && read.message).toContain(words);
  });

  it('skips a lead that does not parse and keeps the rest', () => {
    const good = base('p1');
    const read = readBackup(
      JSON.stringify({
        format: 'crypto-directory-leads',
        version: 1,
        exportedAt: 1,
        leads: [good, { personId: 'p2', status: 'hot' }],
        snapshots: [],
      }),
    );
    expect(read).toMatchObject({ ok: true, skipped: 1 });
    expect(read.ok && read.backup.leads).toEqual([good]);
  });
});

/** The restoring device's clock in these tests; the files were written at 1_000 unless said. */
const NOW = 5_000;
const DAY = 86_400_000;

describe('mergeBackup', () => {
  it('adds what is new, unites notes and tags, keeps the newer status and never lowers a cost', () => {
    const mine = base('p1', {
      status: 'contacted',
      statusAt: 200,
      tags: ['defi'],
      notes: [{ id: 'n1', at: 150, text: 'mine' }],
      cost: { credits: 15, estimated: false },
    });
    const theirs = base('p1', {
      status: 'meeting',
      statusAt: 300,
      tags: ['DeFi', 'fund'],
      notes: [
        { id: 'n1', at: 150, text: 'mine' },
        { id: 'n2', at: 120, text: 'theirs' },
      ],
      cost: { credits: 5, estimated: false },
    });
    const merged = mergeBackup(file([theirs, base('p2')]), [mine], [], NOW);
    expect(merged).toMatchObject({ added: 1, updated: 1 });
    expect(merged.leads[0]).toMatchObject({
      status: 'meeting',
      statusAt: 300,
      tags: ['defi', 'fund'],
      notes: [
        { id: 'n2', text: 'theirs' },
        { id: 'n1', text: 'mine' },
      ],
      cost: { credits: 15 },
    });
  });

  it('an older status does not win', () => {
    const mine = base('p1', { status: 'won', statusAt: 500 });
    const merged = mergeBackup(file([base('p1', { status: 'new', statusAt: 100 })]), [mine], [], NOW);
    expect(merged).toMatchObject({ added: 0, updated: 0, leads: [] });
  });
});

describe('X accounts in a backup', () => {
  const ID = '1456432000471212032';
  const renamed = {
    id: ID,
    handles: [
      { handle: 'AdaQuant', at: 100 },
      { handle: 'ada_eth', at: 400 },
    ],
  };
  const wrap = (leads: unknown[]) =>
    JSON.stringify({ format: 'crypto-directory-leads', version: 1, exportedAt: 1_000, leads, snapshots: [] });

  it('a lead’s X account and handle history come back as written; a file from before X accounts reads as none', () => {
    const seen = base('p1', { xHandle: 'ada_eth', xAccount: renamed });
    const { xAccount: _, ...older } = base('p2');
    const read = readBackup(wrap([seen, older]));
    expect(read.ok && read.backup.leads.map((l) => l.xAccount)).toEqual([renamed, null]);
    expect(mergeBackup(read.ok ? read.backup : file([]), [], [], NOW).leads).toEqual([seen, { ...older, xAccount: null }]);
  });

  it.each([
    ['a file without one keeps the local account', renamed, null, renamed, 'ada_eth'],
    ['a file seen later brings its account', { id: ID, handles: [renamed.handles[0]!] }, renamed, renamed, 'ada_eth'],
    ['an older file does not take the rename back', renamed, { id: ID, handles: [renamed.handles[0]!] }, renamed, 'ada_eth'],
  ])('%s', (_, mine: Lead['xAccount'], theirs: Lead['xAccount'], xAccount, xHandle) => {
    const lead = (x: Lead['xAccount'], snapshotAt: number) =>
      base('p1', { xAccount: x, xHandle: x?.handles.at(-1)?.handle ?? 'AdaQuant', snapshotAt, tags: [String(snapshotAt)] });
    // The file's record is newer either way: the X account does not follow the record.
    const merged = mergeBackup(file([lead(theirs, 900)]), [lead(mine, 100)], [], NOW);
    expect(merged.leads[0]).toMatchObject({ xAccount, xHandle, snapshotAt: 900 });
  });

  it('a handle seen in the future is set back', () => {
    const ahead = base('p1', { xAccount: { id: ID, handles: [{ handle: 'ada', at: NOW + DAY }] } });
    expect(mergeBackup(file([ahead], [], NOW + DAY), [], [], NOW)).toMatchObject({
      futureDated: 1,
      leads: [{ xAccount: { handles: [{ handle: 'ada', at: NOW }] } }],
    });
  });
});

// "Ana Ruiz" carrying Dario's record: her Reveal would have paid to reveal Dario, past his "Do not contact".
describe('mergeBackup: a lead carrying another person’s record', () => {
  const ana = (patch: Partial<Lead> = {}) => base('per_ana', { name: 'Ana Ruiz', ...patch });
  const darioRecord = (): LeadSnapshot => ({ ...record('per_dario', 900, { firstName: 'Dario', lastName: 'Conti' }), personId: 'per_ana' });

  it('a new lead is restored without the record, and nothing is filed for the other person', () => {
    const merged = mergeBackup(file([ana()], [darioRecord()]), [], [], NOW);
    expect(merged).toMatchObject({ added: 1, updated: 0, foreignRecords: 1, snapshots: [] });
    expect(merged.leads.map((l) => [l.personId, l.name])).toEqual([['per_ana', 'Ana Ruiz']]);
  });

  it('a local lead keeps its own record and its record fields', () => {
    const mine = base('per_ana', { name: 'Ana Ruiz', title: 'Head of BD' });
    const theirs = ana({ name: 'Dario Conti', title: 'CEO', snapshotAt: 900, tags: ['fund'] });
    const merged = mergeBackup(file([theirs], [darioRecord()]), [mine], [record('per_ana')], NOW);
    expect(merged).toMatchObject({ added: 0, updated: 1, foreignRecords: 1, snapshots: [] });
    // Her own fields stay; what the rep set in the file still comes over.
    expect(merged.leads[0]).toMatchObject({ personId: 'per_ana', name: 'Ana Ruiz', title: 'Head of BD', snapshotAt: 100, tags: ['fund'] });
  });

  it.each([
    ['the record inside is another person', { person: PersonSchema.parse({ id: 'per_dario' }) }, 1],
    ['filed under a person with no lead in the file', { personId: 'per_nobody', person: PersonSchema.parse({ id: 'per_nobody' }) }, 0],
    ['its own record', {}, 0],
  ])('a snapshot whose %s', (_, patch: Partial<LeadSnapshot>, foreign) => {
    const merged = mergeBackup(file([ana()], [{ ...record('per_ana', 900), ...patch }]), [], [], NOW);
    expect(merged.foreignRecords).toBe(foreign);
    expect(merged.snapshots.map((s) => [s.personId, s.person.id])).toEqual(
      foreign === 0 && !patch.personId ? [['per_ana', 'per_ana']] : [],
    );
  });
});

describe('mergeBackup: times in the future', () => {
  const ahead = NOW + 30 * DAY;

  it.each([
    ['statusAt', { statusAt: ahead }],
    ['updatedAt ("Last activity")', { updatedAt: ahead }],
    ['savedAt', { savedAt: ahead }],
    ['snapshotAt', { snapshotAt: ahead }],
    ['a note’s time', { notes: [{ id: 'n1', at: ahead, text: 'later' }] }],
  ])('%s 30 days ahead is set back to now (the file says it was written later than now)', (_, patch: Partial<Lead>) => {
    const merged = mergeBackup(file([base('p1', patch)], [], ahead), [], [], NOW);
    expect(merged.futureDated).toBe(1);
    const lead = merged.leads[0]!;
    const times = [lead.statusAt, lead.updatedAt, lead.savedAt, lead.snapshotAt, ...lead.notes.map((n) => n.at)];
    expect(Math.max(...times)).toBe(NOW);
  });

  it('a time later than the file itself is set back to the file’s date', () => {
    const merged = mergeBackup(file([base('p1', { updatedAt: ahead })], [], 1_000), [], [], NOW);
    expect(merged.leads[0]).toMatchObject({ updatedAt: 1_000 });
  });

  it('a snapshot dated ahead is set back too', () => {
    const merged = mergeBackup(file([base('p1')], [record('p1', ahead)], ahead), [], [], NOW);
    expect(merged).toMatchObject({ futureDated: 1, snapshots: [{ personId: 'p1', at: NOW }] });
  });

  it('an honest file is restored exactly as written', () => {
    const lead = base('p1', { updatedAt: 900, notes: [{ id: 'n1', at: 800, text: 'met' }] });
    const merged = mergeBackup(file([lead], [record('p1', 100)]), [], [], NOW);
    expect(merged).toMatchObject({ futureDated: 0, foreignRecords: 0, keptDoNotContact: 0 });
    expect(merged.leads).toEqual([lead]);
  });

  it('a file dated ahead, restored twice (the clock moved on), changes nothing the second time', () => {
    const f = file([base('p1', { status: 'won', statusAt: ahead, updatedAt: ahead })], [record('p1', ahead)], ahead);
    const first = mergeBackup(f, [], [], NOW);
    const second = mergeBackup(f, first.leads, first.snapshots, NOW + 60_000);
    expect(second).toMatchObject({ added: 0, updated: 0, leads: [], snapshots: [] });
  });
});

describe('mergeBackup: a local "Do not contact"', () => {
  const mine = base('p1', { status: 'do-not-contact', statusAt: 2_000, updatedAt: 2_000 });

  it.each([
    ['30 days ahead', NOW + 30 * DAY, NOW + 30 * DAY, 1],
    ['newer, honestly', 3_000, 4_000, 1],
    ['older', 1_500, 4_000, 0],
  ])('a file whose "Contacted" is %s does not lift it', (_, statusAt, exportedAt, kept) => {
    const theirs = base('p1', { status: 'contacted', statusAt, updatedAt: statusAt });
    const merged = mergeBackup(file([theirs], [], exportedAt), [mine], [], NOW);
    expect(merged.keptDoNotContact).toBe(kept);
    const after = merged.leads[0] ?? mine;
    expect(after).toMatchObject({ status: 'do-not-contact', statusAt: 2_000 });
    expect(after.updatedAt).toBeLessThanOrEqual(NOW);
  });

  it('a file can still mark a lead "Do not contact"', () => {
    const merged = mergeBackup(file([base('p1', { status: 'do-not-contact', statusAt: 900 })]), [base('p1', { status: 'won' })], [], NOW);
    expect(merged.leads[0]).toMatchObject({ status: 'do-not-contact' });
  });
});

describe('restoredText', () => {
  const none = { added: 0, updated: 0, skipped: 0, foreignRecords: 0, futureDated: 0, keptDoNotContact: 0 };
  it.each([
    [none, 'Restored: 0 added, 0 updated.'],
    [
      { ...none, added: 1200, updated: 1, skipped: 1 },
      'Restored: 1,200 added, 1 updated. 1 lead in the file could not be read and was skipped.',
    ],
    [
      { ...none, added: 1, foreignRecords: 1 },
      'Restored: 1 added, 0 updated. 1 lead carried another person’s record: restored without it, so nothing is revealed for that person (Refresh reads the lead’s own).',
    ],
    [
      { ...none, updated: 2, futureDated: 2, keptDoNotContact: 1 },
      'Restored: 0 added, 2 updated. 2 leads were dated in the future: their times were set back, none later than now. 1 lead stays “Do not contact”: a restore never lifts it.',
    ],
  ])('%o', (done, text) => {
    expect(restoredText(done)).toBe(text);
  });
});
