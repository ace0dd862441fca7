import type { CrmMark } from '@/lib/crm/crm';
import type { CardLead } from './lead-editor';
/*
 * SaveLead — "Save lead" on the panel's person card, "Save {name} as lead" on rows (popup results, team,
 * coworkers, candidates); once the person is a lead, "Saved · {status}" in its place, wherever they
 * appear. Saving is free (the worker keeps the record it already has): the button only waits for the
 * worker's answer, so a double click saves once. A failed save says why next to it, in a polite live
 * region that is always there (text added to a region that just appeared is often not announced).
 */
import { useEffect, useRef } from 'react';
import { statusLabel, type LeadStatus } from '@/lib/leads/lead';
import { useSendOnce, type SendAction } from './send-once';

export interface SaveLeadProps {
  /** This person's lead status; undefined: not saved. */
  saved?: LeadStatus | undefined;
  /** Save them (one `saveLead` message). Absent: no button (a sample row), though a saved mark still shows. */
  onSave?: SendAction | undefined;
  /** The button's accessible name: "Save lead" on a card, "Save {name} as lead" on a row. */
  label: string;
  /** The button's visible text when shorter than its name (rows say "Save"; the name starts with it). */
  text?: string;
  /** Why the last save failed (the worker's message). */
  error?: string | undefined;
}

export function SaveLead({ saved, onSave, label, text = label, error }: SaveLeadProps) {
  const { sending, send } = useSendOnce();
  const mark = useRef<HTMLSpanElement>(null);
  // The button is replaced by the mark when the save lands: focus follows, so a keyboard user is not
  // dropped at the top of the page (and a screen reader reads the new status).
  const focusMark = useRef(false);
  useEffect(() => {
    if (saved && focusMark.current) mark.current?.focus();
    focusMark.current = false;
  }, [saved]);
  useEffect(() => {
    if (error) focusMark.current = false; // that save is over; the button is still there
  }, [error]);

  if (!saved && !onSave) return null;
  return (
    <div className="save-lead">
      {saved ? (
        <span ref={mark} className="save-lead__mark" tabIndex={-1}>
          Saved · {statusLabel(saved)}
        </span>
      ) : (
        onSave && (
          <button
            type="button"
            className="btn btn--small"
            aria-label={label === text ? undefined : label}
            aria-disabled={sending || undefined}
            onClick={() => {
              focusMark.current = true;
              send(onSave);
            }}
          >
            {text}
          </button>
        )
      )}
      <span role="status" className="save-lead__error">
        {error && !saved ? `Not saved: ${error}` : ''}
      </span>
    </div>
  );
}

/** What a view's lists need for their save buttons and Saved marks, by person id (bound to that view by the wiring). */
export interface LeadRows {
  /** The statuses of the people shown who are leads. */
  saved: ReadonlyMap<string, LeadStatus>;
  /** Why the last save of a person failed. */
  errors?: ReadonlyMap<string, string>;
  /** Absent: no save buttons (the marks still show). */
  onSave?: (personId: string) => void | Promise<unknown>;
  /** "In HubSpot" for the people shown, when the rep opted in (issue 27). */
  crm?: ReadonlyMap<string, CrmMark | null>;
  /** The view's card: its lead editor and outreach actions (the rows keep their Save buttons). */
  card?: CardLead | undefined;
}

/** A row's SaveLead: "Save {name} as lead" (visible "Save"), or its Saved mark. */
export function RowSaveLead({ leads, personId, name }: { leads: LeadRows | undefined; personId: string; name: string }) {
  if (!leads) return null;
  const { onSave } = leads;
  return (
    <SaveLead
      saved={leads.saved.get(personId)}
      onSave={onSave && (() => onSave(personId))}
      label={`Save ${name} as lead`}
      text="Save"
      error={leads.errors?.get(personId)}
    />
  );
}
