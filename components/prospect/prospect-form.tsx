/*
 * ProspectFormView — "Look for" (People, Projects, Funds, Service providers), the filters the chosen
 * list accepts, and "Search · N credits". Values the spec leaves open are typed freely, with values to
 * toggle next to their field: roles and channels the directory listed for this account (or, before any
 * answer, a starting list labelled as a suggestion), the rest from earlier answers on this page. Enter in
 * a field searches, like the button: one message until the answer. A role or channel not on offer is
 * questioned first (nothing sent): use the suggested value, or search as typed.
 */
import { creditsLabel } from '@/lib/messages/texts';
import { useId } from 'react';
import { formatLocalDay } from '@/components/shared/format';
import { SendButton, useSendOnce, type SendAction } from '@/components/shared/send-once';
import { Options } from '@/components/shared/options';
import {
  CONTACT_TYPE_CHOICES,
  FIELDS_BY_LIST,
  LIST_CHOICES,
  SORT_CHOICES,
  TOKEN_CHOICES,
  splitValues,
  toggleValue,
  type FilterField,
  type ProspectForm,
} from '@/lib/prospect/filters';
import type { Vocabulary } from '@/lib/prospect/results';
import { doubtText, type Doubt, type FacetField, type Offers } from '@/lib/prospect/vocabulary';
import { safeText } from '@/lib/text/safe-text';

export interface ProspectFormViewProps {
  value: ProspectForm;
  vocabulary: Vocabulary;
  /** The roles and channels on offer (the directory's, or the starting suggestion). */
  offers: Offers;
  /** The values the last "Search" questioned instead of sending. */
  doubts: readonly Doubt[];
  onPick: (doubt: Doubt) => void;
  onSearchAsTyped: SendAction;
  /** The chosen list's price per page (the meter's). */
  price: number;
  onChange: (form: ProspectForm) => void;
  onSearch: SendAction;
}

/** An open field: its label, the form key, whether it holds several values, and where its suggestions come from. */
const OPEN_FIELDS = {
  roles: { label: 'Roles', several: true, from: 'roles' },
  channels: { label: 'Channels on file', several: true, from: 'channels' },
  sectors: { label: 'Sectors', several: true, from: 'sectors' },
  fundType: { label: 'Fund type', several: false, from: 'fundTypes' },
  trustTier: { label: 'Trust tier', several: false, from: 'trustTiers' },
} as const satisfies Partial<Record<FilterField, { label: string; several: boolean; from: keyof Vocabulary | FacetField }>>;

type OpenField = keyof typeof OPEN_FIELDS;
const isOpen = (f: FilterField): f is OpenField => f in OPEN_FIELDS;

export function ProspectFormView({ value: form, vocabulary, offers, doubts, price, onChange, onSearch, ...on }: ProspectFormViewProps) {
  const id = useId();
  // A question instead of a search answers the click too.
  const { sending, send } = useSendOnce(doubts);
  const set = (patch: Partial<ProspectForm>) => onChange({ ...form, ...patch });
  const fields = FIELDS_BY_LIST[form.list];

  return (
    <form
      className="prospect-form card"
      aria-label="Search the directory"
      onSubmit={(e) => {
        e.preventDefault();
        send(onSearch);
      }}
    >
      <fieldset className="prospect-form__lists">
        <legend>Look for</legend>
        {LIST_CHOICES.map((c) => (
          <label key={c.list} className="prospect-form__choice">
            <input
              type="radio"
              name={`${id}-list`}
              value={c.list}
              checked={form.list === c.list}
              onChange={() => set({ list: c.list, sort: '' })}
            />{' '}
            {c.label}
          </label>
        ))}
      </fieldset>

      <div className="prospect-form__fields">
        {fields.map((field) => {
          const fieldId = `${id}-${field}`;
          if (field === 'q')
            return (
              <div key={field} className="field">
                <label htmlFor={fieldId}>Name or keyword</label>
                <input id={fieldId} type="search" value={form.q} maxLength={200} onChange={(e) => set({ q: e.target.value })} />
              </div>
            );
          if (field === 'contactType' || field === 'token' || field === 'sort') {
            const { label, choices, any } = {
              contactType: { label: 'Contact type', choices: CONTACT_TYPE_CHOICES, any: 'Any' },
              token: { label: 'Token', choices: TOKEN_CHOICES, any: 'Any' },
              sort: { label: 'Sort by', choices: SORT_CHOICES[form.list], any: null },
            }[field];
            return (
              <div key={field} className="field">
                <label htmlFor={fieldId}>{label}</label>
                <select id={fieldId} value={form[field]} onChange={(e) => set({ [field]: e.target.value })}>
                  {any !== null && <option value="">{any}</option>}
                  <Options of={choices.map((c) => ({ id: c.value, label: c.label }))} />
                </select>
              </div>
            );
          }
          if (!isOpen(field)) return null;
          const from = OPEN_FIELDS[field].from;
          return (
            <OpenFieldInput
              key={field}
              id={fieldId}
              field={field}
              value={form[field]}
              offer={from === 'roles' || from === 'channels' ? offers[from] : { values: vocabulary[from] }}
              onChange={(value) => set({ [field]: value })}
            />
          );
        })}
      </div>

      <div className="actions">
        <button type="submit" className="btn btn--primary" aria-disabled={sending || undefined}>
          Search · {creditsLabel(price)}
        </button>
        <span className="muted small">100 per page; nothing is sent until you search.</span>
      </div>

      {doubts.length > 0 && (
        <div role="alert" className="notice notice--warn prospect-form__doubts">
          {doubts.map((d) => (
            <p key={`${d.field}:${d.value}`}>
              {safeText(doubtText(d))}{' '}
              {d.suggestion !== null && (
                <button type="button" className="btn" onClick={() => on.onPick(d)}>
                  Use {safeText(d.suggestion)}
                </button>
              )}
            </p>
          ))}
          <p className="actions">
            <SendButton className="btn" onSend={on.onSearchAsTyped}>
              Search as typed · {creditsLabel(price)}
            </SendButton>
            <span className="muted small">Nothing was sent.</span>
          </p>
        </div>
      )}
    </form>
  );
}

interface OpenFieldInputProps {
  id: string;
  field: OpenField;
  value: string;
  /**
   * The values offered as toggles: the directory's since `at`, the starting suggestion (`at` null), or
   * those earlier answers on this page contained (no `at`).
   */
  offer: { values: readonly string[]; at?: number | null };
  onChange: (value: string) => void;
}

/** What the toggles are: their caption, and their group's accessible name. */
function captionOf(label: string, { values, at }: OpenFieldInputProps['offer']): { caption: string; group: string } {
  if (at === null) return { caption: 'Suggested; not yet confirmed by the directory:', group: `${label} suggested` };
  if (at !== undefined)
    return { caption: `Listed by the directory as of ${formatLocalDay(at)}:`, group: `${label} listed by the directory` };
  const caption = values.length === 0 ? 'Values from your answers show here once a search returns some.' : 'Seen in your answers:';
  return { caption, group: `${label} seen in your answers` };
}

/** An open field: typed freely, with the values on offer as toggles next to it. */
function OpenFieldInput({ id: fieldId, field, value: current, offer, onChange }: OpenFieldInputProps) {
  const spec = OPEN_FIELDS[field];
  const seen = offer.values;
  const { caption, group } = captionOf(spec.label, offer);
  const chosen = spec.several ? splitValues(current) : [current.trim()];
  return (
    <div className="field">
      <label htmlFor={fieldId}>{spec.label}</label>
      <input
        id={fieldId}
        type="text"
        value={current}
        maxLength={spec.several ? 1000 : 100}
        aria-describedby={`${fieldId}-hint`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p id={`${fieldId}-hint`} className="muted small">
        {spec.several ? 'Any text; several separated by commas.' : 'Any text.'} {caption}
      </p>
      {seen.length > 0 && (
        <div role="group" aria-label={group} className="chips prospect-form__seen">
          {seen.map((value) => (
            <button
              key={value}
              type="button"
              className="chip prospect-form__value"
              aria-pressed={chosen.includes(value)}
              onClick={() => onChange(spec.several ? toggleValue(current, value) : chosen.includes(value) ? '' : value)}
            >
              {safeText(value)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
