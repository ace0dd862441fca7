import { describe, expect, it } from 'vitest';
import { aPerson, aPersonDetail, aProjectDetail, anInvestorDetail, states } from '@/tests/support/records';
import { peopleInView, type ViewState } from './tab-state';

const loaded = <T>(value: T) => ({ status: 'loaded' as const, value });

describe('peopleInView: whose Saved marks a view reads', () => {
  it.each<[string, ViewState | null | undefined, string[]]>([
    ['nothing recorded yet', null, []],
    ['not read yet', undefined, []],
    ['a match: its person', states.matched(), ['per_ada']],
    ['a match without a person (an organisation card)', states.matched({ person: undefined }), []],
    [
      'a match with coworkers and team loaded, Tomas in both, listed once',
      states.matched({ personDetail: loaded(aPersonDetail()), organizationDetail: loaded({ kind: 'project', ...aProjectDetail() }) }),
      ['per_ada', 'per_tomas'],
    ],
    ['a fund team', states.matched({ organizationDetail: loaded({ kind: 'investor', ...anInvestorDetail() }) }), ['per_ada', 'per_marcus']],
    ['details still loading list nobody yet', states.matched({ personDetail: { status: 'loading' } }), ['per_ada']],
    ['missing-scope keeps its card', states.missingScope({ person: aPerson({ id: 'per_x' }) }), ['per_x']],
    ['candidates: every person', states.candidates(), ['per_okafor_1', 'per_okafor_2']],
    ['a sample lists nobody (NOT REAL DATA)', states.sample(), []],
    ['not found', states.notFound(), []],
  ])('%s', (_label, state, ids) => {
    expect(peopleInView(state)).toEqual(ids);
  });
});
