export { createApiKeyStore, normalizeApiKey, type ApiKeyStore } from './api-key';
export {
  AUTO_LOOKUP_LABELS,
  AUTO_LOOKUP_MODES,
  DEFAULT_API_BASE_URL,
  DEFAULT_SETTINGS,
  NUMBER_SETTING_BOUNDS,
  cacheTtls,
  getSettings,
  parseSettings,
  settingsItem,
  updateSettings,
  watchSettings,
  type AutoLookupMode,
  type Settings,
} from './settings';
