// Running sums per combination of label values, for counters on the relay's hot path. prom-client hashes a label
// object into a string on every `inc` (and a labelled child does the same), so each recording allocates; here the
// values walk nested maps to a mutable cell, which allocates nothing once a combination has been seen. The sums are
// handed to prom-client when Prometheus scrapes.
import type { Counter } from 'prom-client';

/** A label value: numbers (channel ids, types) are kept as numbers and written out as their decimal text. */
export type LabelValue = string | number;

interface Cell {
  value: number;
}

type Level = Map<LabelValue, Level | Cell>;

/** Sums keyed by a fixed list of label values, read into a prom-client counter at scrape time. */
export class LabelTally<Name extends string> {
  private readonly root: Level = new Map();

  constructor(private readonly labelNames: readonly Name[]) {}

  /** Adds `amount` to the combination `values` (read, not kept: a caller may reuse one array for every call). */
  add(values: readonly LabelValue[], amount: number): void {
    let level = this.root;
    const last = this.labelNames.length - 1;
    for (let index = 0; index < last; index += 1) {
      const key = values[index] ?? '';
      let next = level.get(key) as Level | undefined;
      if (next === undefined) {
        next = new Map();
        level.set(key, next);
      }
      level = next;
    }
    const key = values[last] ?? '';
    const cell = level.get(key) as Cell | undefined;
    if (cell === undefined) level.set(key, { value: amount });
    else cell.value += amount;
  }

  /** Writes every sum into `counter` (reset first: the sums are totals since start, as a counter's values are). */
  writeTo(counter: Counter<Name>): void {
    counter.reset();
    const labels: Partial<Record<Name, string>> = {};
    const walk = (level: Level, depth: number): void => {
      const name = this.labelNames[depth] as Name;
      for (const [key, next] of level) {
        labels[name] = String(key);
        if (depth === this.labelNames.length - 1) counter.inc({ ...labels } as Record<Name, string>, (next as Cell).value);
        else walk(next as Level, depth + 1);
      }
    };
    walk(this.root, 0);
  }
}
