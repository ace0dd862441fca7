/*
 * SelectionActions — what the rep can do to the selected leads at once: set their status, add or
 * remove a tag, delete them (with "Undo" in the page's status line), or clear the selection. Shown
 * only while something is selected.
 */
import { useState } from 'react';
import { LEAD_STATUSES, parseTags, type LeadStatus } from '@/lib/leads/lead';
import { Options } from '@/components/shared/options';
import { leadsLabel } from './lead-text';

export interface SelectionActionsProps {
  count: number;
  onStatus: (status: LeadStatus) => void;
  onAddTags: (tags: string[]) => void;
  onRemoveTags: (tags: string[]) => void;
  onDelete: () => void;
  onClear: () => void;
}

export function SelectionActions({ count, onStatus, onAddTags, onRemoveTags, onDelete, onClear }: SelectionActionsProps) {
  const [status, setStatus] = useState<LeadStatus>('contacted');
  const [tag, setTag] = useState('');
  const tags = parseTags(tag);
  const withTags = (act: (tags: string[]) => void) => () => {
    if (tags.length === 0) return;
    act(tags);
    setTag('');
  };
  return (
    <section className="leads-selection" aria-label="Selected leads">
      <p className="leads-selection__count">{leadsLabel(count)} selected</p>
      <div className="leads-selection__group">
        <label htmlFor="leads-bulk-status">Set selected to</label>
        <select id="leads-bulk-status" value={status} onChange={(e) => setStatus(e.target.value as LeadStatus)}>
          <Options of={LEAD_STATUSES} />
        </select>
        <button type="button" className="btn btn--small" onClick={() => onStatus(status)}>
          Apply to selected
        </button>
      </div>
      <div className="leads-selection__group">
        <label htmlFor="leads-bulk-tag">Tag for selected</label>
        <input
          id="leads-bulk-tag"
          type="text"
          value={tag}
          autoComplete="off"
          onChange={(e) => setTag(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') withTags(onAddTags)();
          }}
        />
        <button type="button" className="btn btn--small" aria-disabled={tags.length === 0 || undefined} onClick={withTags(onAddTags)}>
          Add tag
        </button>
        <button type="button" className="btn btn--small" aria-disabled={tags.length === 0 || undefined} onClick={withTags(onRemoveTags)}>
          Remove tag
        </button>
      </div>
      <div className="leads-selection__group">
        <button type="button" className="btn btn--small btn--danger" onClick={onDelete}>
          Delete selected
        </button>
        <button type="button" className="btn btn--small btn--ghost" onClick={onClear}>
          Clear selection
        </button>
      </div>
    </section>
  );
}
