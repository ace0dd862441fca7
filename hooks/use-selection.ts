import { useCallback, useMemo, useState } from 'react';

/** A set of ticked ids: one at a time, a group at once (the header's "select all"), or some dropped (deleted elsewhere). */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
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
  return useMemo(
    () => ({
      selected,
      toggleAll,
      toggle: (id: string, on: boolean) => toggleAll([id], on),
      clear: () => setSelected(new Set()),
      drop: (ids: readonly string[]) => setSelected((s) => new Set([...s].filter((id) => !ids.includes(id)))),
    }),
    [selected, toggleAll],
  );
}
