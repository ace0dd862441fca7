/*
 * SearchByName — "search the directory for these words" at its price, never automatically: the query
 * starts as the page's display name and can be edited. Used by "Not them?" and "Not in the directory".
 */
import { creditsLabel } from '@/lib/messages/texts';
import { useId, useState } from 'react';
import { useSendOnce } from '@/components/shared/send-once';

export interface SearchByNameProps {
  /** The page's display name (may be empty) */
  initial: string;
  /** Sends the search; its promise, if any, settles with the worker's answer. */
  onSearch: (q: string) => void | Promise<unknown>;
  /** What the search costs: the account's search price. */
  price: number;
}

export function SearchByName({ initial, onSearch, price }: SearchByNameProps) {
  const [q, setQ] = useState(initial);
  // Enter or a double click while the search is on its way sends nothing more.
  const { sending, send } = useSendOnce();
  const id = useId();
  const words = q.trim();
  return (
    <form
      className="search-by-name"
      aria-label="Search the directory"
      onSubmit={(e) => {
        e.preventDefault();
        if (words) send(() => onSearch(words));
      }}
    >
      <label htmlFor={id}>Search the directory for</label>
      <input id={id} type="search" value={q} maxLength={200} onChange={(e) => setQ(e.target.value)} />
      <button type="submit" className="btn btn--small" disabled={!words} aria-disabled={sending || undefined}>
        Search · {creditsLabel(price)}
      </button>
    </form>
  );
}
