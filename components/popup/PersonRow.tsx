import type { Person } from '@/lib/api';
import { ChannelFlags } from './ChannelFlags';
import { personName } from '../shared/format';

export interface PersonRowProps {
  person: Person;
  onPick: (person: Person) => void;
}

/** One person in the search results: name, role and company, and which channels are on file. */
export function PersonRow({ person, onPick }: PersonRowProps) {
  const role = [person.jobTitle, person.company?.name].filter(Boolean).join(' · ');
  return (
    <li className="result-row">
      <button type="button" className="result-button" onClick={() => onPick(person)}>
        <span className="result-name">{personName(person)}</span>
        {role && <span className="result-meta"> {role}</span>}
      </button>
      <ChannelFlags person={person} />
    </li>
  );
}
