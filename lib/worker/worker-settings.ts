import { getSettings, watchSettings, type Settings } from '@/lib/settings';

/**
 * The settings as the worker reads them: loaded once at start, then kept current by the storage watch.
 * Synchronous reads (the credit governor's budget, the lookup's intent rules) see the latest value.
 */
export class WorkerSettings {
  private value: Settings | undefined;

  /** The settings now (read from storage first if start has not loaded them yet). */
  async ready(): Promise<Settings> {
    return (this.value ??= await getSettings());
  }

  /** The settings now; only after `load`. */
  current(): Settings {
    if (!this.value) throw new Error('the worker has not read its settings yet');
    return this.value;
  }

  async load(): Promise<Settings> {
    this.value = await getSettings();
    return this.value;
  }

  /** Follows later changes: `onChange(next, previous)` after the new value is in place. Returns the unsubscribe. */
  watch(onChange: (next: Settings, previous: Settings) => void): () => void {
    return watchSettings((next) => {
      const previous = this.value ?? next;
      this.value = next;
      onChange(next, previous);
    });
  }
}
