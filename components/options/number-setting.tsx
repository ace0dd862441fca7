import { useEffect, useId, useState, type ReactNode } from 'react';
import { NUMBER_SETTING_BOUNDS, type Settings } from '@/lib/settings/settings';

export type NumberSettingKey = 'dailyBudget' | 'lowBalanceWarning' | 'cacheTtlHours' | 'notFoundTtlHours';

/** The numeric settings' words; their bounds are lib/settings' own (NUMBER_SETTING_BOUNDS). */
const NUMBER_SETTINGS: Readonly<Record<NumberSettingKey, { label: string; help: string; emptyMeans?: string }>> = {
  dailyBudget: {
    label: 'Daily credit budget',
    help: 'Credits the extension may spend per day before it pauses and asks. 0 means always ask.',
    emptyMeans: 'Empty: your plan’s default.',
  },
  lowBalanceWarning: {
    label: 'Warn when balance is below',
    help: 'Credits. The meter warns once the account balance drops below this.',
  },
  cacheTtlHours: {
    label: 'Cache lifetime (hours)',
    help: 'How long a paid answer is reused for free. Shorter means fresher data and more credits spent.',
  },
  notFoundTtlHours: {
    label: 'Remember “not in the directory” for (hours)',
    help: 'How long a profile that was not found is not looked up again.',
  },
};

const fmt = new Intl.NumberFormat('en-US');

/**
 * A whole number within the setting's range (null: an emptied field whose setting says what empty means —
 * `emptyMeans`, said in the help), or a message saying what is wrong. lib/settings clamps an out-of-range
 * value silently; here it is refused with a message instead.
 */
function checkNumberSetting(raw: string, key: NumberSettingKey): { ok: true; value: number | null } | { ok: false; message: string } {
  const text = raw.trim();
  const { label, emptyMeans } = NUMBER_SETTINGS[key];
  if (emptyMeans && text === '') return { ok: true, value: null };
  const { min, max } = NUMBER_SETTING_BOUNDS[key];
  const value = Number(text);
  if (/^\d+$/.test(text) && Number.isSafeInteger(value) && value >= min && value <= max) return { ok: true, value };
  return { ok: false, message: `${label} must be a whole number from ${fmt.format(min)} to ${fmt.format(max)}.` };
}

export type SettingsPatch = Partial<Pick<Settings, NumberSettingKey | 'autoLookup' | 'autoDetails'>>;

export interface NumberSettingProps {
  setting: NumberSettingKey;
  /** The stored value (null: unset, shown empty; only for a spec with `emptyMeans`). */
  value: number | null;
  /** A valid, changed value: on blur or Enter (not per keystroke). Null: the field was emptied (`emptyMeans`). */
  onCommit: (value: number | null) => void;
  /** Shown in an empty field: what applies while it is empty (e.g. the plan's default). */
  placeholder?: string | undefined;
  /** Said under the help: e.g. how the default was reached. */
  children?: ReactNode;
}

const shown = (value: number | null) => (value === null ? '' : String(value));

/** One numeric setting: validated as typed, saved when the field is left or Enter is pressed. */
export function NumberSetting({ setting, value, onCommit, placeholder, children }: NumberSettingProps) {
  const id = useId();
  const spec = NUMBER_SETTINGS[setting];
  const { min, max } = NUMBER_SETTING_BOUNDS[setting];
  const [draft, setDraft] = useState(shown(value));
  // Checked as typed; a field left invalid is not saved.
  const checked = checkNumberSetting(draft, setting);
  const error = checked.ok ? null : checked.message;

  // The stored value changed (saved here, or elsewhere): show it.
  useEffect(() => setDraft(shown(value)), [value]);

  function commit() {
    if (!checked.ok) return;
    if (checked.value !== value) onCommit(checked.value);
    else setDraft(shown(value));
  }

  return (
    <div className="field">
      <label htmlFor={id}>{spec.label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        value={draft}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit();
          }
        }}
      />
      <p id={`${id}-help`} className="help">
        {spec.help}
        {spec.emptyMeans && ` ${spec.emptyMeans}`}
      </p>
      {children}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
