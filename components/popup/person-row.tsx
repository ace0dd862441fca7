import type { Person } from '@/lib/api';
import type { LeadStatus } from '@/lib/leads/lead';
import { RowAction } from './row-action';
import { ChannelFlags } from '@/components/shared/channel-flags';
import { personName } from '@/components/shared/format';
import type { SendAction } from '@/components/shared/send-once';
import { SaveLead } from '@/components/shared/save-lead';
import { InCrm } from '@/components/shared/in-crm';
import type { CrmMark } from '@/lib/crm/crm';
import { SafeText } from '@/components/shared/safe-text';
import { safeText } from '@/lib/text/safe-text';

export interface PersonRowProps {
  person: Person;
  /** Absent for sample (NOT REAL DATA) rows: synthetic records are never opened as if real. */
  onPick?: (person: Person) => void;
  /** This person's lead status: "Saved · {status}" instead of the save button. */
  saved?: LeadStatus | undefined;
  /** "Save {name} as lead" (0 credits). Absent for sample rows: a synthetic record is never kept. */
  onSave?: SendAction | undefined;
  /** Why the last save failed. */
  saveError?: string | undefined;
  /** "In HubSpot" (issue 27). */
  crm?: CrmMark | null | undefined;
}

/** One person in the search results: name, role and company, which channels are on file, and saving them as a lead. */
export function PersonRow({ person, onPick, saved, onSave, saveError, crm }: PersonRowProps) {
  const role = [safeText(person.jobTitle), safeText(person.company?.name)].filter(Boolean).join(' · ');
  const name = personName(person);
  return (
    <li className="result-row">
      <RowAction onPick={onPick && (() => onPick(person))}>
        <SafeText className="result-name" text={name} />
        {role && (
          <span className="result-meta">
            {' '}
            <SafeText text={role} />
          </span>
        )}
      </RowAction>
      {/* A sample row is synthetic: "✓ Email" would promise a contact that does not exist. */}
      {onPick && <ChannelFlags person={person} />}
      <InCrm mark={crm} />
      {onPick && <SaveLead saved={saved} onSave={onSave} label={`Save ${name} as lead`} text="Save" error={saveError} />}
    </li>
  );
}
