import { useState } from 'react';

/** A set of ticked ids: one at a time, or a group at once (the header's "select all"). */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggleAll = (ids: readonly string[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  return {
    selected,
    clear: () => setSelected(new Set()),
    toggle: (id: string, on: boolean) => toggleAll([id], on),
    toggleAll: (ids: string[], on: boolean) => toggleAll(ids, on),
  };
}
