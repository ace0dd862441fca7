import { describe, expect, it } from 'vitest';
import { peopleListCall, personCall, projectCall, projectsListCall, revealCall, searchCall } from '@/lib/api/calls';
import type { LedgerEntry } from '@/lib/credits/ledger';
import type { CostRow } from './lead-db';
import { costRows, sharedCosts } from './lead-costs';

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
    const shared = { credits: 5, people: 2, from: 'search' };
    expect(costRows(searchCall('ada'), entry(5), answer)).toMatchObject([
      { personId: 'a', credits: 2.5, what: 'lookup', shared },
      { personId: 'b', credits: 2.5, what: 'lookup', shared },
    ]);
  });

  it('a search that found one person is all theirs, shared with nobody', () => {
    const [row, ...rest] = costRows(searchCall('ada'), entry(5), { people: [{ id: 'a' }] });
    expect(rest).toEqual([]);
    expect(row).toEqual({ personId: 'a', accountId: 'acc', at: 100, credits: 5, estimated: false, what: 'lookup' });
  });

  it('a people list page (prospect search) is shared by its rows: 100 people pay 0.05 each', () => {
    const answer = { rows: Array.from({ length: 100 }, (_, i) => ({ id: `per_${i}` })), total: 250, page: 1 };
    const rows = costRows(peopleListCall({ roles: ['bd'] }), entry(5), answer);
    expect(rows).toHaveLength(100);
    expect(rows[0]).toMatchObject({ personId: 'per_0', credits: 0.05, what: 'lookup', shared: { credits: 5, people: 100, from: 'list' } });
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

describe('sharedCosts: the shares a lead’s Cost line spells out', () => {
  const row = (at: number, extra: Partial<CostRow>): CostRow => ({
    personId: 'p',
    accountId: 'acc',
    at,
    credits: 5,
    estimated: false,
    what: 'lookup',
    ...extra,
  });
  const page = row(300, { credits: 0.05, shared: { credits: 5, people: 100, from: 'list' } });
  const search = row(200, { credits: 2.5, shared: { credits: 5, people: 2, from: 'search' } });

  it.each([
    ['no rows', [], []],
    ['a reveal and a details read are theirs in full', [row(1, { what: 'reveal', credits: 10 }), row(2, { what: 'details' })], []],
    ['a lookup booked before shares were kept says nothing more', [row(3, { credits: 0.05 })], []],
    ['shares, newest first, among the rest', [search, row(250, { what: 'reveal', credits: 10 }), page], [page, search]],
  ])('%s', (_, rows, expected) => expect(sharedCosts(rows)).toEqual(expected));
});
