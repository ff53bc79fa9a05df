import { Counter, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { LabelTally, type LabelValue } from './label-tally';

describe('LabelTally', () => {
  it('sums per combination through one reused array and writes the sums into a counter at each scrape', async () => {
    const registry = new Registry();
    const tally = new LabelTally(['channel_id', 'outcome'] as const);
    new Counter({ name: 'attempts_total', help: 'attempts', labelNames: ['channel_id', 'outcome'], registers: [registry], collect() {
      tally.writeTo(this);
    } });
    const values: LabelValue[] = [0, ''];
    const record = (channel: number, outcome: string, amount: number): void => {
      values[0] = channel;
      values[1] = outcome;
      tally.add(values, amount);
    };
    record(7, 'ok', 1);
    record(7, 'ok', 2);
    record(7, 'failed', 1);
    record(12, 'ok', 5);
    const scrape = async (): Promise<Record<string, number>> => {
      const metric = await registry.getSingleMetric('attempts_total')?.get();
      return Object.fromEntries((metric?.values ?? []).map((value) => [`${value.labels.channel_id}/${value.labels.outcome}`, value.value]));
    };
    expect(await scrape()).toEqual({ '7/ok': 3, '7/failed': 1, '12/ok': 5 });
    record(12, 'ok', 1);
    // A second scrape reports totals, not totals added to the previous scrape's.
    expect(await scrape()).toEqual({ '7/ok': 3, '7/failed': 1, '12/ok': 6 });
    expect(await registry.metrics()).toContain('attempts_total{channel_id="12",outcome="ok"} 6');
  });
});
