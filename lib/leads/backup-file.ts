/*
 * "Back up leads" as a file: its name, text and type, declared once for every page that offers it (the
 * Leads page's "Back up leads", the options page's "Back up leads first" before "Delete all data"), so a
 * backup made from either reads back the same way (./lead-backup.ts).
 */
import { countLabel } from '@/lib/text/count-label';
import type { LeadBackup } from './lead-backup';

export interface LeadsBackupFile {
  fileName: string;
  text: string;
  type: string;
  /** How many leads it holds. */
  leads: number;
}

/** `leads-backup-2026-11-26.json`: `day` is the local day it was made (lib/credits/day-key.ts). */
export function leadsBackupFile(backup: LeadBackup, day: string): LeadsBackupFile {
  return { fileName: `leads-backup-${day}.json`, text: JSON.stringify(backup), type: 'application/json', leads: backup.leads.length };
}

/** What a page says once the file is handed to the browser. */
export const backedUpMessage = (file: Pick<LeadsBackupFile, 'fileName' | 'leads'>): string =>
  `Backed up ${countLabel(file.leads, 'lead')} to ${file.fileName}.`;
