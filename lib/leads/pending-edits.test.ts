import { describe, expect, it } from 'vitest';
import { aLead } from '@/tests/support/a-lead';
import { answerEdit, dropEdits, settledEdits, startEdit, withEdit, withEdits, type PendingEdit, type PendingEdits } from './pending-edits';

const lead = aLead({ id: 'per_ada' }, { status: 'new', tags: ['defi'], followUpOn: null, updatedAt: 100 });

describe('an edit shows before the database has it, until the lead read back catches up', () => {
  it.each<[string, PendingEdit | undefined, Partial<typeof lead>]>([
    ['no edit', undefined, { status: 'new', tags: ['defi'], followUpOn: null }],
    ['a status not yet answered', { patch: { status: 'won' }, until: Infinity, writes: 1 }, { status: 'won', tags: ['defi'] }],
    [
      'tags, cleaned as the store cleans them',
      { patch: { tags: ['q1', ' Q1 ', 'fund'] }, until: Infinity, writes: 1 },
      { tags: ['q1', 'fund'] },
    ],
    ['a follow-up cleared', { patch: { followUpOn: null }, until: Infinity, writes: 1 }, { followUpOn: null }],
    ['answered, the read-back still older', { patch: { status: 'won' }, until: 150, writes: 0 }, { status: 'won' }],
    ['answered, the read-back as new: what is stored wins', { patch: { status: 'won' }, until: 100, writes: 0 }, { status: 'new' }],
  ])('%s', (_label, edit, expected) => {
    expect(withEdit(lead, edit)).toMatchObject(expected);
  });

  it('leaves the list as it is when nothing is pending', () => {
    const leads = [lead];
    expect(withEdits(leads, new Map())).toBe(leads);
  });

  it('forgets the edits the read-back shows, and those of leads that are gone', () => {
    const byId = new Map([[lead.personId, lead]]);
    const edits = new Map<string, PendingEdit>([
      ['per_ada', { patch: { status: 'won' }, until: 100, writes: 0 }],
      ['per_gone', { patch: { status: 'won' }, until: Infinity, writes: 1 }],
    ]);
    expect(settledEdits(byId, edits)).toEqual(['per_ada', 'per_gone']);
    expect(settledEdits(byId, new Map([['per_ada', { patch: {}, until: Infinity, writes: 1 }]]))).toEqual([]);
  });

  it('two quick edits of one lead: both show until the second write is answered and read back', () => {
    let edits: PendingEdits = startEdit(new Map(), ['per_ada'], { status: 'won' });
    edits = startEdit(edits, ['per_ada'], { tags: ['q1'] });
    edits = answerEdit(edits, [{ ...lead, status: 'won', updatedAt: 110 }]);
    // The first write's answer does not end the edit: the second is still out.
    expect(withEdit({ ...lead, updatedAt: 110, status: 'won' }, edits.get('per_ada'))).toMatchObject({ status: 'won', tags: ['q1'] });
    edits = answerEdit(edits, [{ ...lead, status: 'won', tags: ['q1'], updatedAt: 120 }]);
    expect(edits.get('per_ada')).toEqual({ patch: { status: 'won', tags: ['q1'] }, until: 120, writes: 0 });
    expect(settledEdits(new Map([['per_ada', { ...lead, updatedAt: 120 }]]), edits)).toEqual(['per_ada']);
  });

  it('a failed write drops the edit', () => {
    const edits = startEdit(new Map(), ['per_ada', 'per_bo'], { status: 'won' });
    expect([...dropEdits(edits, ['per_ada']).keys()]).toEqual(['per_bo']);
  });
});
