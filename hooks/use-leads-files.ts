/*
 * The Leads page's files: export the selection (or every lead the search and filters show when nothing
 * is selected) as a file or to the clipboard, back up every lead, restore from a backup.
 */
import { downloadText } from '@/components/shared/download-file';
import { leadsLabel } from '@/components/leads/lead-text';
import { recordIds } from '@/lib/crm/crm-links';
import type { CrmLink } from '@/lib/leads/lead-db';
import type { Lead } from '@/lib/leads/lead';
import { contactsFromLeads } from '@/lib/leads/export/contact';
import { exportContacts, type EXPORT_KINDS } from '@/lib/leads/export/export';
import { backedUpMessage, leadsBackupFile, readBackup, restoredText } from '@/lib/leads/lead-backup';
import type { LeadStore } from '@/lib/leads/lead-store';
import type { RevealRecord } from '@/lib/credits/reveals';
import { sendMessage } from '@/lib/messaging/protocol';
import { followUpsChanged, messageOf, type Say, type Write } from './use-status-line';

export interface LeadsFilesOptions {
  store: LeadStore;
  selectedLeads: readonly Lead[];
  matches: readonly Lead[];
  /** Every reveal row, and the account in use (whose reveals an export carries). */
  revealed: { rows: readonly RevealRecord[]; accountInUse: string | null };
  crmLinks: readonly CrmLink[];
  now: () => number;
  today: string;
  status: { say: Say; write: Write };
  /** Reads every lead again (a restore may change one without moving its updatedAt). */
  readAll: () => void;
}

export function useLeadsFiles(o: LeadsFilesOptions) {
  const { selectedLeads, matches, store } = o;
  const { say, write } = o.status;
  const targets = selectedLeads.length > 0 ? selectedLeads : matches;
  const scope = selectedLeads.length > 0 ? `the ${leadsLabel(selectedLeads.length)} selected` : `all ${leadsLabel(matches.length)} shown`;

  const runExport = async (kind: (typeof EXPORT_KINDS)[number]) => {
    try {
      // The HubSpot file carries each sent lead's "Record ID" in the connected portal.
      const hubspot = kind.id === 'hubspot' ? await sendMessage('hubspotStatus').catch(() => null) : null;
      const records = recordIds(o.crmLinks, hubspot?.portalId ?? null);
      const contacts = contactsFromLeads(targets, o.revealed.rows, o.revealed.accountInUse, records);
      const file = exportContacts(kind.id, contacts, { now: o.now() });
      const done = leadsLabel(file.exported);
      const left = file.skippedMessage ? ` ${file.skippedMessage}` : '';
      if (kind.to === 'clipboard') {
        await navigator.clipboard.writeText(file.text);
        say(`Copied ${done}.${left}`);
      } else {
        downloadText(file.fileName, file.text, file.mimeType);
        say(`Exported ${done} to ${file.fileName}.${left}`);
      }
    } catch (e) {
      say(`${kind.label}: the export failed (${messageOf(e)}).`, { tone: 'error' });
    }
  };

  const backUp = () =>
    write('back up the leads', async () => {
      const file = leadsBackupFile(await store.backup(), o.today);
      downloadText(file.fileName, file.text, file.type);
      say(backedUpMessage(file));
    });
  const restore = async (file: File) => {
    const read = readBackup(await file.text());
    if (!read.ok) return say(read.message, { tone: 'error' });
    await write('restore the leads', async () => {
      // A merge may add an older note to a lead without moving its updatedAt: read everything after it.
      o.readAll();
      // What the restore refused or set right (another person's record, future times) is said with the counts.
      say(restoredText({ ...(await store.restore(read.backup)), skipped: read.skipped }));
      followUpsChanged();
    });
  };
  return { exportScope: scope, canExport: targets.length > 0, runExport, backUp, restore };
}
