import { describe, expect, it } from 'vitest';
import { PersonSchema } from '@/lib/api';
import { newLead, type Lead } from './lead';
import { mergeBackup, readBackup } from './lead-backup';

const base = (id: string, patch: Partial<Lead> = {}): Lead => ({
  ...newLead(
    {
      person: PersonSchema.parse({ id, firstName: 'A', lastName: id }),
      organization: null,
      accountId: 'acc',
      savedFrom: null,
      cost: { credits: 5, estimated: false },
    },
    100,
  ).lead,
  ...patch,
});

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
    const merged = mergeBackup({ leads: [theirs, base('p2')], snapshots: [] }, [mine], []);
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
    const merged = mergeBackup({ leads: [base('p1', { status: 'new', statusAt: 100 })], snapshots: [] }, [mine], []);
    expect(merged).toMatchObject({ added: 0, updated: 0, leads: [] });
  });
});
