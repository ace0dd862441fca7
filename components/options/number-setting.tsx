import { useEffect, useId, useState } from 'react';
import { checkNumberSetting, type NumberSettingSpec } from './settings-fields';

export interface NumberSettingProps {
  spec: NumberSettingSpec;
  /** The stored value. */
  value: number;
  /** A valid, changed value: on blur or Enter (not per keystroke). */
  onCommit: (value: number) => void;
}

/** One numeric setting: validated as typed, saved when the field is left or Enter is pressed. */
export function NumberSetting({ spec, value, onCommit }: NumberSettingProps) {
  const id = useId();
  const [draft, setDraft] = useState(String(value));
  const [error, setError] = useState<string | null>(null);

  // The stored value changed (saved here, or elsewhere): show it.
  useEffect(() => {
    setDraft(String(value));
    setError(null);
  }, [value]);

  function commit() {
    const check = checkNumberSetting(draft, spec);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    if (check.value !== value) onCommit(check.value);
    else setDraft(String(value));
  }

  return (
    <div className="field">
      <label htmlFor={id}>{spec.label}</label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={spec.min}
        max={spec.max}
        step={1}
        value={draft}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        onChange={(e) => {
          setDraft(e.target.value);
          const check = checkNumberSetting(e.target.value, spec);
          setError(check.ok ? null : check.message);
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
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
