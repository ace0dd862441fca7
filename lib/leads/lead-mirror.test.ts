import { describe, expect, it } from 'vitest';
import { aLeadWithSnapshot, seedLeads } from '@/tests/support/a-lead';
import { aPerson } from '@/tests/support/records';
import { testLeadStore } from '@/tests/support/test-leads';
import type { Lead } from './lead';
import { applyLeadChanges, readLeadChanges, type MirrorState } from './lead-mirror';
import type { LeadStore } from './lead-store';

const sorted = (leads: Iterable<Lead>) => [...leads].sort((a, b) => (a.personId < b.personId ? -1 : 1));

async function setUp() {
  let tick = 1_000;
  const store = testLeadStore(() => ++tick);
  // Last changed long ago, in this order: the copy reads again from the newest (c) on.
  await seedLeads(store, [
    aLeadWithSnapshot({ id: 'a', firstName: 'A' }, { updatedAt: 100 }),
    aLeadWithSnapshot({ id: 'b', firstName: 'B' }, { updatedAt: 200 }),
    aLeadWithSnapshot({ id: 'c', firstName: 'C' }, { updatedAt: 300 }),
  ]);
  const state = applyLeadChanges(null, await readLeadChanges(store.db, null));
  return { store, state };
}

/** Reads what changed into `state`: the copy the page would hold. */
const follow = async (store: LeadStore, state: MirrorState) => applyLeadChanges(state, await readLeadChanges(store.db, state));

describe('the page’s copy of the leads follows every change by reading only what changed', () => {
  it.each<[string, (store: LeadStore) => Promise<unknown>]>([
    ['a status change', (s) => s.update('b', { status: 'won' })],
    ['bulk tags', (s) => s.bulkUpdate(['a', 'c'], { addTags: ['defi'] })],
    ['a note', (s) => s.addNote('a', 'Met at Token2049')],
    ['a delete', (s) => s.remove(['b', 'c'])],
    ['a delete, then Undo (put back under the old updatedAt)', async (s) => s.putBack(await s.remove(['a']))],
    ['a new save', (s) => s.save({ person: aPerson({ id: 'd' }), organization: null, accountId: 'acc_pro', savedFrom: null })],
    [
      'a cost booked onto a lead',
      (s) => s.bookCosts([{ personId: 'c', accountId: 'acc_pro', at: 1, credits: 5, estimated: true, what: 'reveal' }]),
    ],
    ['a refreshed snapshot', (s) => s.refreshSnapshot(aPerson({ id: 'a', jobTitle: 'CEO' }), null, 'acct')],
    ['a restore that adds leads', async (s) => s.restore({ ...(await backupOf(['e', 'f'])), exportedAt: 1 })],
    ['everything cleared', (s) => s.clear()],
  ])('%s', async (_label, change) => {
    const { store, state } = await setUp();
    await change(store);
    const next = await follow(store, state);
    expect(sorted(next.byId.values())).toEqual(sorted(await store.all()));
  });

  it('keeps the objects of leads that did not change (the search index is cached on them)', async () => {
    const { store, state } = await setUp();
    await store.update('b', { status: 'won' });
    const next = await follow(store, state);
    expect(next.byId.get('a')).toBe(state.byId.get('a'));
    expect(next.byId.get('b')).not.toBe(state.byId.get('b'));
    expect(next.byId.get('b')?.status).toBe('won');
  });

  it('reads the edited lead and the newest it had (an edit in the same millisecond is not missed), not the whole table', async () => {
    const { store, state } = await setUp();
    await store.update('a', { status: 'won' });
    const read = await readLeadChanges(store.db, state);
    expect(read).toMatchObject({ kind: 'changes', keys: null });
    expect(read.kind === 'changes' && read.changed.map((l) => l.personId)).toEqual(['c', 'a']);
  });

  it('a restore merging older notes into a newer lead needs the full read the page asks for after its own restore', async () => {
    const { store, state } = await setUp();
    const older = aLeadWithSnapshot({ id: 'a', firstName: 'A' }, { updatedAt: 50, notes: [{ id: 'n1', at: 50, text: 'from the backup' }] });
    await store.restore({ format: 'crypto-directory-leads', version: 1, exportedAt: 1, leads: [older.lead], snapshots: [] });
    const partial = await follow(store, state);
    expect(partial.byId.get('a')?.notes).toEqual([]);
    const full = applyLeadChanges(partial, await readLeadChanges(store.db, null));
    expect(full.byId.get('a')?.notes.map((n) => n.text)).toEqual(['from the backup']);
  });
});

async function backupOf(ids: string[]) {
  const items = ids.map((id) => aLeadWithSnapshot({ id, firstName: id.toUpperCase() }, { updatedAt: 10 }));
  return {
    format: 'crypto-directory-leads' as const,
    version: 1 as const,
    leads: items.map((i) => i.lead),
    snapshots: items.map((i) => i.snapshot),
  };
}
