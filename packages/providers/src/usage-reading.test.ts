import { describe, expect, it } from 'vitest';
import { findUsageReading } from './adaptor-registry';
import { reconcileUsage, standardUsageReading } from './usage-reading';

const usage = (inputTokens: number, outputTokens: number, cacheReadTokens = 0, cacheWriteTokens = 0, reasoningTokens = 0) => ({ inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens, reasoningTokens });

describe('usage readings', () => {
  it('xAI declares reasoning beside the output; every other type reads it inside', () => {
    expect(findUsageReading(48)).toEqual({ reasoning: 'beside-output' });
    expect(findUsageReading(1)).toBe(standardUsageReading);
    expect(findUsageReading(14)).toBe(standardUsageReading);
  });

  it('keeps usage that holds the contract as the same object, without warnings', () => {
    const kept = usage(100, 50, 20, 10, 30);
    const checked = reconcileUsage(kept, standardUsageReading);
    expect(checked.usage).toBe(kept);
    expect(checked.warnings).toEqual([]);
  });

  it('adds reasoning reported beside the output: silently for xAI, with a warning for a type that promised otherwise', () => {
    expect(reconcileUsage(usage(12, 1, 0, 0, 228), findUsageReading(48))).toEqual({ usage: usage(12, 229, 0, 0, 228), warnings: [] });
    const checked = reconcileUsage(usage(12, 1, 0, 0, 228), standardUsageReading);
    expect(checked.usage).toEqual(usage(12, 229, 0, 0, 228));
    expect(checked.warnings).toEqual(['reported usage broke its contract: output 1 < reasoning 228; billed output 229 (reasoning read as beside the output)']);
  });

  it('raises an input below its cache reads and writes to them, with a warning', () => {
    const checked = reconcileUsage(usage(10, 5, 40, 2), standardUsageReading);
    expect(checked.usage).toEqual(usage(42, 5, 40, 2));
    expect(checked.warnings).toEqual(['reported usage broke its contract: cache 40 read + 2 written > input 10; billed input 42']);
  });
});
