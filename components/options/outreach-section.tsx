/*
 * OutreachSection — "Outreach" on the options page: who the rep is ({myName}, {myCompany}), how many days
 * out a message sets the follow-up, and the message templates the card's "Message on Telegram" and
 * "Email" start from (a few, editable; the variables listed; a preview with a sample person). Edited as a
 * draft and saved with "Save outreach", so a half-typed template never reaches a card.
 */
import { useId, useState, type InputHTMLAttributes } from 'react';
import { draftMessage } from '@/lib/leads/outreach';
import {
  DEFAULT_TEMPLATES,
  FOLLOW_UP_DAYS_BOUNDS,
  TEMPLATE_LIMITS,
  TEMPLATE_VARIABLES,
  type OutreachSettings,
  type OutreachTemplate,
} from '@/lib/settings/outreach-settings';
import { formatClock } from '@/components/shared/format';

/** Who the preview writes to. */
const SAMPLE_PERSON = { firstName: 'Ada', name: 'Ada Lindqvist', company: 'QuantLayer', title: 'Head of BD' };

/** Who the rep is: what {myName} and {myCompany} fill in. */
const WHO_FIELDS = [
  { key: 'myName', label: 'Your name', autoComplete: 'name' },
  { key: 'myCompany', label: 'Your company', autoComplete: 'organization' },
] as const;

/** A template's one-line fields (its message is a textarea below them). */
const TEMPLATE_FIELDS = [
  { key: 'name', label: 'Template name', maxLength: TEMPLATE_LIMITS.name },
  { key: 'subject', label: 'Email subject', maxLength: TEMPLATE_LIMITS.subject },
] as const;

const newTemplate = (): OutreachTemplate => ({
  id: `t${Date.now().toString(36)}`,
  name: 'New template',
  subject: '',
  body: 'Hi {firstName}, ',
});

export interface OutreachSectionProps {
  /** undefined while the first read is pending. */
  outreach: OutreachSettings | undefined;
  /** Stores the whole outreach part; resolves false when it could not be saved. */
  onSave: (outreach: OutreachSettings) => Promise<boolean>;
}

export function OutreachSection({ outreach, onSave }: OutreachSectionProps) {
  const headingId = useId();
  // Kept here: a save remounts the form (the stored value changed), and the line must survive it.
  const [status, setStatus] = useState<string | null>(null);
  const save = (next: OutreachSettings) =>
    void onSave(next).then((saved) => setStatus(saved ? `Saved at ${formatClock(Date.now())}.` : 'Could not save. Try again.'));
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Outreach</h2>
      <p className="help">
        After a contact is revealed, its card offers “Message on Telegram” and “Email” drafted from these templates. Sending is yours, in
        Telegram or your mail app; the extension records it on the lead (a note, status Contacted, a follow-up). No credits, no calls.
      </p>
      {outreach ? (
        // Remounted when the stored value changes elsewhere, so the draft starts from what is stored.
        <OutreachForm key={JSON.stringify(outreach)} stored={outreach} onSave={save} status={status} />
      ) : (
        <p role="status">Loading…</p>
      )}
    </section>
  );
}

type OutreachFormProps = { stored: OutreachSettings; onSave: (next: OutreachSettings) => void; status: string | null };

function OutreachForm({ stored, onSave, status }: OutreachFormProps) {
  const id = useId();
  const [draft, setDraft] = useState<OutreachSettings>(stored);
  const changed = JSON.stringify(draft) !== JSON.stringify(stored);
  const update = (patch: Partial<OutreachSettings>) => setDraft({ ...draft, ...patch });
  const templates = (templates: OutreachTemplate[]) => update({ templates });
  const preview = draft.templates[0]
    ? draftMessage(draft.templates[0], { ...SAMPLE_PERSON, myName: draft.myName, myCompany: draft.myCompany })
    : null;

  return (
    <form
      className="outreach-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft);
      }}
    >
      <div className="outreach-form__who">
        {WHO_FIELDS.map((f) => (
          <TextField
            key={f.key}
            id={`${id}-${f.key}`}
            label={f.label}
            autoComplete={f.autoComplete}
            maxLength={TEMPLATE_LIMITS.who}
            value={draft[f.key]}
            onChange={(e) => update({ [f.key]: e.target.value })}
          />
        ))}
        <TextField
          id={`${id}-days`}
          label="Follow up after a message (days)"
          type="number"
          min={FOLLOW_UP_DAYS_BOUNDS.min}
          max={FOLLOW_UP_DAYS_BOUNDS.max}
          value={draft.followUpDays}
          onChange={(e) => update({ followUpDays: Number(e.target.value) })}
        />
      </div>
      {(!draft.myName.trim() || !draft.myCompany.trim()) && (
        <p className="notice" role="note">
          Fill in your name and company: templates that use {'{myName}'} or {'{myCompany}'} leave them out until you do.
        </p>
      )}

      <p className="help">
        Variables: {TEMPLATE_VARIABLES.map((v) => `{${v.name}} ${v.means}`).join(' · ')}. The first template is the one a card offers first.
      </p>
      <ol className="outreach-form__templates">
        {draft.templates.map((t, i) => (
          <li key={t.id}>
            <TemplateFields
              id={`${id}-${t.id}`}
              index={i}
              template={t}
              onChange={(patch) => templates(draft.templates.map((other, j) => (j === i ? { ...other, ...patch } : other)))}
              // The last template stays: a card always has one to start from.
              onRemove={draft.templates.length > 1 ? () => templates(draft.templates.filter((_, j) => j !== i)) : undefined}
            />
          </li>
        ))}
      </ol>
      <div className="actions">
        {draft.templates.length < TEMPLATE_LIMITS.count && (
          <button type="button" className="btn" onClick={() => templates([...draft.templates, newTemplate()])}>
            Add template
          </button>
        )}
        <button type="button" className="btn btn--ghost" onClick={() => templates([...DEFAULT_TEMPLATES])}>
          Restore default templates
        </button>
        <button type="submit" className="btn btn--primary" aria-disabled={!changed || undefined}>
          Save outreach
        </button>
      </div>
      <p role="status" className="help">
        {changed ? 'Not saved yet.' : (status ?? '')}
      </p>
      {preview && (
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
      )}
    </form>
  );
}

/** One labelled input of the form (a text field unless `type` says otherwise). */
function TextField({ label, ...input }: { id: string; label: string } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className="field">
      <label htmlFor={input.id}>{label}</label>
      <input type="text" {...input} />
    </div>
  );
}

/** One template's fields; `id` prefixes their ids (unique per template); no `onRemove` for the only template left. */
type TemplateFieldsProps = { id: string; index: number; template: OutreachTemplate; onChange: (patch: Partial<OutreachTemplate>) => void };

function TemplateFields({ id, index, template: t, onChange, onRemove }: TemplateFieldsProps & { onRemove: (() => void) | undefined }) {
  return (
    <fieldset>
      <legend>Template {index + 1}</legend>
      {TEMPLATE_FIELDS.map((f) => (
        <TextField
          key={f.key}
          id={`${id}-${f.key}`}
          label={f.label}
          maxLength={f.maxLength}
          value={t[f.key]}
          onChange={(e) => onChange({ [f.key]: e.target.value })}
        />
      ))}
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
