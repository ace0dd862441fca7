/*
 * Ours against a teammate's (issue 39): a value is written where HubSpot's is empty or still what this
 * extension last wrote there. A teammate's Lead status (other than New) and Job title are kept unless the
 * rep picks ours in the preview; any other field of theirs stays; the owner is never written.
 */
import type { CrmLink } from '@/lib/leads/lead-db';
import type { CrmChoosable, CrmConflict } from '../crm';
import { sameValue, normalText } from './properties';
import type { HubSpotObjectRecord } from './schemas';

/** The properties the preview offers to overwrite, as the fields it names them, in the order it lists them. */
const CHOOSABLE = new Map<string, CrmChoosable>([
  ['hs_lead_status', 'leadStatus'],
  ['jobtitle', 'jobTitle'],
]);

/** Empty, or HubSpot's own default: a New lead status is nobody's decision. */
const unset = (property: string, value: string | null | undefined) =>
  normalText(value) === '' || (property === 'hs_lead_status' && normalText(value) === 'new');

export type MergeConflict = CrmConflict & { property: string };

export interface Merge {
  /** The properties to write. */
  write: Record<string, string>;
  /** Teammate's values ours would change and the rep has not decided: kept (a manual send records the decision). */
  conflicts: MergeConflict[];
}

/** Ours against what `r` holds (`useOurs`: the rep picked ours for these); what this extension wrote counts only on the lead's own contact. */
export function mergeContact(
  ours: Record<string, string>,
  r: HubSpotObjectRecord,
  link: Pick<CrmLink, 'contactId' | 'written' | 'kept'> | undefined,
  useOurs: readonly CrmChoosable[] = [],
): Merge {
  const written = link?.contactId === r.id ? link.written : {};
  const write: Record<string, string> = {};
  const conflicts: MergeConflict[] = [];
  for (const [property, value] of Object.entries(ours)) {
    const held = r.properties[property];
    if (sameValue(property, held, value)) continue;
    const mine = written[property];
    if (unset(property, held) || (mine !== undefined && sameValue(property, held, mine))) {
      write[property] = value;
      continue;
    }
    const field = CHOOSABLE.get(property);
    if (!field) continue; // a teammate's email, name, phone …: theirs stays
    // Our New is where every lead starts, not a decision: never offered over a status someone set.
    if (property === 'hs_lead_status' && normalText(value) === 'new') continue;
    if (useOurs.includes(field)) write[property] = value;
    else {
      const decided = link?.kept[property];
      if (decided && sameValue(property, held, decided.theirs) && decided.ours === value) continue;
      conflicts.push({ field, property, theirs: held ?? '', ours: value });
    }
  }
  const order = [...CHOOSABLE.values()];
  return { write, conflicts: conflicts.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field)) };
}
