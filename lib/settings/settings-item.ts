import { storage } from 'wxt/utils/storage';
import { LEGACY_API_BASE_URL, SETTINGS_ITEM } from '@/lib/storage/keys';
import { DEFAULT_SETTINGS, SETTINGS_VERSION, settingsMigrations, type Settings } from './settings';

/*
 * The settings' typed @wxt-dev/storage item (its key is declared in lib/storage/keys.ts). The item carries
 * its migrations here, so a stored format changes in one reviewed place.
 *
 * Settings are read through ./stored-settings.ts (getSettings/watchSettings/updateSettings), which parse every
 * value with the schema: read `settingsItem` raw only in tests that must write an old or odd shape.
 */

/**
 * The settings migrations, plus one step the pure v3 migration cannot do: v2's `apiBaseUrl` is the address
 * an earlier version's key was used with, and the background binds that key to it (lib/settings/api-key.ts)
 * only after this migration ran (in whichever context defined the item first), so the value is kept aside
 * under its own key until then.
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
