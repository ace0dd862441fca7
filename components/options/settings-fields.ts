import { NUMBER_SETTING_BOUNDS, type Settings } from '@/lib/settings';

export type NumberSettingKey = 'dailyBudget' | 'lowBalanceWarning' | 'cacheTtlHours' | 'notFoundTtlHours';

export interface NumberSettingSpec {
  key: NumberSettingKey;
  label: string;
  min: number;
  max: number;
  help: string;
  /** The field may be left empty: what empty means (said in the help). Without it, empty is an error. */
  emptyMeans?: string;
}

// Bounds come from lib/settings (which clamps silently); here an out-of-range entry is refused with a message instead.
const range = (key: NumberSettingKey) => ({ min: NUMBER_SETTING_BOUNDS[key].min, max: NUMBER_SETTING_BOUNDS[key].max });

export const NUMBER_SETTINGS: readonly NumberSettingSpec[] = [
  {
    key: 'dailyBudget',
    ...range('dailyBudget'),
    label: 'Daily credit budget',
    help: 'Credits the extension may spend per day before it pauses and asks. 0 means always ask.',
    emptyMeans: 'Empty: your plan’s default.',
  },
  {
    key: 'lowBalanceWarning',
    ...range('lowBalanceWarning'),
    label: 'Warn when balance is below',
    help: 'Credits. The meter warns once the account balance drops below this.',
  },
  {
    key: 'cacheTtlHours',
    ...range('cacheTtlHours'),
    label: 'Cache lifetime (hours)',
    help: 'How long a paid answer is reused for free. Shorter means fresher data and more credits spent.',
  },
  {
    key: 'notFoundTtlHours',
    ...range('notFoundTtlHours'),
    label: 'Remember “not in the directory” for (hours)',
    help: 'How long a profile that was not found is not looked up again.',
  },
];

const fmt = new Intl.NumberFormat('en-US');

export type NumberCheck = { ok: true; value: number } | { ok: false; message: string };

/** A whole number within the field's range, or a message saying what is wrong. */
export function checkNumberSetting(raw: string, spec: Pick<NumberSettingSpec, 'label' | 'min' | 'max'>): NumberCheck {
  const text = raw.trim();
  const range = `a whole number from ${fmt.format(spec.min)} to ${fmt.format(spec.max)}`;
  if (!/^\d+$/.test(text)) return { ok: false, message: `${spec.label} must be ${range}.` };
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < spec.min || value > spec.max)
    return { ok: false, message: `${spec.label} must be ${range}.` };
  return { ok: true, value };
}

export type SettingsPatch = Partial<Pick<Settings, NumberSettingKey | 'autoLookup' | 'autoDetails'>>;
