import { useCallback, useState } from 'react';
import { getSettings, updateSettings, watchSettings } from '@/lib/settings/settings-item';
import { parseSettings, type Settings } from '@/lib/settings/settings';
import { useStorageValue, type StorageSource } from './use-storage-value';

/** The settings item read through its schema (lib/settings), as the storage hook reads it. */
const settingsSource: StorageSource<Settings> = { getValue: () => getSettings(), watch: (onChange) => watchSettings(onChange) };

/**
 * The stored settings, live (undefined while the first read is pending), and a writer that resolves false
 * when storage refused the change. A change shows at once (a controlled checkbox must not flip
 * back while storage is written): it is laid over the value it was made on until storage delivers the
 * next one, which then wins (the write, or a change made elsewhere meanwhile).
 */
export function useSettings() {
  const stored = useStorageValue(settingsSource);
  const [draft, setDraft] = useState<{ over: Settings | undefined; value: Settings } | null>(null);
  const settings = draft && draft.over === stored ? draft.value : stored;

  const update = useCallback(
    async (patch: Record<string, unknown>) => {
      if (settings) setDraft({ over: stored, value: parseSettings({ ...settings, ...patch }) });
      try {
        await updateSettings(patch);
        return true;
      } catch {
        setDraft(null); // not written: show what is stored
        return false;
      }
    },
    [settings, stored],
  );

  return { settings, update };
}
