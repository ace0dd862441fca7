import type { Person } from '@/lib/api';
import { PersonRow } from './person-row';
import { ResultGroup } from './result-group';

export interface SearchPeopleListProps {
  people: readonly Person[];
  /** Absent for a sample answer: its rows are synthetic and cannot be opened. */
  onPick?: (person: Person) => void;
}

/** The "People" list of a search (always present, possibly empty): choosing a row shows that person in the side panel. */
export function SearchPeopleList({ people, onPick }: SearchPeopleListProps) {
  return (
    <ResultGroup heading="People" emptyText="No people match." count={people.length}>
      {people.map((person) => (
        <PersonRow key={person.id} person={person} {...(onPick ? { onPick } : {})} />
      ))}
    </ResultGroup>
  );
}
