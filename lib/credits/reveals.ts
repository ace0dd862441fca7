import { CONTACT_CHANNEL_IDS, type ContactChannelId } from '@/lib/api/contact-channels';
import type { KvStore } from '@/lib/storage/kv-store';
import type { RecordsDb } from '@/lib/storage/idb-kv-store';
import { pageDb } from '@/lib/storage/page-records';
import { toCsv } from '@/lib/text/cells';
import { stripUndefined } from './ledger';
import { accountKey, REVEAL_PREFIX, revealKey } from '@/lib/storage/keys';

/** Contact channels as revealed; null = the person has none on file. */
export type RevealedChannels = Partial<Record<ContactChannelId, string | null>> & Record<string, string | null | undefined>;

export interface RevealRecord {
  accountId: string;
  personId: string;
  name: string;
  /** Job title, company name and X handle (without "@") when revealed; absent in records kept before they were. */
  title?: string | null;
  company?: string | null;
  xHandle?: string | null;
  channels: RevealedChannels;
  /** When it was first revealed (epoch ms). */
  at: number;
  /** What that first reveal cost. */
  creditsCharged: number;
}

/**
 * Contacts this install has paid to reveal, kept locally so showing them again costs nothing. Not
 * pruned with the ledger: this is data the user paid for. Scoped by account because a reveal unlocks
 * the contact for that account only.
 */
export class RevealStore {
  constructor(private readonly store: KvStore) {}

  /**
   * Record (or refresh) a reveal; a later re-read updates the channels, title, company and handle it
   * carries (undefined never overwrites what was kept; null does) but keeps the first date and cost.
   */
  async recordReveal(record: RevealRecord): Promise<RevealRecord> {
    const key = revealKey(record.accountId, record.personId);
    const before = await this.store.get<RevealRecord>(key);
    const merged: RevealRecord = before
      ? {
          ...before,
          ...stripUndefined({ title: record.title, company: record.company, xHandle: record.xHandle }),
          name: record.name || before.name,
          channels: { ...before.channels, ...stripUndefined(record.channels) },
        }
      : { ...stripUndefined(record), channels: stripUndefined(record.channels) };
    await this.store.set(key, merged);
    return merged;
  }

  /** One account's reveals, newest first (what "never pay twice" reads: an account must be named). */
  reveals(accountId: string): Promise<RevealRecord[]> {
    return this.newestFirst(accountKey('reveal', accountId));
  }

  /** Every account's reveals, newest first. */
  all(): Promise<RevealRecord[]> {
    return this.newestFirst(REVEAL_PREFIX);
  }

  private async newestFirst(prefix: string): Promise<RevealRecord[]> {
    return Object.values(await this.store.getMany<RevealRecord>(prefix)).sort((a, b) => b.at - a.at);
  }
}

/**
 * Revealed contacts as CSV (a spreadsheet output: lib/text/cells.ts guards phone and Telegram cells too),
 * newest first; channel columns beyond the known four are appended. Records kept before title, company
 * and handle were remembered leave those cells blank.
 */
export function revealsCsv(records: readonly RevealRecord[]): string {
  const sorted = [...records].sort((a, b) => b.at - a.at);
  const extra = [...new Set(sorted.flatMap((r) => Object.keys(r.channels)))]
    .filter((c) => !(CONTACT_CHANNEL_IDS as readonly string[]).includes(c))
    .sort();
  const channelCols = [...CONTACT_CHANNEL_IDS, ...extra];
  return toCsv(
    ['revealedAt', 'accountId', 'personId', 'name', 'title', 'company', 'xHandle', ...channelCols, 'creditsCharged'],
    sorted.map((r) => [
      new Date(r.at).toISOString(),
      r.accountId,
      r.personId,
      r.name,
      r.title,
      r.company,
      r.xHandle,
      ...channelCols.map((c) => r.channels[c]),
      r.creditsCharged,
    ]),
    'spreadsheet',
  );
}

// The reveal store as an extension page reads it (read only: the worker's RevealStore writes).

/**
 * One contact an account revealed: the one copy of revealed channels. A panel watches the entry of the person
 * it shows, so a reveal on one tab shows on every tab showing that person, at no cost (a read for useLiveQuery).
 * `records`: another connection than this page's (a test's).
 */
export const readReveal = (accountId: string, personId: string, records: () => RecordsDb = pageDb): Promise<RevealRecord | undefined> =>
  records().reveals.get([accountId, personId]) as Promise<RevealRecord | undefined>;

/** Every account's reveals, newest first (the Leads page labels those of another account): a read for useLiveQuery. */
export const allReveals = (records: () => RecordsDb = pageDb): Promise<RevealRecord[]> =>
  records().reveals.orderBy('at').reverse().toArray() as unknown as Promise<RevealRecord[]>;
