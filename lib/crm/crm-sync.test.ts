import { describe, expect, it } from 'vitest';
import { aLead } from '@/tests/support/a-lead';
import type { CrmLink } from '@/lib/leads/lead-db';
import type { Lead } from '@/lib/leads/lead';
import { leadsToSync, SYNC_MAX_LEADS, syncReport } from './crm-sync';

const lead = (personId: string, updatedAt: number, over: Partial<Lead> = {}) =>
  aLead({ id: personId }, { personId, name: personId, updatedAt, ...over });
const link = (personId: string, status: CrmLink['outcome']['status'], at: number, sentVersion: number | null): CrmLink => ({
  personId,
  crm: 'hubspot',
  accountId: '4242',
  contactId: '1',
  companyId: null,
  associatedWith: null,
  noteIds: {},
  outcome: { status, at },
  taskId: null,
  written: {},
  kept: {},
  sentVersion,
});

describe('leadsToSync: what a "Keep HubSpot up to date" run sends', () => {
  it.each([
    ['never sent', lead('a', 10), undefined, [], true],
    ['sent, changed since', lead('a', 20), link('a', 'updated', 15, 10), [], true],
    ['sent, unchanged since', lead('a', 10), link('a', 'updated', 15, 10), [], false],
    ['Do not contact: never', lead('a', 20, { status: 'do-not-contact' }), undefined, [], false],
    ['a send under way (the resume finishes it)', lead('a', 20), link('a', 'pending', 15, null), ['a'], false],
    ['held for the rep, unchanged since', lead('a', 10), link('a', 'needs-choice', 15, null), [], false],
    ['held for the rep, changed since', lead('a', 20), link('a', 'needs-choice', 15, null), [], true],
    ['unchanged, but a reveal made its email known', lead('a', 10), link('a', 'updated', 15, 10), ['a'], true],
    ['failed, retried by "Sync now"', lead('a', 10), link('a', 'failed', 15, 10), ['a'], true],
  ] as const)('%s', (_, l, kept, forced, sent) => {
    const links = new Map(kept ? [[l.personId, kept]] : []);
    expect(leadsToSync([l], links, 0, new Set(forced)).due.map((d) => d.personId)).toEqual(sent ? [l.personId] : []);
  });

  it('oldest change first, at most one run’s worth; the next run reads on from the last one sent', () => {
    const many = Array.from({ length: SYNC_MAX_LEADS + 5 }, (_, i) => lead(`p${i}`, 1_000 + (SYNC_MAX_LEADS + 5 - i)));
    const run = leadsToSync(many, new Map(), 0);
    expect(run.due).toHaveLength(SYNC_MAX_LEADS);
    expect(run.more).toBe(true);
    expect(run.due[0]!.updatedAt).toBe(1_001);
    expect(run.mark).toBe(run.due.at(-1)!.updatedAt - 1);
    const all = leadsToSync(many.slice(0, 3), new Map(), 0);
    expect([all.more, all.mark]).toEqual([false, Math.max(...many.slice(0, 3).map((l) => l.updatedAt))]);
  });

  it('a lead forced by a reveal does not move the mark back or forth', () => {
    expect(leadsToSync([lead('a', 5)], new Map(), 50, new Set(['a'])).mark).toBe(50);
  });
});

describe('syncReport', () => {
  it('counts what was sent, what waits, and names each failure', () => {
    const report = syncReport(
      7,
      [
        { personId: 'a', status: 'created' },
        { personId: 'b', status: 'linked' },
        { personId: 'c', status: 'needs-choice', reason: 'pick' },
        { personId: 'd', status: 'failed', reason: 'HubSpot had a server error.' },
      ],
      new Map([['d', 'Dario Rossi']]),
    );
    expect(report).toEqual({
      at: 7,
      sent: 2,
      waiting: 1,
      failures: [{ personId: 'd', name: 'Dario Rossi', reason: 'HubSpot had a server error.' }],
    });
  });
});
