import { describe, expect, it } from 'vitest';
import { defaultOptionText, optionDefinitions, parseOptionValue } from './options';
import { optionDefaults } from './option-defaults';

describe('option registry', () => {
  it('has a default for every definition and a definition for every default', () => {
    const keys = [...optionDefinitions.keys()].sort();
    expect(Object.keys(optionDefaults).sort()).toEqual(keys);
  });

  it('parses every default text back to its typed default', () => {
    for (const definition of optionDefinitions.values()) {
      const parsed = parseOptionValue(definition, defaultOptionText(definition.key));
      expect(parsed, definition.key).toEqual({ ok: true, value: optionDefaults[definition.key] });
    }
  });

  it('stores booleans as true/false text and refuses other spellings', () => {
    const definition = optionDefinitions.get('RegisterEnabled')!;
    expect(defaultOptionText('RegisterEnabled')).toBe('true');
    expect(parseOptionValue(definition, '1')).toEqual({ ok: false, message: 'RegisterEnabled must be true or false' });
  });

  it('validates JSON options on shape, with the spec message for bad JSON', () => {
    const ratio = optionDefinitions.get('ModelRatio')!;
    expect(parseOptionValue(ratio, '{"a":')).toEqual({ ok: false, message: 'ModelRatio: not a valid JSON string' });
    expect(parseOptionValue(ratio, '{"a":"x"}').ok).toBe(false);
    expect(parseOptionValue(ratio, '{"a":2.5}')).toEqual({ ok: true, value: { a: 2.5 } });
    const limits = optionDefinitions.get('ModelRequestRateLimitGroup')!;
    expect(parseOptionValue(limits, '{"vip":[10,0]}').ok).toBe(false);
    expect(parseOptionValue(limits, '{"vip":[0,5]}')).toEqual({ ok: true, value: { vip: [0, 5] } });
  });

  it('checks numeric bounds', () => {
    const percentage = optionDefinitions.get('claude.thinking_adapter_budget_tokens_percentage')!;
    expect(parseOptionValue(percentage, '0.05').ok).toBe(false);
    expect(parseOptionValue(percentage, '1')).toEqual({ ok: true, value: 1 });
    expect(parseOptionValue(optionDefinitions.get('RetryTimes')!, '1.5').ok).toBe(false);
  });
});
