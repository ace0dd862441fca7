/*
 * Saved leads at scale (issue 22 item 6): 10,000 leads in the extension's IndexedDB, through the real
 * Leads page in Chromium. Three figures, each next to the same page with 100 leads and the target:
 *   open    navigation → the "Leads" table's first rows on screen (target < 1 s)
 *   search  one keystroke in "Search leads" → the table shows the new matches (target < 100 ms; median and worst of 10)
 *   export  "Export" → "CSV (all fields)" of every lead → the file downloaded (target < 2 s)
 * The leads are written with the extension's own code (lib/leads/lead.ts newLead) and put into the
 * database the page opened, in one transaction per 2,000.
 */
import type { Page } from '@playwright/test';
import { PersonSchema, ProjectSchema } from '../../lib/api';
import { LEADS_DB_NAME } from '../../lib/leads/lead-db';
import { LEAD_STATUSES, newLead, type Lead, type LeadSnapshot } from '../../lib/leads/lead';
import { launchWithExtension } from '../demo/browser';

export interface LeadsScale {
  leads: number;
  openMs: number;
  searchMedianMs: number;
  searchWorstMs: number;
  exportMs: number;
  exportBytes: number;
}

export interface LeadsResult {
  large: LeadsScale;
  small: LeadsScale;
}

const FIRST = ['Ada', 'Jürgen', 'Li', 'Eleni', 'Omar', 'Priya', 'Sam', 'Noor', 'Kai', 'Zoë'];
const LAST = ['Lindqvist', 'Müller', 'Wei', 'Papadopoulou', 'Haddad', 'Raman', 'Okafor', 'Silva', 'Tanaka', 'Kowalski'];
const COMPANIES = ['QuantLayer', 'Chainforge', 'Meridian Capital', 'Blockhaus', 'Tessellate', 'Orbit Labs', 'Validium', 'Nodewise'];
const TAGS = ['defi', 'fund', 'infra', 'token2049', 'q4', 'warm', 'cold'];

/** `n` leads as a rep would have them: varied names, companies, statuses, tags, a note on every third. */
export function syntheticLeads(n: number): { leads: Lead[]; snapshots: LeadSnapshot[] } {
  const leads: Lead[] = [];
  const snapshots: LeadSnapshot[] = [];
  const day0 = Date.UTC(2026, 0, 1);
  for (let i = 0; i < n; i++) {
    const companyName = `${COMPANIES[i % COMPANIES.length]} ${Math.floor(i / 80)}`;
    const company = ProjectSchema.parse({ id: `prj_${i % 500}`, name: companyName, domain: `c${i % 500}.example`, sectors: ['DeFi'] });
    const person = PersonSchema.parse({
      id: `per_bench_${i}`,
      firstName: FIRST[i % FIRST.length],
      lastName: `${LAST[(i * 7) % LAST.length]}${i}`,
      jobTitle: i % 2 ? 'Head of BD' : 'Founder',
      twitterHandle: `lead_${i}`,
      hasEmail: i % 3 !== 0,
      hasTelegram: i % 2 === 0,
      company,
    });
    const at = day0 + i * 60_000;
    const { lead, snapshot } = newLead(
      { person, organization: null, accountId: 'acc_bench', savedFrom: null, cost: { credits: 5, estimated: false } },
      at,
    );
    lead.status = LEAD_STATUSES[i % LEAD_STATUSES.length]!.id;
    lead.tags = [TAGS[i % TAGS.length]!, TAGS[(i * 3) % TAGS.length]!].filter((t, k, all) => all.indexOf(t) === k);
    if (i % 3 === 0) lead.notes = [{ id: `n${i}`, at, text: `Met at Token2049, follow up about ${companyName}` }];
    if (i % 5 === 0) lead.followUpOn = '2026-11-20';
    leads.push(lead);
    snapshots.push(snapshot);
  }
  return { leads, snapshots };
}

/** Writes leads and snapshots into the database the Leads page opened (its schema exists by then). */
async function seed(page: Page, data: { leads: Lead[]; snapshots: LeadSnapshot[] }): Promise<void> {
  for (let i = 0; i < data.leads.length; i += 2_000) {
    await page.evaluate(
      async ([name, leads, snapshots]) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const req = indexedDB.open(name);
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error ?? new Error('open failed'));
        });
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction(['leads', 'snapshots'], 'readwrite');
          for (const l of leads) tx.objectStore('leads').put(l);
          for (const s of snapshots) tx.objectStore('snapshots').put(s);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error ?? new Error('write failed'));
        });
        db.close();
      },
      [LEADS_DB_NAME, data.leads.slice(i, i + 2_000), data.snapshots.slice(i, i + 2_000)] as const,
    );
  }
}

/** tsx keeps function names with a `__name` helper the page does not have: give the page one (as text, so tsx leaves it alone). */
const NAME_SHIM = 'globalThis.__name ??= (f) => f;';

async function measure(page: Page, url: string, n: number): Promise<LeadsScale> {
  await page.addInitScript({ content: NAME_SHIM });
  // Open: navigation start → the table has rows (read in the page, so Playwright's polling adds nothing).
  await page.goto(url, { waitUntil: 'commit' });
  const openMs = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const done = () => document.querySelector('table[aria-label="Leads"] tbody tr, table tbody tr');
        const check = () => (done() ? resolve(performance.now()) : requestAnimationFrame(check));
        check();
      }),
  );
  const box = page.getByRole('searchbox', { name: 'Search leads' });
  await box.waitFor();
  // Keystrokes, each timed from the input event to the next paint after the page changed. Every step
  // changes the matches (handles lead_<i>: each added digit narrows, each new first digit moves), so the
  // page always has something to draw.
  const times: number[] = [];
  for (const text of ['lead_2', 'lead_23', 'lead_234', 'lead_5', 'lead_56', 'lead_567', 'lead_7', 'lead_78', 'lead_789', 'lead_9']) {
    times.push(
      await box.evaluate(
        (el, value) =>
          new Promise<number>((resolve) => {
            const input = el as HTMLInputElement;
            const body = document.body;
            const start = performance.now();
            const observer = new MutationObserver(() => {
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - start));
            });
            observer.observe(body, { childList: true, subtree: true, characterData: true });
            // React listens to the native setter's input event.
            Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
            input.dispatchEvent(new Event('input', { bubbles: true }));
            setTimeout(() => {
              observer.disconnect();
              resolve(performance.now() - start);
            }, 2_000);
          }),
        text,
      ),
    );
  }
  await box.fill('');
  // Export every lead (nothing selected = all).
  await page.getByRole('button', { name: 'Export' }).click();
  const started = Date.now();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('button', { name: 'CSV (all fields)' })
      .or(page.getByRole('menuitem', { name: 'CSV (all fields)' }))
      .click(),
  ]);
  const path = await download.path();
  const exportMs = Date.now() - started;
  const { statSync } = await import('node:fs');
  const sorted = [...times].sort((a, b) => a - b);
  return {
    leads: n,
    openMs,
    searchMedianMs: sorted[Math.floor(sorted.length / 2)] ?? 0,
    searchWorstMs: sorted[sorted.length - 1] ?? 0,
    exportMs,
    exportBytes: statSync(path).size,
  };
}

export async function runLeads(opts: { log: (s: string) => void }): Promise<LeadsResult> {
  const run = async (n: number) => {
    const { context, extensionId } = await launchWithExtension({ headless: true });
    try {
      const page = await context.newPage();
      const url = `chrome-extension://${extensionId}/leads.html`;
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: 'Leads' }).waitFor();
      await page.evaluate(NAME_SHIM);
      await seed(page, syntheticLeads(n));
      const scale = await measure(page, url, n);
      opts.log(
        `${n} leads: open ${scale.openMs.toFixed(0)} ms · keystroke median ${scale.searchMedianMs.toFixed(1)} ms, worst ${scale.searchWorstMs.toFixed(1)} ms · export ${scale.exportMs} ms (${scale.exportBytes} B)`,
      );
      return scale;
    } finally {
      await context.close();
    }
  };
  const small = await run(100);
  const large = await run(10_000);
  return { large, small };
}
