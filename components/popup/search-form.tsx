import { useState, type FormEvent } from 'react';

export interface SearchFormProps {
  /** Called once per submit (Enter or the button), never per keystroke. */
  onSearch: (q: string) => void;
  /** A search is in flight: further submits are ignored so nothing is paid twice. */
  busy?: boolean;
  /** Credits one search costs: the account's search price (the meter's). */
  price: number;
}

/** The popup's search box: searches on Enter or the explicit, priced button. */
export function SearchForm({ onSearch, busy = false, price }: SearchFormProps) {
  const [value, setValue] = useState('');
  const [hint, setHint] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const q = value.trim();
    if (!q) {
      setHint('Type a name, handle or project first.');
      return;
    }
    setHint(null);
    onSearch(q);
  }

  return (
    <form role="search" className="search-form" onSubmit={submit}>
      <input
        type="search"
        aria-label="Search the directory"
        // Short enough to show whole beside the priced button at the popup's width (the longer
        // "Name, @handle or project" was cut to "…projec"); the accessible name stays the label.
        placeholder="Name, @handle, project"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        autoComplete="off"
        spellCheck={false}
        maxLength={200}
        aria-describedby={hint ? 'search-hint' : undefined}
      />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        Search · {price} credits
      </button>
      {hint && (
        <p id="search-hint" className="hint" role="status">
          {hint}
        </p>
      )}
    </form>
  );
}
