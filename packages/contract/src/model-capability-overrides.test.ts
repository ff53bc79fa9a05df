import { describe, expect, it } from 'vitest';
import { optionDefinitions, parseOptionValue } from './options';

describe('the ModelCapabilityOverrides option', () => {
  const definition = optionDefinitions.get('ModelCapabilityOverrides')!;

  it('accepts per-model corrections of the known fields', () => {
    const text = '{"my-reasoner": {"maxCompletionTokens": true, "samplingFixed": true}, "gemini-2.5-flash": {"thinkingBudget": {"min": 1024, "max": 8192, "off": false}}}';
    expect(parseOptionValue(definition, text)).toEqual({ ok: true, value: JSON.parse(text) });
  });

  it('refuses unknown fields, wrong types and an empty budget range', () => {
    expect(parseOptionValue(definition, '{"m": {"acceptsEfort": true}}').ok).toBe(false);
    expect(parseOptionValue(definition, '{"m": {"acceptsEffort": "yes"}}').ok).toBe(false);
    expect(parseOptionValue(definition, '{"m": {"thinkingBudget": {"min": 9000, "max": 8192, "off": true}}}').ok).toBe(false);
  });
});
