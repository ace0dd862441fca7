import type { Person, Project } from '@/lib/api';
import type { MessageData } from '@/lib/messaging/protocol';
import { SELECTION, tabIdOf } from '@/lib/messaging/view-ref';
import type { ViewState } from '@/lib/tab-state/tab-state';
import { openedFrom } from './opened-from';
import type { ProfileLookup } from './profile-lookup';
import type { CoreOf } from './worker-core';

export type CardsDeps = CoreOf<'now' | 'session' | 'views' | 'known' | 'choices' | 'watchers'> & {
  /** Details this account already paid for fill in at no cost. */
  fillFromCache: (view: typeof SELECTION) => Promise<void>;
  /** The tab's card for a picked candidate. */
  matched: ProfileLookup['matched'];
};

/** Cards opened by the rep for free: a candidate picked, a popup result, a coworker or team member, and "Back". */
export class Cards {
  constructor(private readonly deps: CardsDeps) {}

  async pickCandidate({ tabId, personId, organizationId }: MessageData<'pickCandidate'>): Promise<void> {
    const { views, session, choices } = this.deps;
    const state = await views.get({ tabId });
    const accountId = session.accountId;
    if (state?.status !== 'candidates' || !state.profile || !accountId) return;
    const person = personId ? state.people.find((p) => p.id === personId) : undefined;
    const organization = organizationId ? state.organizations.find((o) => o.id === organizationId) : undefined;
    if (!person && !organization) return;
    // Remembered for this profile: the next visit shows the pick at no cost.
    await choices.remember(accountId, state.profile.key, personId ? { personId } : { organizationId });
    await this.deps.matched(tabId, state.profile.key, accountId, person, organization, { matchedOn: 'pick' });
  }

  /** A popup pick: over the tab a panel shows (or, if the panel is still opening, the first it names). */
  async showRecord({ person, organization }: MessageData<'showRecord'>): Promise<void> {
    const state = await this.recordState(person, organization ?? person?.company ?? undefined);
    await this.deps.views.push({ origin: { kind: 'search' }, state }, this.deps.watchers.lastShown());
  }

  /** Only someone the view already lists (its coworkers, team or portfolio): no record is taken from the page. */
  async openPerson({ from, personId }: MessageData<'openPerson'>): Promise<void> {
    const state = await this.deps.views.get(from);
    const opened = state ? openedFrom(state, personId) : null;
    if (!opened) return;
    const shown = await this.recordState(opened.person, opened.person.company ?? undefined);
    await this.deps.views.push({ origin: opened.origin, state: shown }, tabIdOf(from) ?? null);
    await this.deps.fillFromCache(SELECTION);
  }

  /** The card under it shows as it was left; details this account already paid for fill in at no cost. */
  async back(): Promise<void> {
    if (await this.deps.views.pop()) await this.deps.fillFromCache(SELECTION);
  }

  /** A record already paid for, as a card (its revealed channels, if any, come from the reveal store). */
  private async recordState(person: Person | undefined, organization: Project | undefined): Promise<ViewState> {
    const accountId = this.deps.session.accountId;
    const org =
      accountId && (person || organization) ? await this.deps.known.organizationFor(accountId, person, organization) : organization;
    return {
      profile: null,
      hints: {},
      updatedAt: this.deps.now(),
      status: 'matched',
      matchedOn: 'pick',
      ...(person ? { person } : {}),
      ...(org ? { organization: org } : {}),
    };
  }
}
