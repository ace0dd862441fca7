/** A select's options, one per choice in the list's order (the value is the choice's id). */
export function Options({ of }: { of: readonly { id: string; label: string }[] }) {
  return of.map((c) => (
    <option key={c.id} value={c.id}>
      {c.label}
    </option>
  ));
}
