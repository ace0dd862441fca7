export { API_KEY_NAME, createApiKeyStore, migrateLegacyApiKey, normalizeApiKey, type ApiKeyStore, type LegacyArea } from './api-key';
export { cleanBaseUrl } from './base-url';
export {
  AUTO_LOOKUP_LABELS,
  AUTO_LOOKUP_MODES,
  DEFAULT_API_BASE_URL,
  DEFAULT_SETTINGS,
  FALLBACK_API_BASE_URL,
  NUMBER_SETTING_BOUNDS,
  SETTINGS_VERSION,
  SettingsSchema,
  cacheTtls,
  defineSettingsItem,
  getSettings,
  parseSettings,
  settingsItem,
  settingsMigrations,
  updateSettings,
  watchSettings,
  type AutoLookupMode,
  type Settings,
} from './settings';
