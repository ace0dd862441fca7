/*
 * What the pages say about the team's CRM: the "In HubSpot" mark, the send's preview (each lead by name)
 * and outcomes, a lead row's CRM words, and "Keep HubSpot up to date". Pure, so the words are tested
 * once and the components only render them.
 */
import { doNotContactText } from '@/lib/messages/texts';
import type { CrmLink } from '@/lib/leads/lead-db';
import type { CrmAction, CrmCandidate, CrmChoosable, CrmConflict, CrmMark, CrmOutcome } from './crm';
import type { CrmCounts, CrmResolved } from './crm-preview';
import type { CrmSyncReport } from './crm-sync';

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

// ── the mark ─────────────────────────────────────────────────────────────────────────────────────

export const IN_HUBSPOT = 'In HubSpot';

/** What follows "In HubSpot": the owner and the lead status as the portal labels it ("Mia Owner · In Progress"). */
export const markDetail = (mark: CrmMark): string => [mark.owner, mark.leadStatus].filter(Boolean).join(' · ');

// ── the preview ──────────────────────────────────────────────────────────────────────────────────

/**
 * "Create 2 contacts, link 1 to existing, update 0, skip 1 already identical, create 1 company." — with
 * the leads waiting for a choice when there are any, and the Do-not-contact line.
 */
export function planText(counts: CrmCounts, createCompanies: number): string {
  const waiting = counts.choose ? `, ${counts.choose} ${counts.choose === 1 ? 'needs' : 'need'} your choice` : '';
  const main = `Create ${n(counts.create, 'contact', 'contacts')}, link ${counts.link} to existing, update ${counts.update}, skip ${counts.skip} already identical, create ${n(createCompanies, 'company', 'companies')}${waiting}.`;
  return counts.blocked > 0 ? `${main} ${doNotContactText('crm', counts.blocked)}` : main;
}

/** The preview's lists, in this order, each under its heading. */
export const PLAN_GROUPS: readonly { action: Exclude<CrmAction, 'blocked'>; heading: string }[] = [
  { action: 'create', heading: 'Create' },
  { action: 'link', heading: 'Link to existing' },
  { action: 'update', heading: 'Update' },
  { action: 'skip', heading: 'Already identical' },
  { action: 'choose', heading: 'Needs your choice' },
];

const ownerText = (owner: string | null) => (owner ? `owner ${owner}` : 'no owner');

/** One lead in a list: "Mei Tanaka — link to existing (owner Mia Owner)", "Jonas Berg — create". */
export function planLine({ item, action, contact }: CrmResolved): string {
  const what: Record<CrmAction, string> = {
    create: 'create',
    link: `link to existing (${ownerText(contact?.owner ?? null)})`,
    update: 'update',
    skip: 'already identical',
    choose: 'needs your choice',
    blocked: 'Do not contact, not sent',
  };
  return `${item.name} — ${what[action]}`;
}

/** The radio group's name for a lead HubSpot may already hold. */
export const whichContact = (name: string): string => `Which contact is ${name}?`;
export const CREATE_NEW_CONTACT = 'Create a new contact';

/** A contact to pick: "Mei Tanaka · Head of BD · Harborline · mei@harborline.example · owner Mia Owner". */
export const candidateLabel = (c: CrmCandidate): string =>
  [c.name, c.jobTitle, c.company, c.email, ownerText(c.owner)].filter(Boolean).join(' · ');

const FIELD_LABEL: Record<CrmChoosable, string> = { leadStatus: 'Lead status', jobTitle: 'Job title' };

/** A conflict's checkbox: "Use ours for Lead status: In Progress → New" (theirs → ours). */
export const oursLabel = (c: CrmConflict): string => `Use ours for ${FIELD_LABEL[c.field]}: ${c.theirs} → ${c.ours}`;
/** The conflicts' group, per lead. */
export const teammateValues = (name: string): string => `${name}: a teammate’s values in HubSpot`;
export const TEAMMATE_VALUES_HELP = 'Left unticked, HubSpot keeps its value.';

/** "Send 3 leads" */
export const sendLabel = (leads: number): string => `Send ${n(leads, 'lead', 'leads')}`;

/** Beside the Send button while some leads are unanswered. */
export const waitingText = (leads: number): string =>
  leads === 1 ? '1 lead waits for your choice and is not sent.' : `${leads} leads wait for your choice and are not sent.`;

// ── the outcomes ─────────────────────────────────────────────────────────────────────────────────

/** "HubSpot: 3 created, 2 updated, 0 already identical." — linked, waiting and failed said only when there are any. */
export function outcomesText(outcomes: readonly CrmOutcome[]): string {
  const count = (s: CrmOutcome['status']) => outcomes.filter((o) => o.status === s).length;
  const [linked, waiting, failed] = [count('linked'), count('needs-choice'), count('failed')];
  const parts = [
    `${count('created')} created`,
    ...(linked ? [`${linked} linked`] : []),
    `${count('updated')} updated`,
    `${count('unchanged')} already identical`,
    ...(waiting ? [`${waiting} ${waiting === 1 ? 'waits' : 'wait'} for your choice`] : []),
    ...(failed ? [`${failed} failed (see the leads: send them again to retry)`] : []),
  ];
  const blocked = count('blocked');
  return `HubSpot: ${parts.join(', ')}.${blocked ? ` ${doNotContactText('crm', blocked)}` : ''}`;
}

export const NEEDS_YOUR_CHOICE = 'Needs your choice';

/**
 * A lead row's CRM words: "In HubSpot" once its contact exists there; "Needs your choice" (a button to the
 * preview) while the send holds it; a failure with its reason; a send under way.
 */
export function linkText(link: CrmLink | undefined): { text: string; failed: boolean; needsChoice?: true } | null {
  if (!link) return null;
  if (link.outcome.status === 'failed') return { text: `Not sent to HubSpot: ${link.outcome.reason ?? 'failed'}`, failed: true };
  if (link.outcome.status === 'pending') return { text: 'Sending to HubSpot…', failed: false };
  if (link.outcome.status === 'needs-choice') return { text: NEEDS_YOUR_CHOICE, failed: false, needsChoice: true };
  return link.contactId ? { text: IN_HUBSPOT, failed: false } : null;
}

// ── "Keep HubSpot up to date" ────────────────────────────────────────────────────────────────────

export const KEEP_UP_TO_DATE = 'Keep HubSpot up to date';
export const KEEP_UP_TO_DATE_HELP =
  'Saved and changed leads are sent to HubSpot within a minute, in batches. Leads that need your choice wait on the Leads page. Do-not-contact leads are never sent.';

const reportParts = (r: CrmSyncReport) =>
  `${r.sent} sent · ${r.waiting} ${r.waiting === 1 ? 'needs' : 'need'} your choice · ${r.failures.length} failed`;

/** "Last sync: Nov 27, 2026, 11:34 PM · 3 sent · 1 needs your choice · 0 failed"; `when` is the run's time as the page formats it. */
export const lastSyncText = (report: CrmSyncReport | null, when: (at: number) => string): string =>
  report ? `Last sync: ${when(report.at)} · ${reportParts(report)}` : 'Not synced yet';

/** Said when "Sync now" is over. */
export const syncedText = (report: CrmSyncReport | null): string =>
  report ? `Synced with HubSpot: ${reportParts(report)}.` : 'Synced with HubSpot.';

/** A lead the last sync could not send: "Mei Tanaka: HubSpot had a server error." */
export const failureLine = (f: CrmSyncReport['failures'][number]): string => `${f.name}: ${f.reason}`;
