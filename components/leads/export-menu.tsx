/*
 * ExportMenu — the button "Export" and the list of outputs it discloses (a disclosure of buttons, so
 * Tab and Enter reach each one): the CRM presets, labelled "for import, not for opening in a
 * spreadsheet", then the spreadsheet outputs. It says what will be exported (the selection, or every
 * lead shown when nothing is selected). Escape or leaving it closes it.
 */
import { useId, useRef, useState } from 'react';
import { CRM_IMPORT_NOTE, EXPORT_KINDS } from '@/lib/leads/export/export';

type ExportKind = (typeof EXPORT_KINDS)[number];

export interface ExportMenuProps {
  /** "the 3 selected leads", "all 120 leads shown" */
  scope: string;
  /** Nothing to export. */
  disabled: boolean;
  onExport: (kind: ExportKind) => void;
}

const GROUPS = [
  { outputs: ['crm'], title: 'For a CRM import' },
  { outputs: ['spreadsheet', 'address-book'], title: 'Files and spreadsheets' },
] as const;

export function ExportMenu({ scope, disabled, onExport }: ExportMenuProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  return (
    <div
      className="export-menu"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          close(true);
        }
      }}
      onBlur={(e) => {
        if (open && !e.currentTarget.contains(e.relatedTarget)) close(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-disabled={disabled || undefined}
        onClick={() => !disabled && setOpen((o) => !o)}
      >
        Export
      </button>
      {open && (
        <div id={`${id}-menu`} className="export-menu__panel">
          <p className="muted small">Exports {scope}. 0 credits; leads marked “Do not contact” are left out.</p>
          {GROUPS.map((g) => (
            <div key={g.title} className="export-menu__group">
              <h2 className="export-menu__title" id={`${id}-${g.outputs[0]}`}>
                {g.title}
              </h2>
              <ul aria-labelledby={`${id}-${g.outputs[0]}`}>
                {EXPORT_KINDS.filter((k) => (g.outputs as readonly string[]).includes(k.output)).map((k) => (
                  <li key={k.id}>
                    <button
                      type="button"
                      className="export-menu__item"
                      aria-describedby={k.output === 'crm' ? `${id}-${k.id}-note` : undefined}
                      onClick={() => {
                        close(true);
                        onExport(k);
                      }}
                    >
                      {k.label}
                    </button>
                    {k.output === 'crm' && (
                      <span id={`${id}-${k.id}-note`} className="export-menu__note muted small">
                        {CRM_IMPORT_NOTE}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
