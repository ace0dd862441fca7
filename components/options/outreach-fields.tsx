/*
 * The parts of the options page's outreach form (components/options/outreach-section.tsx): who the rep is
 * and the follow-up days, one template's fields, and the preview with the sample person.
 */
import { FOLLOW_UP_DAYS_BOUNDS, TEMPLATE_LIMITS, type OutreachSettings, type OutreachTemplate } from '@/lib/settings/outreach-settings';

/** Who the preview writes to. */
export const SAMPLE_PERSON = { firstName: 'Ada', name: 'Ada Lindqvist', company: 'QuantLayer', title: 'Head of BD' };

type Who = Pick<OutreachSettings, 'myName' | 'myCompany' | 'followUpDays'>;

export function WhoFields({ id, draft, onChange }: { id: string; draft: Who; onChange: (patch: Partial<Who>) => void }) {
  return (
    <div className="outreach-form__who">
      <div className="field">
        <label htmlFor={`${id}-me`}>Your name</label>
        <input
          id={`${id}-me`}
          type="text"
          autoComplete="name"
          maxLength={TEMPLATE_LIMITS.who}
          value={draft.myName}
          onChange={(e) => onChange({ myName: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-company`}>Your company</label>
        <input
          id={`${id}-company`}
          type="text"
          autoComplete="organization"
          maxLength={TEMPLATE_LIMITS.who}
          value={draft.myCompany}
          onChange={(e) => onChange({ myCompany: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-days`}>Follow up after a message (days)</label>
        <input
          id={`${id}-days`}
          type="number"
          min={FOLLOW_UP_DAYS_BOUNDS.min}
          max={FOLLOW_UP_DAYS_BOUNDS.max}
          value={draft.followUpDays}
          onChange={(e) => onChange({ followUpDays: Number(e.target.value) })}
        />
      </div>
    </div>
  );
}

export interface TemplateFieldsProps {
  /** Prefix of the fields' ids (unique per template). */
  id: string;
  index: number;
  template: OutreachTemplate;
  onChange: (patch: Partial<OutreachTemplate>) => void;
  /** Absent when it is the only template left. */
  onRemove: (() => void) | undefined;
}

export function TemplateFields({ id, index, template: t, onChange, onRemove }: TemplateFieldsProps) {
  return (
    <fieldset>
      <legend>Template {index + 1}</legend>
      <div className="field">
        <label htmlFor={`${id}-name`}>Template name</label>
        <input
          id={`${id}-name`}
          type="text"
          maxLength={TEMPLATE_LIMITS.name}
          value={t.name}
          onChange={(e) => onChange({ name: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-subject`}>Email subject</label>
        <input
          id={`${id}-subject`}
          type="text"
          maxLength={TEMPLATE_LIMITS.subject}
          value={t.subject}
          onChange={(e) => onChange({ subject: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-body`}>Message</label>
        <textarea
          id={`${id}-body`}
          rows={4}
          maxLength={TEMPLATE_LIMITS.body}
          value={t.body}
          onChange={(e) => onChange({ body: e.target.value })}
        />
      </div>
      {onRemove && (
        <button
          type="button"
          className="btn btn--small btn--ghost"
          aria-label={`Remove template ${t.name || index + 1}`}
          onClick={onRemove}
        >
          Remove
        </button>
      )}
    </fieldset>
  );
}

export function OutreachPreview({ preview }: { preview: { subject: string; body: string } }) {
  return (
    // A group, so its name is heard (an aria-label on a plain div is ignored).
    <div className="outreach-form__preview" role="group" aria-label="Preview">
      <h3>
        Preview, to {SAMPLE_PERSON.name} at {SAMPLE_PERSON.company}
      </h3>
      <p>
        <strong>Subject:</strong> {preview.subject}
      </p>
      <p className="outreach-form__body">{preview.body}</p>
    </div>
  );
}
