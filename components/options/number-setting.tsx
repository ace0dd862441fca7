import { useEffect, useId, useState, type ReactNode } from 'react';
import { NUMBER_SETTING_BOUNDS } from '@/lib/settings';
import { checkNumberSetting, NUMBER_SETTINGS, type NumberSettingKey } from './settings-fields';

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
  const [error, setError] = useState<string | null>(null);

  // The stored value changed (saved here, or elsewhere): show it.
  useEffect(() => {
    setDraft(shown(value));
    setError(null);
  }, [value]);

  // An emptied field means null where the spec says what empty means; elsewhere it is an error.
  const check = (text: string) =>
    spec.emptyMeans && text.trim() === '' ? { ok: true as const, value: null } : checkNumberSetting(text, setting);

  function commit() {
    const checked = check(draft);
    setError(checked.ok ? null : checked.message);
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
        onChange={(e) => {
          setDraft(e.target.value);
          const checked = check(e.target.value);
          setError(checked.ok ? null : checked.message);
        }}
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
