// Export speed (issue 22: "an export of all 10,000 takes under 2 s"): 10,000 saved leads, half of them
// revealed, built into export rows and written in every format, measured with performance.now() (not a
// timed test). Baseline: JSON.stringify of the same rows, the floor for turning them into text at all.

import { contactsFromLeads } from '../../lib/leads/export/contact';
import { EXPORT_KINDS, exportContacts, type ExportKind } from '../../lib/leads/export/export';
import { LEAD_STATUSES, newLead, type Lead } from '../../lib/leads/lead';
import type { RevealRecord } from '../../lib/credits/reveals';
import { aPerson, aRevealRecord } from '../support/records';

export interface ExportsResult {
  contacts: number;
  /** ms to pick each lead's reveal and build the rows (contactsFromLeads), best of 3. */
  rowsMs: number;
  /** ms per format for rows + file text, best of 3. */
  kinds: Record<ExportKind, number>;
  /** JSON.stringify of the rows, best of 3: the floor. */
  jsonMs: number;
  /** Issue 22's budget for exporting every lead. */
  budgetMs: number;
}

const NAMES = [
  ['Ada', 'Lindqvist'],
  ['Jürgen', 'Müller'],
  ['小龙', '李'],
  ['Ελένη', 'Παπαδοπούλου'],
  ['Quant, "Ada"', '=HYPERLINK("x")'],
  ['Mei', 'Tanaka 👩‍💻'],
] as const;

function fixture(n: number): { leads: Lead[]; reveals: RevealRecord[] } {
  const leads: Lead[] = [];
  const reveals: RevealRecord[] = [];
  for (let i = 0; i < n; i++) {
    const [first, last] = NAMES[i % NAMES.length]!;
    const id = `per_${i}`;
    const { lead } = newLead(
      {
        person: aPerson({ id, firstName: first, lastName: `${last} ${i}`, twitterHandle: `handle_${i}` }),
        organization: null,
        accountId: 'acc_pro',
        savedFrom: `https://x.com/handle_${i}`,
        cost: { credits: 15, estimated: i % 7 === 0 },
      },
      Date.UTC(2026, 10, 1) + i * 60_000,
    );
    lead.status = LEAD_STATUSES[i % LEAD_STATUSES.length]!.id;
    lead.tags = ['defi', `batch-${i % 20}`, 'warm'];
    lead.notes = [
      { id: `${id}-1`, at: lead.savedAt + 1000, text: 'Met at ETHDenver, asked for the deck' },
      { id: `${id}-2`, at: lead.savedAt + 2000, text: 'Follow-up call\nbooked for next week' },
    ];
    lead.followUpOn = i % 3 === 0 ? '2026-12-01' : null;
    leads.push(lead);
    if (i % 2 === 0)
      reveals.push(
        aRevealRecord({
          personId: id,
          accountId: i % 10 === 0 ? 'acc_team' : 'acc_pro',
          channels: { email: `p${i}@example.com`, phone: `+46 70 ${String(i).padStart(6, '0')}`, telegram: `@tg_${i}`, linkedinUrl: null },
        }),
      );
  }
  return { leads, reveals };
}

function best(f: () => void): number {
  let min = Infinity;
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    f();
    min = Math.min(min, performance.now() - start);
  }
  return min;
}

export function runExports(opts: { contacts?: number } = {}): ExportsResult {
  const n = opts.contacts ?? 10_000;
  const { leads, reveals } = fixture(n);
  const now = Date.UTC(2026, 10, 26);
  let sink = 0;
  const rowsMs = best(() => (sink += contactsFromLeads(leads, reveals, 'acc_pro').length));
  const rows = contactsFromLeads(leads, reveals, 'acc_pro');
  const kinds = Object.fromEntries(
    EXPORT_KINDS.map((k) => [
      k.id,
      best(() => (sink += exportContacts(k.id, contactsFromLeads(leads, reveals, 'acc_pro'), { now }).text.length)),
    ]),
  ) as Record<ExportKind, number>;
  const jsonMs = best(() => (sink += JSON.stringify(rows).length));
  if (sink === 0) throw new Error('unreachable');
  return { contacts: n, rowsMs, kinds, jsonMs, budgetMs: 2000 };
}
