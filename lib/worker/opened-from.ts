import type { Person } from '@/lib/api';
import { fullName } from '@/lib/lookup/match-profile';
import { isMatchState, type SelectionOrigin, type ViewState } from '@/lib/tab-state/tab-state';

/**
 * A person the view lists (a coworker of its person, a member of its organisation's team), with the
 * origin its card is labelled by ("Coworker of Ada Quant", "Team of Acme"). Null: the view does not
 * list them, so nothing is opened (a page cannot make the panel show a record it did not pay for).
 */
export function openedFrom(state: ViewState, personId: string): { person: Person; origin: SelectionOrigin } | null {
  if (!isMatchState(state)) return null;
  const detail = state.personDetail?.status === 'loaded' ? state.personDetail.value : undefined;
  const coworker = detail?.coworkers.find((p) => p.id === personId);
  if (coworker) return { person: coworker, origin: { kind: 'coworker', of: (state.person && fullName(state.person)) || 'this person' } };
  const org = state.organizationDetail?.status === 'loaded' ? state.organizationDetail.value : undefined;
  const member = org?.team.find((p) => p.id === personId);
  if (member) return { person: member, origin: { kind: 'team', of: state.organization?.name || 'this organisation' } };
  return null;
}
