/*
 * NotFoundView — status `not-found`: "Not in the directory", with the query that was searched.
 *
 * Props:
 *   query  string
 */
import { StateMessage } from './state-message';
import { SafeText } from '../shared/safe-text';

export interface NotFoundViewProps {
  query: string;
}

export function NotFoundView({ query }: NotFoundViewProps) {
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
    </StateMessage>
  );
}
