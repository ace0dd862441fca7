/*
 * The rep's fields of a lead, shared by the Leads page's lead and the card's lead editor
 * (components/shared/lead-editor.tsx): combobox "Status", date "Follow up on" with quick choices,
 * textbox "Tags" (saved on Enter or when leaving it), textbox "Note" with "Add note". Each says what
 * changed through its callback; the store write is the page's.
 */
import { useState } from 'react';
import { LEAD_STATUSES, parseTags, type Lead, type LeadStatus } from '@/lib/leads/lead';
import { followUpChoices } from '@/lib/leads/follow-up-choices';
import type { LeadPatch } from '@/lib/leads/lead-store';
import { formatDay } from '@/components/leads/lead-text';
import { Options } from './options';

export interface LeadFieldsProps {
  /** Names the fields' ids (`{prefix}-status`…): one prefix per editor shown on a page. */
  idPrefix: string;
  lead: Lead;
  /** Local `YYYY-MM-DD`: the follow-up's quick choices count from it. */
  today: string;
  /** Status, follow-up or tags changed (one field at a time). */
  onPatch: (patch: LeadPatch) => void;
}

/** The lead's pipeline, in the order it is worked: Status, Follow up on, Tags. */
export function LeadFields(props: LeadFieldsProps) {
  const { idPrefix, lead, onPatch } = props;
  return (
    <>
      <div className="leads-field">
        <label htmlFor={`${idPrefix}-status`}>Status</label>
        <select id={`${idPrefix}-status`} value={lead.status} onChange={(e) => onPatch({ status: e.target.value as LeadStatus })}>
          <Options of={LEAD_STATUSES} />
        </select>
      </div>
      <FollowUpField {...props} />
      <TagsField {...props} />
    </>
  );
}

/** "Tags", comma separated: saved on Enter or when focus leaves it, and only when they changed. */
function TagsField({ idPrefix, lead: { tags }, onPatch }: LeadFieldsProps) {
  // null: show the lead's tags (they may change elsewhere); text: what the rep is typing.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = () => {
    if (draft === null) return;
    const next = parseTags(draft);
    setDraft(null);
    if (next.join('\n') !== tags.join('\n')) onPatch({ tags: next });
  };
  return (
    <div className="leads-field">
      <label htmlFor={`${idPrefix}-tags`}>Tags</label>
      <input
        id={`${idPrefix}-tags`}
        type="text"
        value={draft ?? tags.join(', ')}
        autoComplete="off"
        aria-describedby={`${idPrefix}-tags-help`}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit();
        }}
      />
      <p id={`${idPrefix}-tags-help`} className="help">
        Comma separated; saved on Enter or when you leave the field.
      </p>
    </div>
  );
}

/** A date field's value worth saving: empty (no follow-up) or a whole date (not a year still being typed). */
function followUpValue(value: string): string | null | undefined {
  if (value === '') return null;
  const year = Number(value.slice(0, 4));
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && year >= 1900 ? value : undefined;
}

/**
 * "Follow up on": saved as soon as it holds a whole date (or is emptied). While a year is typed digit by
 * digit the field shows what is typed, not the saved day, and nothing is saved until the date is whole.
 * The quick choices ("In 3 days", "Next week", "In 2 weeks") set it in one click; `today` is local.
 */
function FollowUpField({ idPrefix, lead, today, onPatch }: LeadFieldsProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const day = lead.followUpOn;
  const onFollowUp = (followUpOn: string | null) => onPatch({ followUpOn });
  return (
    <div className="leads-field">
      <label htmlFor={`${idPrefix}-follow-up`}>Follow up on</label>
      <input
        id={`${idPrefix}-follow-up`}
        type="date"
        value={draft ?? day ?? ''}
        onChange={(e) => {
          setDraft(e.target.value);
          const next = followUpValue(e.target.value);
          if (next !== undefined && next !== day) onFollowUp(next);
        }}
        onBlur={() => setDraft(null)}
      />
      <div className="follow-up-choices" role="group" aria-label="Quick follow-up">
        {followUpChoices(today).map((c) => (
          <button
            key={c.label}
            type="button"
            className="btn btn--small btn--ghost"
            aria-pressed={day === c.day}
            title={formatDay(c.day)}
            onClick={() => {
              setDraft(null);
              if (day !== c.day) onFollowUp(c.day);
            }}
          >
            {c.label}
          </button>
        ))}
        {day !== null && (
          <button type="button" className="btn btn--small btn--ghost" onClick={() => onFollowUp(null)}>
            No follow-up
          </button>
        )}
      </div>
    </div>
  );
}

/** "Note" and "Add note": a blank note adds nothing; the box empties once the note is handed over. */
export function NoteField({ idPrefix, onAddNote }: { idPrefix: string; onAddNote: (text: string) => void }) {
  const [text, setText] = useState('');
  const add = () => {
    if (text.trim() === '') return;
    onAddNote(text);
    setText('');
  };
  return (
    <div className="lead-note-form">
      <label htmlFor={`${idPrefix}-note`}>Note</label>
      <textarea
        id={`${idPrefix}-note`}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          // Ctrl/⌘+Enter adds it, as in most note boxes; Enter alone is a new line.
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) add();
        }}
      />
      <button type="button" className="btn btn--small" aria-disabled={text.trim() === '' || undefined} onClick={add}>
        Add note
      </button>
    </div>
  );
}
