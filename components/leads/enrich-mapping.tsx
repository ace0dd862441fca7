/*
 * The columns as read: one select per column with the type detected, which the rep can change ("Column 2:
 * Twitter" → X handle); the summary of what will be sent for a price ("40 rows · 3 unreadable · 2
 * duplicates folded"), and each unreadable line with why. File text is shown as text (SafeText).
 */
import { useId } from 'react';
import { Options } from '@/components/shared/options';
import { SafeText } from '@/components/shared/safe-text';
import { safeText } from '@/lib/text/safe-text';
import type { ColumnRole, UnreadableRow } from '@/lib/enrich/read-list-columns';
import { previewText } from './enrich-text';

/** What a column may be read as, as its select offers it: a label per role, so a role added to the reader needs one. */
const ROLE_LABELS: Record<ColumnRole, string> = {
  x: 'X handle or link',
  linkedin: 'LinkedIn profile link',
  name: 'Name',
  'first-name': 'First name',
  'last-name': 'Last name',
  company: 'Company',
  email: 'Email',
  ignore: 'Not used',
};
export const COLUMN_ROLES = (Object.keys(ROLE_LABELS) as ColumnRole[]).map((id) => ({ id, label: ROLE_LABELS[id] }));

export interface EnrichMappingProps {
  /** Each column: its header (or its first cell when the list has none) and what it is read as. */
  columns: readonly { header: string; kind: ColumnRole }[];
  onKind: (column: number, kind: ColumnRole) => void;
  /** `rows`: every person line read (folded and unreadable ones included). */
  read: { rows: number; unreadable: readonly UnreadableRow[]; duplicates: number };
}

export function EnrichMapping({ columns, onKind, read }: EnrichMappingProps) {
  const id = useId();
  return (
    <div className="enrich-mapping">
      {columns.length > 0 && (
        <fieldset className="enrich-mapping__columns">
          <legend>Columns</legend>
          {columns.map((c, i) => {
            return (
              <span key={i} className="leads-field">
                <label htmlFor={`${id}-${i}`}>
                  Column {i + 1}
                  {safeText(c.header) && (
                    <>
                      : <SafeText text={c.header} />
                    </>
                  )}
                </label>
                <select id={`${id}-${i}`} value={c.kind} onChange={(e) => onKind(i, e.target.value as ColumnRole)}>
                  <Options of={COLUMN_ROLES} />
                </select>
              </span>
            );
          })}
        </fieldset>
      )}
      <p className="enrich-mapping__summary">{previewText({ ...read, unreadable: read.unreadable.length })}</p>
      {read.unreadable.length > 0 && (
        <ul className="enrich-mapping__unreadable small" aria-label="Unreadable rows">
          {read.unreadable.map((u) => (
            <li key={u.line}>
              Line {u.line}: <SafeText text={u.text} className="muted" /> — {u.why}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
