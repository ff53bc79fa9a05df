// The full reloads a bus runs when change notices may have been missed; runs coalesce like the routing table's rebuilds.

/** Reloads one piece of state derived from the database (options, the routing table, a cache). */
export type ResyncListener = () => void | Promise<void>;

/** A list of resync listeners; `run` calls them all, and calls made during a run coalesce into one more run. */
export class ResyncListeners {
  private readonly listeners: ResyncListener[] = [];
  private running: Promise<void> | null = null;
  private runAgain = false;

  /** Adds a listener, called on every later run. */
  add(listener: ResyncListener): void {
    this.listeners.push(listener);
  }

  /** Runs every listener (all of them even when one fails); rejects with the first failure. */
  run(): Promise<void> {
    if (this.running) {
      this.runAgain = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.runAgain = false;
        const results = await Promise.allSettled(this.listeners.map(async (listener) => listener()));
        const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
        if (failure) throw failure.reason;
      } while (this.runAgain);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
