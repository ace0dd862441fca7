/*
 * Ours against a teammate's (issue 39): a value is written where HubSpot's is empty or still what this
 * extension last wrote there. A teammate's Lead status (other than New) and Job title are kept unless the
 * rep picks ours in the preview; any other field of theirs stays; the owner is never written.
 */
import type { CrmLink } from '@/lib/leads/lead-db';
import type { CrmChoosable, CrmConflict } from '../crm';
import { sameValue, normalText } from './properties';

/** The fields the preview offers to overwrite, by the property they are. */
export const CHOOSABLE_PROPERTY: Readonly<Record<CrmChoosable, string>> = { leadStatus: 'hs_lead_status', jobTitle: 'jobtitle' };
const choosableOf = (property: string) =>
  (Object.keys(CHOOSABLE_PROPERTY) as CrmChoosable[]).find((f) => CHOOSABLE_PROPERTY[f] === property) ?? null;

/** Empty, or HubSpot's own default: a New lead status is nobody's decision. */
const unset = (property: string, value: string | null | undefined) =>
  normalText(value) === '' || (property === 'hs_lead_status' && normalText(value) === 'new');

/** `written` and `kept`: the lead's link's, on this contact. */
export interface MergeInput extends Pick<CrmLink, 'written' | 'kept'> {
  ours: Record<string, string>;
  held: Record<string, string | null | undefined>;
  /** The rep picked ours for these. */
  useOurs: readonly CrmChoosable[];
}

export type MergeConflict = CrmConflict & { property: string };

export interface Merge {
  /** The properties to write. */
  write: Record<string, string>;
  /** Teammate's values ours would change and the rep has not decided: kept (a manual send records the decision). */
  conflicts: MergeConflict[];
}

export function mergeContact(i: MergeInput): Merge {
  const write: Record<string, string> = {};
  const conflicts: MergeConflict[] = [];
  for (const [property, ours] of Object.entries(i.ours)) {
    const held = i.held[property];
    if (sameValue(property, held, ours)) continue;
    const mine = i.written[property];
    if (unset(property, held) || (mine !== undefined && sameValue(property, held, mine))) {
      write[property] = ours;
      continue;
    }
    const field = choosableOf(property);
    if (!field) continue; // a teammate's email, name, phone …: theirs stays
    // Our New is where every lead starts, not a decision: never offered over a status someone set.
    if (property === 'hs_lead_status' && normalText(ours) === 'new') continue;
    if (i.useOurs.includes(field)) write[property] = ours;
    else {
      const decided = i.kept[property];
      if (decided && sameValue(property, held, decided.theirs) && decided.ours === ours) continue;
      conflicts.push({ field, property, theirs: held ?? '', ours });
    }
  }
  const order = Object.keys(CHOOSABLE_PROPERTY);
  return { write, conflicts: conflicts.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field)) };
}
