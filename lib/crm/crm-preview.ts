/*
 * The "Send to HubSpot" preview as the rep answers it (issue 39): each lead's action once the rep's picks
 * are laid over the plan, the choices the send carries, and the counts the summary and the Send button
 * say. Pure, so the dialog only holds the picks and renders what this returns.
 */
import type { CrmAction, CrmCandidate, CrmChoice, CrmChoosable, CrmPlan, CrmPlanItem } from './crm';

/** What the rep set for one lead in the preview (absent: nothing touched). */
export interface CrmPick {
  /** A candidate's id, or 'new' for "Create a new contact". */
  contactId?: string;
  /** Conflicts where the rep ticked "Use ours". */
  useOurs?: readonly CrmChoosable[];
}

export type CrmPicks = ReadonlyMap<string, CrmPick>;

/** The lead asks "Which contact is …?": several same-name contacts, or one found by name + company only. */
export const asksWhich = (item: CrmPlanItem): boolean => item.action === 'choose' || (item.action === 'link' && item.matchedBy === 'name');

/** The contacts the rep picks among (a name-only link offers the one it found). */
export function candidatesOf(item: CrmPlanItem): CrmCandidate[] {
  if (item.action === 'choose') return item.candidates;
  return item.contact ? [item.contact] : [];
}

/** The radio checked (a contact id or 'new'): the rep's pick, else the found contact of a name-only link; null when nothing is (a `choose` unanswered). */
export function pickedContact(item: CrmPlanItem, pick: CrmPick | undefined): string | null {
  if (pick?.contactId) return pick.contactId;
  return item.action === 'link' && item.matchedBy === 'name' ? (item.contact?.contactId ?? null) : null;
}

/** One lead as the send will treat it with the rep's picks: its action and the contact it lands on. */
export interface CrmResolved {
  item: CrmPlanItem;
  action: CrmAction;
  contact: CrmCandidate | null;
  /** The conflicts still to decide (none once the lead is to be a new contact). */
  conflicts: CrmPlanItem['conflicts'];
}

export function resolveItem(item: CrmPlanItem, pick: CrmPick | undefined): CrmResolved {
  if (!asksWhich(item)) return { item, action: item.action, contact: item.contact, conflicts: item.conflicts };
  const picked = pickedContact(item, pick);
  if (picked === 'new') return { item, action: 'create', contact: null, conflicts: [] };
  const contact = candidatesOf(item).find((c) => c.contactId === picked) ?? null;
  // A `choose` answered is a link to the contact picked; unanswered, it stays held.
  // The conflicts are the picked contact's own: linking to another contact raises others.
  return contact
    ? { item, action: 'link', contact, conflicts: contact.conflicts }
    : { item, action: 'choose', contact: null, conflicts: [] };
}

/** The preview's leads with the picks applied, in the plan's order. */
export const resolvePlan = (plan: CrmPlan, picks: CrmPicks): CrmResolved[] => plan.items.map((i) => resolveItem(i, picks.get(i.personId)));

/** The leads the rep decides something for: the "Which contact" questions first, then the conflicts (the dialog's top). */
export function decisions(plan: CrmPlan): CrmPlanItem[] {
  const which = plan.items.filter(asksWhich);
  return [...which, ...plan.items.filter((i) => !asksWhich(i) && i.action !== 'blocked' && i.conflicts.length > 0)];
}

/**
 * The choices a send carries: a lead the rep touched, or whose default stands (a name-only link goes to
 * the contact found unless the rep picked another). A `choose` unanswered carries nothing: it is held.
 */
export function crmChoices(plan: CrmPlan, picks: CrmPicks): CrmChoice[] {
  return resolvePlan(plan, picks).flatMap(({ item, action, conflicts }) => {
    if (action === 'blocked') return [];
    const picked = asksWhich(item) ? pickedContact(item, picks.get(item.personId)) : null;
    const useOurs = (picks.get(item.personId)?.useOurs ?? []).filter((f) => conflicts.some((c) => c.field === f));
    if (picked === null && useOurs.length === 0) return [];
    return [{ personId: item.personId, ...(picked !== null ? { contactId: picked } : {}), ...(useOurs.length ? { useOurs } : {}) }];
  });
}

export type CrmCounts = Record<CrmAction, number>;

export function countActions(resolved: readonly CrmResolved[]): CrmCounts {
  const counts: CrmCounts = { create: 0, link: 0, update: 0, skip: 0, choose: 0, blocked: 0 };
  for (const r of resolved) counts[r.action] += 1;
  return counts;
}

/** The companies the send creates: the distinct new domains of the leads it writes (a held lead's once it is answered). */
export function companiesToCreate(resolved: readonly CrmResolved[]): number {
  return new Set(resolved.flatMap((r) => (r.item.newCompany && r.action !== 'choose' && r.action !== 'blocked' ? [r.item.newCompany] : [])))
    .size;
}

/** The leads a send writes (the "Send N leads" button's N): all but Do not contact and the ones waiting for a choice. */
export const sendCount = (c: CrmCounts): number => c.create + c.link + c.update + c.skip;
