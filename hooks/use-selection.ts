import { useCallback, useState } from 'react';

/** A set of ticked ids: one at a time, a group at once (the header's "select all"), or some dropped (deleted elsewhere). */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // One function for the page's life: the memoised Leads table takes it.
  const toggleAll = useCallback(
    (ids: readonly string[], on: boolean) =>
      setSelected((s) => {
        const next = new Set(s);
        for (const id of ids) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    [],
  );
  return {
    selected,
    toggleAll,
    toggle: (id: string, on: boolean) => toggleAll([id], on),
    clear: () => setSelected(new Set()),
    drop: (ids: readonly string[]) => setSelected((s) => new Set([...s].filter((id) => !ids.includes(id)))),
  };
}
