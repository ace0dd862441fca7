import { settingsItem } from './settings-item';
import { parseSettings, type Settings } from './settings';

// The only way settings are read: every value passes the schema, so a partly written or old object
// never turns a feature off by accident. The item is a parameter so tests can use a future version.

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
