import { storage } from 'wxt/utils/storage';
import { DEFAULT_SETTINGS, SETTINGS_VERSION, settingsMigrations, type Settings } from '@/lib/settings/settings';
import type { CreditMeter, SelectionStack, TabState } from '@/lib/tab-state/tab-state';
import { LEGACY_API_BASE_URL, METER_ITEM, SELECTION_ITEM, SETTINGS_ITEM, pagePeopleItemKey, tabStateItemKey } from './keys';
import type { PagePeopleState } from '@/lib/tab-state/page-people';

/*
 * The typed @wxt-dev/storage items, one per key in ./keys.ts that holds a single value. Versioned
 * items carry their migrations here, so a stored format changes in one reviewed place.
 *
 * Settings are read through lib/settings (getSettings/watchSettings/updateSettings), which parse every
 * value with the schema: read `settingsItem` raw only in tests that must write an old or odd shape.
 */

// ── storage.local ─────────────────────────────────────────────────────────────────────────────

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

// ── storage.session: the worker writes, the pages watch ──────────────────────────────────────
// It survives a worker restart, is cleared with the browser session, and is readable only by
// extension contexts (not content scripts).

/** "People on this page": the rows of the list page a tab shows (lib/worker/people-on-page.ts writes). */
export function pagePeopleItem(tabId: number) {
  return storage.defineItem<PagePeopleState | null>(pagePeopleItemKey(tabId), { fallback: null });
}

export function tabStateItem(tabId: number) {
  return storage.defineItem<TabState | null>(tabStateItemKey(tabId), { fallback: null });
}

/** The back stack of records opened over the followed tab's view (a popup pick, a clicked coworker). */
export const selectionItem = storage.defineItem<SelectionStack | null>(SELECTION_ITEM, { fallback: null });

export const meterItem = storage.defineItem<CreditMeter | null>(METER_ITEM, { fallback: null });
