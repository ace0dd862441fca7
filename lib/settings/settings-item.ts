import { storage } from 'wxt/utils/storage';
import { LEGACY_API_BASE_URL, SETTINGS_ITEM } from '@/lib/storage/keys';
import { DEFAULT_SETTINGS, parseSettings, type Settings } from './settings';

/*
 * The settings' typed @wxt-dev/storage item (key: lib/storage/keys.ts), with its migrations, so a stored format
 * changes in one reviewed place. Read through getSettings/watchSettings/updateSettings, which parse every value
 * with the schema: `settingsItem` raw only in tests that must write an old or odd shape.
 */

export const SETTINGS_VERSION = 4;

/** The daily budget every install had before v4. */
const LEGACY_DEFAULT_BUDGET = 150;

/** Migrations of `local:settings`, by the version they migrate TO; reads still parse, so they only move/rename. */
export const settingsMigrations: Record<number, (old: unknown) => unknown> = {
  // v2: "Look up profiles automatically" became three choices; on (the v1 default) keeps glances free.
  2: (v1) => {
    const old = (v1 ?? {}) as Record<string, unknown>;
    return { ...old, autoLookup: old.autoLookup === false ? 'never' : 'panel-open' };
  },
  // v3: the API base URL moved next to the key, into the background's secret store (a page could rewrite it
  // here). It is the address an earlier key was used with: kept aside under its own key until the background
  // has bound the key to it (./api-key.ts).
  3: async (v2) => {
    const { apiBaseUrl, ...rest } = (v2 ?? {}) as Record<string, unknown>;
    if (typeof apiBaseUrl === 'string') await storage.setItem(`local:${LEGACY_API_BASE_URL}`, apiBaseUrl);
    return rest;
  },
  // v4: an unset budget follows the plan (lib/credits/plan-budget.ts). The options page used to store every field
  // on its first save, so a stored 150 is the old default written back, not a choice: it becomes unset (a free or
  // enterprise account still gets 150; a Pro one 270). Any other number was typed by the user and is kept.
  4: (v3) => {
    const old = (v3 ?? {}) as Record<string, unknown>;
    return old.dailyBudget === LEGACY_DEFAULT_BUDGET ? { ...old, dailyBudget: null } : old;
  },
};

/** Exposed (rather than only the item) so a test can define the item at a future version. */
export function defineSettingsItem(version = SETTINGS_VERSION, migrations = settingsMigrations) {
  return storage.defineItem<Settings>(SETTINGS_ITEM, { fallback: DEFAULT_SETTINGS, version, migrations });
}

/** `local:settings`. Holds no secret: the API key lives in the background's secret store (lib/settings/api-key.ts). */
export const settingsItem = defineSettingsItem();

// The only way settings are read: every value passes the schema, so a partly written or old object never
// turns a feature off by accident. The item is a parameter so tests can use a future version.

/** The stored settings, normalised. */
export async function getSettings(item = settingsItem): Promise<Settings> {
  return parseSettings(await item.getValue());
}

/** Watch the stored settings, normalised. */
export function watchSettings(onChange: (next: Settings) => void, item = settingsItem): () => void {
  return item.watch((next) => onChange(parseSettings(next)));
}

/** Merge a change (e.g. from the options form) into the stored settings, normalised. */
export async function updateSettings(patch: Record<string, unknown>, item = settingsItem): Promise<Settings> {
  const next = parseSettings({ ...(await getSettings(item)), ...patch });
  await item.setValue(next);
  return next;
}
