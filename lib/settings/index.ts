// What pages and the worker import. Not the API key store (lib/settings/api-key.ts): only the background
// builds it and only the worker's account session holds it; pages save a key by message (saveApiKey).
export {
  AUTO_LOOKUP_LABELS,
  AUTO_LOOKUP_MODES,
  DEFAULT_API_BASE_URL,
  DEFAULT_SETTINGS,
  NUMBER_SETTING_BOUNDS,
  cacheTtls,
  parseSettings,
  type AutoLookupMode,
  type Settings,
} from './settings';
export { getSettings, updateSettings, watchSettings } from './settings-item';
