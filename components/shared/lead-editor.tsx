/*
 * LeadEditor — the lead on a card (the panel's person card, the popup's "On this tab"): "Save lead" for
 * someone not saved yet (0 credits: the worker keeps the record it has), then "Saved · {status}", a
 * button that opens the rep's fields in place: Status, Follow up on (with quick choices), Tags and a
 * note. The same fields, store and messages as the Leads page (components/shared/lead-fields.tsx), so
 * a change shows everywhere the person appears. A save from here opens the fields at once: saving,
 * Contacted, a follow-up and a note are 4 clicks and the typing, without leaving the profile.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { statusLabel, type Lead } from '@/lib/leads/lead';
import type { LeadPatch } from '@/lib/leads/lead-store';
import { ActionStatus, type ActionMessage } from '@/components/leads/action-status';
import { formatDay, formatMoment } from '@/components/leads/lead-text';
import type { OutreachProps } from './outreach-actions';
import { LeadFields, NoteField } from './lead-fields';
import { SafeText } from './safe-text';
import { useSendOnce, type SendAction } from './send-once';

export interface LeadEditorProps {
  /** This person's lead; null: not saved; undefined: still being read (nothing is drawn). */
  lead: Lead | null | undefined;
  /** Local `YYYY-MM-DD`. */
  today: string;
  /** "Save lead" (one `saveLead` message). Absent: no button (a sample card). */
  onSave?: SendAction | undefined;
  /** Why the last save failed (the worker's message). */
  saveError?: string | undefined;
  onPatch: (patch: LeadPatch) => void;
  onAddNote: (text: string) => void;
  /** What the last change did (a polite status line), with "Undo" when it can be undone. */
  message: ActionMessage | null;
}

/** One card's lead work (hooks/use-lead-work.ts): its person, the editor and the outreach actions. */
export interface CardLead {
  personId: string;
  editor: Omit<LeadEditorProps, 'onSave' | 'saveError'>;
  outreach: OutreachProps | undefined;
}

export function LeadEditor({ lead, today, onSave, saveError, onPatch, onAddNote, message }: LeadEditorProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const { sending, send } = useSendOnce();
  const toggleRef = useRef<HTMLButtonElement>(null);
  // A save from here opens the fields and puts focus on Status: the next thing the rep sets.
  const openOnSave = useRef(false);
  useEffect(() => {
    if (!lead || !openOnSave.current) return;
    openOnSave.current = false;
    setOpen(true);
  }, [lead]);
  useEffect(() => {
    if (open && lead) document.getElementById(`${id}-lead-status`)?.focus();
    // Only when it opens: a later change to the lead must not pull focus back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  useEffect(() => {
    if (saveError) openOnSave.current = false;
  }, [saveError]);

  if (lead === undefined || (lead === null && !onSave)) return null;
  const editorId = `${id}-editor`;
  const lastNote = lead?.notes.reduce<Lead['notes'][number] | null>((a, n) => (a && a.at >= n.at ? a : n), null) ?? null;

  return (
    <div className="lead-editor">
      {lead === null ? (
        <button
          type="button"
          className="btn btn--small"
          aria-disabled={sending || undefined}
          onClick={() => {
            if (!onSave) return;
            openOnSave.current = true;
            send(onSave);
          }}
        >
          Save lead
        </button>
      ) : (
        <button
          type="button"
          ref={toggleRef}
          className="lead-editor__toggle"
          aria-expanded={open}
          aria-controls={editorId}
          onClick={() => setOpen((o) => !o)}
        >
          Saved · {statusLabel(lead.status)}
          {lead.followUpOn && <span className="lead-editor__due"> · follow up {formatDay(lead.followUpOn)}</span>}
        </button>
      )}
      {lead && open && (
        <div
          id={editorId}
          className="lead-editor__fields"
          role="group"
          aria-label="Edit lead"
          onKeyDown={(e) => {
            // Escape folds the fields away and hands focus back to "Saved · …" (a tag being typed is kept:
            // leaving its field saves it).
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            setOpen(false);
            toggleRef.current?.focus();
          }}
        >
          <LeadFields idPrefix={`${id}-lead`} lead={lead} today={today} onPatch={onPatch} />
          <NoteField idPrefix={`${id}-lead`} onAddNote={onAddNote} />
          {lastNote && (
            <p className="lead-editor__last-note small">
              <span className="muted">
                Last note, {formatMoment(lastNote.at)}
                {lead.notes.length > 1 && ` (${lead.notes.length} in all)`}:
              </span>{' '}
              <SafeText text={lastNote.text} />
            </p>
          )}
        </div>
      )}
      <ActionStatus message={lead === null && saveError ? { id: -1, text: `Not saved: ${saveError}`, tone: 'error' } : message} />
    </div>
  );
}
