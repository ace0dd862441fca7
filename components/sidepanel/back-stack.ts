/*
 * The words of the panel's back stack: what a stacked card is labelled by (where it came from) and
 * what "← Back to …" names (the card under it, or the tab's own view "on screen").
 */
import { fullName } from '@/lib/lookup/match-profile';
import { isMatchState, type SelectionEntry, type SelectionOrigin, type ViewState } from '@/lib/tab-state/tab-state';
import { safeText } from '@/lib/text/safe-text';

export function originLabel(origin: SelectionOrigin): string {
  switch (origin.kind) {
    case 'search':
      return 'From your search';
    case 'coworker':
      return `Coworker of ${safeText(origin.of)}`;
    case 'team':
      return `Team of ${safeText(origin.of)}`;
  }
}

/** The name a view's card reads as: its person, else its organisation, else the page's profile. */
export function viewName(state: ViewState | null | undefined): string | null {
  if (!state) return null;
  if (isMatchState(state)) {
    const name = (state.person && safeText(fullName(state.person))) || safeText(state.organization?.name);
    if (name) return name;
  }
  const hinted = safeText(state.hints.name);
  if (hinted) return hinted;
  const profile = state.profile;
  if (!profile) return null;
  return profile.site === 'x' ? `@${profile.handle}` : profile.slug;
}

/** "Back to Ada Quant (on screen)" for the first card; "Back to Tomas Berg" for a nested one. */
export function backLabel(entries: readonly SelectionEntry[], tabState: ViewState | null | undefined): string {
  const under = entries.at(-2);
  if (under) return `Back to ${viewName(under.state) ?? 'the previous card'}`;
  const onScreen = viewName(tabState);
  return onScreen ? `Back to ${onScreen} (on screen)` : 'Back to this page';
}
