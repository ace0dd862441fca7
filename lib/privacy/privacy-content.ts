/*
 * The privacy page's text, once, as data: components/privacy renders it and PRIVACY.md is generated from it
 * (`npm run privacy:md`), so the store's page and the extension's agree. What is stored, where and how long
 * come from the storage registry, the settings' defaults and the ledger: a change shows here without an edit.
 */
import { LEDGER_RETENTION_DAYS } from '@/lib/credits/ledger';
import { MAX_PAGE_PEOPLE } from '@/lib/profile/list-pages';
import { DEFAULT_SETTINGS } from '@/lib/settings/settings';
import { INDEXED_DATABASES, STORAGE_FAMILIES, type StorageFamily } from '@/lib/storage/keys';

export type PrivacyBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; items: readonly string[] }
  | { kind: 'table'; head: readonly string[]; rows: ReadonlyArray<readonly string[]> };

export interface PrivacyContent {
  title: 'Privacy';
  intro: readonly PrivacyBlock[];
  sections: readonly { heading: string; blocks: readonly PrivacyBlock[] }[];
}

const paragraph = (text: string): PrivacyBlock => ({ kind: 'paragraph', text });
const list = (...items: string[]): PrivacyBlock => ({ kind: 'list', items });
const section = (heading: string, ...blocks: PrivacyBlock[]) => ({ heading, blocks });

/** Where each storage area keeps its data, in the page's words (an area the registry gains fails to compile here until it has words). */
const AREA_WORDS: Record<StorageFamily['area'], string> = {
  idb: `IndexedDB, database ${INDEXED_DATABASES.records.name} (on disk; content scripts cannot open it)`,
  local: 'storage.local (on disk, in this browser profile)',
  session: 'storage.session (in memory; gone when the browser closes)',
};

const RETENTION_FIGURES: Record<string, string> = {
  cacheTtlHours: String(DEFAULT_SETTINGS.cacheTtlHours),
  notFoundTtlHours: String(DEFAULT_SETTINGS.notFoundTtlHours),
  ledgerRetentionDays: String(LEDGER_RETENTION_DAYS),
};

/** Fills `{cacheTtlHours}` and the like (lib/storage/keys.ts `keptFor`); an unknown name throws, so a typo fails the build test. */
export function fillRetention(text: string): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const figure = RETENTION_FIGURES[name];
    if (figure === undefined) throw new Error(`privacy page: no figure for {${name}}`);
    return figure;
  });
}

/** One row per database and key family of the registry: what, where, how long. */
export function storedDataRows(): string[][] {
  const databases = Object.values(INDEXED_DATABASES).map((db) => [
    db.describe,
    `IndexedDB (database "${db.name}")`,
    fillRetention(db.keptFor),
  ]);
  const families = Object.values(STORAGE_FAMILIES).map((f) => [f.describe, AREA_WORDS[f.area], fillRetention(f.keptFor)]);
  return [...databases, ...families];
}

export function privacyContent(): PrivacyContent {
  return {
    title: 'Privacy',
    intro: [
      paragraph(
        'Crypto Directory has no server of its own and no account with us. What it keeps stays in your browser, in the places listed below. It sends data to the Directory API, to HubSpot if you connect it, and nowhere else.',
      ),
    ],
    sections: [
      section(
        'What leaves your browser, and to whom',
        list(
          'The Directory API, over https, with your API key: the profiles you look up (the X handle or LinkedIn address, and the name, headline and company shown on the page, to find the right record), the searches and prospect filters you type, and the ids of the people and organisations whose details or contacts you open or reveal. Its operator charges these calls to your account. Lookups run when you click, or for the profiles you open while the side panel is open, as you choose in Settings ("Look up profiles automatically").',
          'HubSpot, only if you connect it, with the HubSpot token you gave: the leads you choose to send, after you confirm (opening "Send to HubSpot" first looks up the selected leads\' revealed emails, LinkedIn addresses, X handles, and names with their company in your HubSpot to preview what would change), their notes and follow-up dates (as tasks); only if you turn on "Keep HubSpot up to date", the leads you save or change from then on, without a click; and, only if you tick "Mark people already in HubSpot", the revealed emails, LinkedIn addresses and X handles of the people shown, to check whether they are already there (never those of a lead marked Do not contact).',
          'Nothing else. No analytics, no crash reports, no advertising, no remote code or fonts, and no remote images: avatars and logos are drawn as initials, so no image host learns whom you look at.',
        ),
      ),
      section(
        'What it reads on X and LinkedIn',
        list(
          'On a profile page: the address of the profile, and the name, headline and company the page shows.',
          `On a page that lists people (on X: followers, following, a list's members, people search, a post's replies and reposts; on LinkedIn: people search, a company's People tab, My Network, Sales Navigator lead searches and lists), and only while a side panel watches that tab, for "People on this page": each visible row's name, handle or profile link, headline and the company it names, at most ${MAX_PAGE_PEOPLE} rows. Nothing is sent to X or LinkedIn, and the page is never scrolled or clicked.`,
          "Nothing else: not your messages, feed, cookies or your own account. What it reads goes to the extension's background only, and to the Directory API only when a lookup runs.",
        ),
      ),
      section(
        'What is stored, where, and for how long',
        paragraph(
          "Everything below is kept in your browser profile only. Web pages and the content scripts on X and LinkedIn cannot open the extension's IndexedDB, where the API key, what you paid for, your account and your leads are kept; storage.local, which Firefox lets content scripts read, holds only your settings.",
        ),
        { kind: 'table', head: ['What', 'Where', 'Kept for'], rows: storedDataRows() },
      ),
      section(
        'Limited use',
        paragraph(
          'The extension uses what it reads and stores only to show you directory information you ask for and to keep your leads. It is not sold, not transferred to anyone except as listed above, not used for advertising, and not used to determine credit-worthiness or for lending. Its use of information adheres to the Chrome Web Store User Data Policy, including the Limited Use requirements.',
        ),
      ),
      section(
        'Deleting your data',
        list(
          'Options → "Delete all data" → "Delete everything" removes every storage area, every database listed above (the API key, the HubSpot token, leads and notes included), and restarts the extension at its welcome page.',
          'Smaller steps: "Clear cache", removing the API key, deleting a lead.',
          'Uninstalling the extension makes the browser delete all of it too.',
          'What the Directory API or HubSpot recorded about your calls is kept by them: ask them.',
        ),
      ),
    ],
  };
}
