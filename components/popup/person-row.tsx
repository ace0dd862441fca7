import type { Person } from '@/lib/api';
import { RowAction } from './row-action';
import { ChannelFlags } from '@/components/shared/channel-flags';
import { personName } from '@/components/shared/format';
import { SafeText } from '@/components/shared/safe-text';
import { safeText } from '@/lib/text/safe-text';

export interface PersonRowProps {
  person: Person;
  /** Absent for sample (NOT REAL DATA) rows: synthetic records are never opened as if real. */
  onPick?: (person: Person) => void;
}

/** One person in the search results: name, role and company, and which channels are on file. */
export function PersonRow({ person, onPick }: PersonRowProps) {
  const role = [safeText(person.jobTitle), safeText(person.company?.name)].filter(Boolean).join(' · ');
  return (
    <li className="result-row">
      <RowAction onPick={onPick && (() => onPick(person))}>
        <SafeText className="result-name" text={personName(person)} />
        {role && (
          <span className="result-meta">
            {' '}
            <SafeText text={role} />
          </span>
        )}
      </RowAction>
      {/* A sample row is synthetic: "✓ Email" would promise a contact that does not exist. */}
      {onPick && <ChannelFlags person={person} />}
    </li>
  );
}
