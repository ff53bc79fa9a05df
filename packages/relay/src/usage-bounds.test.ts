import { describe, expect, it } from 'vitest';
import { boundUsage, defaultUsageBound, usageBoundsFor } from './usage-bounds';

const bounds = { promptTokens: 128_000, completionTokens: 16_384 };

describe('usage bounds', () => {
  it('takes the catalog limits, never below what the call was allowed, and a default for unknown models', () => {
    expect(usageBoundsFor({ contextTokens: 128_000, maxOutputTokens: 16_384, allowedOutput: 4096 })).toEqual(bounds);
    expect(usageBoundsFor({ contextTokens: 128_000, maxOutputTokens: 16_384, allowedOutput: 32_000 })).toEqual({ promptTokens: 128_000, completionTokens: 32_000 });
    expect(usageBoundsFor({ contextTokens: undefined, maxOutputTokens: undefined, allowedOutput: 4096 })).toEqual({ promptTokens: defaultUsageBound, completionTokens: defaultUsageBound });
  });

  it('keeps usage in range as the same object', () => {
    const usage = { promptTokens: 1000, completionTokens: 500, cachedTokens: 200 };
    expect(boundUsage(usage, bounds)).toEqual({ usage, violations: [] });
    expect(boundUsage(usage, bounds).usage).toBe(usage);
  });

  it('rounds fractions without calling them violations', () => {
    expect(boundUsage({ promptTokens: 10.4, completionTokens: 2.5 }, bounds)).toEqual({ usage: { promptTokens: 10, completionTokens: 3 }, violations: [] });
  });

  it('clamps huge, infinite, negative and non-numeric counts and names each', () => {
    const hostile = { promptTokens: -5, completionTokens: 1e12, cachedTokens: Number.NaN, cacheCreationTokens: 1e308 };
    expect(boundUsage(hostile, bounds)).toEqual({
      usage: { promptTokens: 0, completionTokens: 16_384, cachedTokens: 0, cacheCreationTokens: 128_000 },
      violations: ['promptTokens -5 outside [0, 128000]', 'completionTokens 1000000000000 outside [0, 16384]', 'cachedTokens NaN outside [0, 128000]', 'cacheCreationTokens 1e+308 outside [0, 128000]'],
    });
    const text = { promptTokens: 'NaN' as unknown as number, completionTokens: Number.POSITIVE_INFINITY };
    expect(boundUsage(text, bounds)).toEqual({ usage: { promptTokens: 0, completionTokens: 16_384 }, violations: ['promptTokens NaN outside [0, 128000]', 'completionTokens Infinity outside [0, 16384]'] });
  });
});
