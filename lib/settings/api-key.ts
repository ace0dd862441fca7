import { storage } from 'wxt/utils/storage';

/**
 * The API key, in its own item so that nothing reading settings (options UI, lookup code) ever reads
 * the key. Only the background reads this.
 */
export const apiKeyItem = storage.defineItem<string | null>('local:apiKey', { fallback: null });

/** A pasted key, cleaned: surrounding whitespace, quotes and a "Bearer " prefix removed; null if empty. */
export function normalizeApiKey(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const key = raw
    .trim()
    .replace(/^["']|["']$/g, '')
    .replace(/^bearer\s+/i, '')
    .trim();
  return key && !/\s/.test(key) ? key : null;
}

export async function setApiKey(raw: unknown): Promise<string | null> {
  const key = normalizeApiKey(raw);
  if (key) await apiKeyItem.setValue(key);
  else await apiKeyItem.removeValue();
  return key;
}
