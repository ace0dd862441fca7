import { isMatchState, type ViewState } from './tab-state';

/** The directory people a view shows (card, coworkers, team, candidates), marked "Saved · {status}"; a sample's are NOT REAL DATA: none. */
export function peopleInView(state: ViewState | null | undefined): string[] {
  if (!state) return [];
  if (state.status === 'candidates') return state.people.map((p) => p.id);
  if (!isMatchState(state)) return [];
  const coworkers = state.personDetail?.status === 'loaded' ? state.personDetail.value.coworkers : [];
  const team = state.organizationDetail?.status === 'loaded' ? state.organizationDetail.value.team : [];
  return [...new Set([state.person?.id, ...coworkers.map((p) => p.id), ...team.map((p) => p.id)].filter((id) => id !== undefined))];
}
