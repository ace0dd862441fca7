import { NUMBER_SETTING_BOUNDS, type Settings } from '@/lib/settings';

export type NumberSettingKey = 'dailyBudget' | 'lowBalanceWarning' | 'cacheTtlHours' | 'notFoundTtlHours';

export interface NumberSettingSpec {
  label: string;
  help: string;
  /** The field may be left empty: what empty means (said in the help). Without it, empty is an error. */
  emptyMeans?: string;
}

/** The numeric settings' words; their bounds are lib/settings' own (NUMBER_SETTING_BOUNDS). */
export const NUMBER_SETTINGS: Readonly<Record<NumberSettingKey, NumberSettingSpec>> = {
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

export type NumberCheck = { ok: true; value: number } | { ok: false; message: string };

/**
 * A whole number within the setting's range, or a message saying what is wrong. lib/settings clamps an
 * out-of-range value silently; here it is refused with a message instead.
 */
export function checkNumberSetting(raw: string, key: NumberSettingKey): NumberCheck {
  const text = raw.trim();
  const { min, max } = NUMBER_SETTING_BOUNDS[key];
  const problem = {
    ok: false,
    message: `${NUMBER_SETTINGS[key].label} must be a whole number from ${fmt.format(min)} to ${fmt.format(max)}.`,
  } as const;
  if (!/^\d+$/.test(text)) return problem;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min || value > max) return problem;
  return { ok: true, value };
}

export type SettingsPatch = Partial<Pick<Settings, NumberSettingKey | 'autoLookup' | 'autoDetails'>>;
