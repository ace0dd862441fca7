import type { Person } from '@/lib/api';
import type { LeadRows } from '@/components/shared/save-lead';
import { PersonRow } from './person-row';
import { ResultGroup } from './result-group';

export interface SearchPeopleListProps {
  people: readonly Person[];
  /** Absent for a sample answer: its rows are synthetic and cannot be opened. */
  onPick?: (person: Person) => void;
  /** Save buttons and Saved marks; absent for a sample answer (its rows are never kept). */
  leads?: LeadRows | undefined;
}

/** The "People" list of a search (always present, possibly empty): choosing a row shows that person in the side panel. */
export function SearchPeopleList({ people, onPick, leads }: SearchPeopleListProps) {
  const onSave = leads?.onSave;
  return (
    <ResultGroup heading="People" emptyText="No people match." count={people.length}>
      {people.map((person) => (
        <PersonRow
          key={person.id}
          person={person}
          {...(onPick ? { onPick } : {})}
          saved={leads?.saved.get(person.id)}
          onSave={onSave && (() => onSave(person.id))}
          saveError={leads?.errors?.get(person.id)}
          crm={leads?.crm?.get(person.id)}
        />
      ))}
    </ResultGroup>
  );
}
