/*
 * NotFoundView — status `not-found`: "Not in the directory", with the query that was searched, and a
 * search by the page's display name (editable) at its price — offered, never run on its own.
 */
import { SearchByName } from './search-by-name';
import { StateMessage } from './state-message';
import { SafeText } from '@/components/shared/safe-text';

export interface NotFoundViewProps {
  query: string;
  /** The page's display name. */
  displayName?: string;
  /** Absent: no search offered. */
  onSearch?: (q: string) => void | Promise<unknown>;
  /** What the search costs: the account's search price. */
  price: number;
}

export function NotFoundView({ query, displayName = '', onSearch, price }: NotFoundViewProps) {
  return (
    <StateMessage title="Not in the directory">
      <p>
        Searched for{' '}
        <q className="query">
          <SafeText text={query} />
        </q>
        : no person or company matched.
      </p>
      <p className="muted">This answer is remembered for a while, so revisiting the page costs nothing.</p>
      {onSearch && <SearchByName initial={displayName && displayName !== query ? displayName : ''} onSearch={onSearch} price={price} />}
    </StateMessage>
  );
}
