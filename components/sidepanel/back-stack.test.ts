import { describe, expect, it } from 'vitest';
import type { SelectionEntry } from '@/lib/tab-state/tab-state';
import { backLabel, originLabel, viewName } from './back-stack';
import { aPerson, aProject, states, X_PROFILE } from '@/tests/support/records';

const entry = (state: SelectionEntry['state']): SelectionEntry => ({ origin: { kind: 'search' }, state });

describe('back stack labels', () => {
  it.each([
    [{ kind: 'search' } as const, 'From your search'],
    [{ kind: 'coworker', of: 'Ada Quant' } as const, 'Coworker of Ada Quant'],
    [{ kind: 'team', of: 'Acme' } as const, 'Team of Acme'],
    // A name from a record cannot carry bidi controls into the label.
    [{ kind: 'team', of: 'Ac\u202Eme' } as const, 'Team of Acme'],
  ])('origin %o reads "%s"', (origin, label) => {
    expect(originLabel(origin)).toBe(label);
  });

  it.each([
    ['the matched person', states.matched(), 'Ada Lindqvist'],
    ['the organisation when no person', states.matched({ person: undefined, organization: aProject({ name: 'Acme' }) }), 'Acme'],
    ['the page name while looking up', states.lookingUp({ hints: { name: 'Mei Tanaka' } }), 'Mei Tanaka'],
    ['the X handle without a name', states.notFound({ hints: {} }), '@AdaQuant'],
    [
      'the LinkedIn slug without a name',
      states.notFound({
        hints: {},
        profile: { site: 'linkedin', kind: 'person', slug: 'mei-t', key: 'li:mei-t', url: 'https://www.linkedin.com/in/mei-t/' },
      }),
      'mei-t',
    ],
    ['nothing on a page with no profile', states.idle('no-profile'), null],
  ])('viewName: %s', (_, state, name) => {
    expect(viewName(state)).toBe(name);
  });

  it('Back names the tab "(on screen)" under the first card, the card under it when nested', () => {
    const tomas = entry(states.matched({ person: aPerson({ firstName: 'Tomas', lastName: 'Reyes' }) }));
    expect(backLabel([tomas], states.matched({ profile: X_PROFILE }))).toBe('Back to Ada Lindqvist (on screen)');
    expect(backLabel([tomas], states.idle('no-profile'))).toBe('Back to this page');
    expect(backLabel([tomas, entry(states.matched())], states.idle('no-profile'))).toBe('Back to Tomas Reyes');
  });
});
