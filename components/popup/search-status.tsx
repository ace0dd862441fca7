import type { SearchState } from './search-state';
import { SafeText } from '@/components/shared/safe-text';
import { creditsLabel } from '@/lib/messages/texts';

export interface SearchStatusProps {
  search: SearchState;
  /** Repeat the refused search past today's budget (sends `override: true`). */
  onSearchAnyway: () => void;
  /** What "Search anyway" costs: the account's search price (the meter's). */
  price: number;
}

/** Text for the polite live region: what the last search cost, or why it did not run (failures are alerts). */
function searchStatusText(search: SearchState): string {
  if (search.status === 'searching') return `Searching “${search.q}”…`;
  // The refusal's own words (lib/messages/texts.ts refusalText) say what is left and what the search needs.
  if (search.status === 'failed' && search.failure.reason === 'budget') return `Not searched. ${search.failure.message}`;
  if (search.status !== 'done') return '';
  const { result } = search;
  const cost = result.fromCache
    ? 'from cache · 0 credits'
    : result.sample
      ? 'sample · 0 credits'
      : `${creditsLabel(result.creditsCharged)} charged`;
  return `${result.people.length} people and ${result.projects.length} projects for “${result.q}” · ${cost}`;
}

/** The cost line (status), failures (alert), and "Search anyway" after a budget refusal. */
export function SearchStatus({ search, onSearchAnyway, price }: SearchStatusProps) {
  const error =
    search.status === 'error'
      ? search.message
      : search.status === 'failed' && search.failure.reason !== 'budget' && search.failure.reason !== 'no-key'
        ? search.failure.message
        : '';
  const refused = search.status === 'failed' && search.failure.reason === 'budget';
  return (
    <div className="search-status">
      <p role="status">{searchStatusText(search)}</p>
      {refused && (
        <button type="button" className="btn btn--primary" onClick={onSearchAnyway}>
          Search anyway · {price} credits
        </button>
      )}
      {error && (
        <p role="alert" className="search-error">
          <SafeText text={error} />
        </p>
      )}
    </div>
  );
}
