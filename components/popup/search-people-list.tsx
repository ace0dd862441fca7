import { useId } from 'react';
import type { Person } from '@/lib/api';
import { PersonRow } from './person-row';

export interface SearchPeopleListProps {
  people: readonly Person[];
  /** Absent for a sample answer: its rows are synthetic and cannot be opened. */
  onPick?: (person: Person) => void;
}

/** The "People" list of a search (always present, possibly empty): choosing a row shows that person in the side panel. */
export function SearchPeopleList({ people, onPick }: SearchPeopleListProps) {
  const headingId = useId();
  return (
    <section className="result-group">
      <h2 id={headingId}>People</h2>
      <ul role="list" aria-labelledby={headingId} className="result-list">
        {people.map((person) => (
          <PersonRow key={person.id} person={person} {...(onPick ? { onPick } : {})} />
        ))}
      </ul>
      {people.length === 0 && <p className="empty">No people match.</p>}
    </section>
  );
}
