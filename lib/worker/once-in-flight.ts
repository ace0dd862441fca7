/**
 * Priced actions are idempotent while in flight: a second request for the same action (a double click,
 * the same button in two panels) joins the run already under way instead of paying again.
 */
export class OnceInFlight {
  private readonly runs = new Map<string, Promise<unknown>>();

  run<T>(key: string, action: () => Promise<T>): Promise<T> {
    const joined = this.runs.get(key) as Promise<T> | undefined;
    if (joined) return joined;
    const run = action().finally(() => this.runs.delete(key));
    this.runs.set(key, run);
    return run;
  }
}
