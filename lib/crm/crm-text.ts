/*
 * What the Leads page says about a CRM send: the preview and the outcomes, as words. Pure, so the
 * words are tested once and the components only render them.
 */
import { doNotContactText } from '@/lib/messages/texts';
import type { CrmOutcome, CrmPlan } from './crm';
import type { CrmLink } from '@/lib/leads/lead-db';

const n = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "Create 3 contacts, update 2, create 3 companies, skip 1 already identical." (+ the Do not contact line). */
export function planText(plan: CrmPlan): string {
  const main = `Create ${n(plan.create, 'contact', 'contacts')}, update ${plan.update}, create ${n(plan.createCompanies, 'company', 'companies')}, skip ${plan.skip} already identical.`;
  return plan.blocked > 0 ? `${main} ${doNotContactText('crm', plan.blocked)}` : main;
}

/** The leads a plan sends (Do not contact left out): the "Send N leads" button's N. */
export const planLeads = (plan: CrmPlan) => plan.create + plan.update + plan.skip;

/** "3 created, 2 updated, 1 failed." */
export function outcomesText(outcomes: readonly CrmOutcome[]): string {
  const count = (s: CrmOutcome['status']) => outcomes.filter((o) => o.status === s).length;
  const parts = [
    `${count('created')} created`,
    `${count('updated')} updated`,
    `${count('unchanged')} already identical`,
    ...(count('failed') ? [`${count('failed')} failed (see the leads: send them again to retry)`] : []),
  ];
  const blocked = count('blocked');
  return `HubSpot: ${parts.join(', ')}.${blocked ? ` ${doNotContactText('crm', blocked)}` : ''}`;
}

/** A lead row's CRM words: "In HubSpot" once its contact exists there; a failure with its reason; a send under way. */
export function linkText(link: CrmLink | undefined): { text: string; failed: boolean } | null {
  if (!link) return null;
  if (link.outcome.status === 'failed') return { text: `Not sent to HubSpot: ${link.outcome.reason ?? 'failed'}`, failed: true };
  if (link.outcome.status === 'pending') return { text: 'Sending to HubSpot…', failed: false };
  return link.contactId ? { text: 'In HubSpot', failed: false } : null;
}
