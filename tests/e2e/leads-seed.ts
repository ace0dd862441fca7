import type { BrowserContext, Page } from '@playwright/test';
import type { Lead, LeadSnapshot } from '../../lib/leads/lead';
import { LEADS_DB_NAME, type CostRow } from '../../lib/leads/lead-db';
import { expect } from './fixtures';

// Leads for the Leads page's end-to-end tests, written straight into the extension's leads database with
// the plain IndexedDB API from an extension page (the database is the extension origin's: no test hook
// in the build). The page opens the database first, so Dexie has created its stores; a reload then reads
// what was written (Dexie's live queries only hear Dexie's own writes).

/** The Leads page is laid out for a tab: the gallery and the audits draw it this wide. */
export const LEADS_WIDTH = 1280;

/** Opens `leads.html` (with `query`) and waits until it has read the leads database once. */
export async function openLeadsPage(context: BrowserContext, extensionId: string, query = '', width = LEADS_WIDTH): Promise<Page> {
  const page = await context.newPage();
  await page.setViewportSize({ width, height: 900 });
  await page.goto(`chrome-extension://${extensionId}/leads.html${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible();
  await expect(page.getByText('Loading leads…')).toHaveCount(0);
  return page;
}

/** Writes leads, their snapshots and any cost rows into the page's leads database (reload the page to see them). */
export async function seedLeadsInPage(
  page: Page,
  items: readonly { lead: Lead; snapshot?: LeadSnapshot }[],
  costs: readonly CostRow[] = [],
): Promise<void> {
  await page.evaluate(
    async ([name, rows, costRows]) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error(`cannot open ${name}`));
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(['leads', 'snapshots', 'costs'], 'readwrite');
        for (const r of rows) {
          tx.objectStore('leads').put(r.lead);
          if (r.snapshot) tx.objectStore('snapshots').put(r.snapshot);
        }
        for (const c of costRows) tx.objectStore('costs').add(c);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error ?? new Error('the seeding transaction failed'));
      });
      db.close();
    },
    [LEADS_DB_NAME, items, costs] as const,
  );
}

const FIRST = ['Ada', 'Jürgen', 'Zoë', 'Bo', 'Priya', 'Marcus', 'Tomas', 'Ingrid', 'Kenji', 'Lucía', 'Omar', 'Sofia', 'Mateo', 'Anya'];
const LAST = ['Lindqvist', 'Müller', 'Ølstad', 'Berg', 'Raman', 'Hale', 'Reyes', 'Nakamura', 'García', 'Haddad', 'Rossi', 'Kowalski'];
const COMPANIES = ['QuantLayer', 'Ærø Capital', 'Meridian Ventures', 'Harborline', 'Sentinel Audits', 'Acme Labs', 'Nordic Chain'];
const TAGS = ['defi', 'fund', 'berlin', 'token2049', 'infra', 'warm', 'cold', 'q1'];
const STATUSES = ['new', 'contacted', 'replied', 'meeting', 'won', 'not-now', 'do-not-contact'] as const;

/**
 * `count` varied leads from one template: names, companies, tags, a note, statuses and follow-ups from
 * small pools, each name numbered (so a search narrows as a rep types digits), with snapshots.
 */
export function manyLeads(template: { lead: Lead; snapshot: LeadSnapshot }, count: number): { lead: Lead; snapshot: LeadSnapshot }[] {
  const pick = <T>(pool: readonly T[], i: number) => pool[i % pool.length]!;
  return Array.from({ length: count }, (_, i) => {
    const firstName = pick(FIRST, i);
    const lastName = `${pick(LAST, i * 7)}${i}`;
    const personId = `per_seed_${i}`;
    const lead: Lead = {
      ...template.lead,
      personId,
      name: `${firstName} ${lastName}`,
      firstName,
      lastName,
      xHandle: `${firstName.normalize('NFKD').replace(/[^A-Za-z]/g, '')}${i}`,
      company: template.lead.company ? { ...template.lead.company, name: pick(COMPANIES, i) } : null,
      status: pick(STATUSES, i),
      tags: [...new Set([pick(TAGS, i), pick(TAGS, i * 3)])],
      notes: [
        {
          id: `${personId}-n`,
          at: template.lead.savedAt + i,
          text: `Met at ${pick(TAGS, i)} event, asked about ${pick(COMPANIES, i * 5)} and a call`,
        },
      ],
      followUpOn: i % 4 === 0 ? `2026-${10 + (i % 3)}-${String(1 + (i % 28)).padStart(2, '0')}` : null,
      savedAt: template.lead.savedAt - i * 60_000,
      updatedAt: template.lead.updatedAt - i * 60_000,
    };
    return {
      lead,
      snapshot: { ...template.snapshot, personId, person: { ...template.snapshot.person, id: personId, firstName, lastName } },
    };
  });
}
