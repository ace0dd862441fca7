import type { KvStore } from '@/lib/storage/kv-store';
import { accountKey } from '@/lib/storage/keys';

/** The candidate a user picked for a profile: the next visit shows it at no cost. */
export type ProfilePick = { personId?: string; organizationId?: string };

/**
 * What the user told the extension about one profile, per account, in one store: the candidate they
 * picked, and the record they said is not them ("Not them?"). Saying "not them" of the picked record
 * forgets the pick.
 */
export class ProfileChoices {
  constructor(private readonly store: KvStore) {}

  pick(accountId: string, profileKey: string): Promise<ProfilePick | undefined> {
    return this.store.get<ProfilePick>(accountKey('pick', accountId, profileKey));
  }

  remember(accountId: string, profileKey: string, pick: ProfilePick): Promise<void> {
    return this.store.set(accountKey('pick', accountId, profileKey), pick);
  }

  /** The record the user rejected for this profile, if any. */
  rejected(accountId: string, profileKey: string): Promise<string | undefined> {
    return this.store.get<string>(accountKey('notThem', accountId, profileKey));
  }

  async notThem(accountId: string, profileKey: string, recordId: string): Promise<void> {
    await this.store.set(accountKey('notThem', accountId, profileKey), recordId);
    const pick = await this.pick(accountId, profileKey);
    if (pick && (pick.personId === recordId || pick.organizationId === recordId))
      await this.store.remove(accountKey('pick', accountId, profileKey));
  }
}
