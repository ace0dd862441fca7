import { storage } from 'wxt/utils/storage';
import { LEGACY_API_BASE_URL, SETTINGS_ITEM } from '@/lib/storage/keys';
import { DEFAULT_SETTINGS, parseSettings, SETTINGS_VERSION, settingsMigrations, type Settings } from './settings';

/*
 * The settings' typed @wxt-dev/storage item (key: lib/storage/keys.ts), with its migrations, so a stored format
 * changes in one reviewed place. Read through getSettings/watchSettings/updateSettings, which parse every value
 * with the schema: `settingsItem` raw only in tests that must write an old or odd shape.
 */

/**
 * Plus the step the pure v3 migration cannot do: v2's `apiBaseUrl` is the address an earlier key was used with;
 * the background binds the key to it (./api-key.ts) only after this ran, so it is kept aside under its own key.
 */
const settingsItemMigrations: typeof settingsMigrations = {
  ...settingsMigrations,
  3: async (v2) => {
    const old = v2 !== null && typeof v2 === 'object' ? (v2 as Record<string, unknown>).apiBaseUrl : undefined;
    if (typeof old === 'string') await storage.setItem(`local:${LEGACY_API_BASE_URL}`, old);
    return settingsMigrations[3]!(v2);
  },
};

/** Exposed (rather than only the item) so a test can define the item at a future version. */
export function defineSettingsItem(version = SETTINGS_VERSION, migrations = settingsItemMigrations) {
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
