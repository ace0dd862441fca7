/*
 * A lead's revealed channels, read from the one reveal store (every account's records), never copied onto
 * the lead. A reveal unlocks a contact for the account that paid, so one made under another account is told apart.
 */
import { CONTACT_CHANNELS, type ContactChannelId } from '@/lib/api/contact-channels';
import type { RevealRecord } from '@/lib/credits/reveals';
import type { Lead } from './lead';
import { revealedValue } from './export/contact';

/** One person's reveals: the account in use's, and every other account's (newest first). */
export interface LeadReveals {
  inUse: RevealRecord | null;
  other: RevealRecord[];
}

/** What the Leads page says about one channel of a lead. */
export type ChannelState = 'revealed' | 'revealed-elsewhere' | 'on-file' | 'none';

export const CHANNEL_STATE_TEXT: Record<Exclude<ChannelState, 'none'>, string> = {
  revealed: 'revealed',
  'revealed-elsewhere': 'revealed under another account',
  'on-file': 'on file',
};

/** Every account's reveal records by person; `accountInUse` null (no key) makes every reveal another account's. */
export function revealsByPerson(records: readonly RevealRecord[], accountInUse: string | null): Map<string, LeadReveals> {
  const byPerson = new Map<string, LeadReveals>();
  for (const r of [...records].sort((a, b) => b.at - a.at)) {
    const entry = byPerson.get(r.personId) ?? { inUse: null, other: [] };
    if (accountInUse !== null && r.accountId === accountInUse) entry.inUse = r;
    else entry.other.push(r);
    byPerson.set(r.personId, entry);
  }
  return byPerson;
}

const hasValue = (r: RevealRecord | null | undefined, id: ContactChannelId) => revealedValue(r ?? undefined, id) !== null;

/** Each channel's state, in the spec's order: a value revealed here first, then elsewhere, then on file. */
export function channelStates(lead: Pick<Lead, 'onFile'>, reveals: LeadReveals | undefined): Record<ContactChannelId, ChannelState> {
  return Object.fromEntries(
    CONTACT_CHANNELS.map(({ id }) => {
      const state: ChannelState = hasValue(reveals?.inUse, id)
        ? 'revealed'
        : reveals?.other.some((r) => hasValue(r, id))
          ? 'revealed-elsewhere'
          : lead.onFile[id]
            ? 'on-file'
            : 'none';
      return [id, state];
    }),
  ) as Record<ContactChannelId, ChannelState>;
}
