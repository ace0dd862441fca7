import { describe, expect, it } from 'vitest';
import { peopleListCall, personCall, projectCall, projectsListCall, revealCall, searchCall } from '@/lib/api/calls';
import type { LedgerEntry } from '@/lib/credits';
import { costRows } from './lead-costs';

const entry = (creditsCharged: number, extra: Partial<LedgerEntry> = {}): LedgerEntry => ({
  at: 100,
  accountId: 'acc',
  endpoint: 'x',
  path: '/v1/x',
  creditsCharged,
  balanceAfter: null,
  sample: false,
  ...extra,
});

describe('costRows: who a charge paid for', () => {
  it('a person read is theirs in full, even when its answer was lost', () => {
    expect(costRows(personCall('per_1'), entry(5, { estimated: true }), null)).toEqual([
      { personId: 'per_1', accountId: 'acc', at: 100, credits: 5, estimated: true, what: 'details' },
    ]);
  });

  it('a reveal is theirs in full', () => {
    expect(costRows(revealCall('per_1'), entry(10), null)).toMatchObject([{ personId: 'per_1', credits: 10, what: 'reveal' }]);
  });

  it('a search is shared by the people it returned (each once)', () => {
    const answer = { people: [{ id: 'a' }, { id: 'b' }, { id: 'a' }], projects: [{ id: 'p' }] };
    expect(costRows(searchCall('ada'), entry(5), answer)).toMatchObject([
      { personId: 'a', credits: 2.5, what: 'lookup' },
      { personId: 'b', credits: 2.5, what: 'lookup' },
    ]);
  });

  it('a people list page (prospect search) is shared by its rows: 100 people pay 0.05 each', () => {
    const answer = { rows: Array.from({ length: 100 }, (_, i) => ({ id: `per_${i}` })), total: 250, page: 1 };
    const rows = costRows(peopleListCall({ roles: ['bd'] }), entry(5), answer);
    expect(rows).toHaveLength(100);
    expect(rows[0]).toMatchObject({ personId: 'per_0', credits: 0.05, what: 'lookup' });
  });

  it.each([
    ['a project list page', projectsListCall({}), entry(5), { rows: [{ id: 'cmp_1' }] }],
    ['a lost search answer', searchCall('ada'), entry(5, { estimated: true }), null],
    ['an organisation read', projectCall('prj_1'), entry(5), { project: {}, team: [{ id: 'a' }] }],
    ['a sample', personCall('per_1'), entry(5, { sample: true }), null],
    ['a free answer', personCall('per_1'), entry(0), null],
    ['nothing booked', personCall('per_1'), null, null],
  ])('%s names nobody', (_, call, booked, answer) => expect(costRows(call, booked, answer)).toEqual([]));
});
