import { describe, expect, it } from 'vitest';
import { aLeadWithSnapshot, LEADS_NOW } from '@/tests/support/a-lead';
import { backedUpMessage, leadsBackupFile } from './lead-backup';
import { BACKUP_FORMAT, readBackup, type LeadBackup } from './lead-backup';

const ada = aLeadWithSnapshot(
  { id: 'per_ada', firstName: 'Ada', lastName: 'Lindqvist' },
  { notes: [{ id: 'n1', at: LEADS_NOW, text: 'met at ETHDenver' }] },
);
const backupOf = (...items: Array<typeof ada>): LeadBackup => ({
  format: BACKUP_FORMAT,
  version: 1,
  exportedAt: LEADS_NOW,
  leads: items.map((i) => i.lead),
  snapshots: items.map((i) => i.snapshot),
});

describe('leadsBackupFile', () => {
  it('is a JSON file named by its local day that "Restore leads" reads back whole', () => {
    const file = leadsBackupFile(backupOf(ada), '2026-11-26');
    expect([file.fileName, file.type, file.leads]).toEqual(['leads-backup-2026-11-26.json', 'application/json', 1]);
    const read = readBackup(file.text);
    expect(read.ok && read.backup.leads).toEqual([ada.lead]);
    expect(read.ok && read.skipped).toBe(0);
  });

  it.each([
    [[], 'Backed up 0 leads to leads-backup-2026-01-05.json.'],
    [[ada], 'Backed up 1 lead to leads-backup-2026-01-05.json.'],
    [[ada, ada], 'Backed up 2 leads to leads-backup-2026-01-05.json.'],
  ])('says how many leads went into which file (%#)', (items, said) => {
    expect(backedUpMessage(leadsBackupFile(backupOf(...items), '2026-01-05'))).toBe(said);
  });
});
