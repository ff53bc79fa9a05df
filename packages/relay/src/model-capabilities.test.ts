import { describe, expect, it } from 'vitest';
import { bundledModelCatalog } from './model-catalog';
import { bundledModelCapabilities, capabilitiesOf, createCapabilityLookup } from './model-capabilities';

describe('model capabilities', () => {
  it('asks for max_completion_tokens on OpenAI reasoning models only', () => {
    for (const model of ['gpt-5', 'gpt-5-mini', 'gpt-5.1-codex', 'o1', 'o3', 'o3-mini', 'o4-mini', 'openai/gpt-5', 'GPT-5']) {
      expect(bundledModelCapabilities(model).maxCompletionTokens, model).toBe(true);
    }
    for (const model of ['gpt-4.1', 'gpt-4o', 'gpt-4o-mini', 'gpt-3.5-turbo', 'deepseek-chat', 'claude-sonnet-4-5', 'qwen-max']) {
      expect(bundledModelCapabilities(model).maxCompletionTokens, model).toBe(false);
    }
  });

  it('lets only Claude Opus 4.5 and Claude 4.6 or later take output_config.effort', () => {
    for (const model of ['claude-opus-4-5', 'claude-opus-4-5-20251101', 'claude-opus-4-6', 'claude-sonnet-4-6', 'claude-haiku-5', 'anthropic/claude-opus-4-6']) {
      expect(bundledModelCapabilities(model).acceptsEffort, model).toBe(true);
    }
    for (const model of ['claude-sonnet-4-5', 'claude-sonnet-4-5-20250929', 'claude-haiku-4-5', 'claude-opus-4-1-20250805', 'claude-opus-4-20250514', 'claude-3-7-sonnet-20250219', 'gpt-5', 'glm-4.6']) {
      expect(bundledModelCapabilities(model).acceptsEffort, model).toBe(false);
    }
  });

  it('gives extended thinking to Claude 3.7 and later, not to older Claude models', () => {
    for (const model of ['claude-3-7-sonnet-20250219', 'claude-sonnet-4-20250514', 'claude-haiku-4-5', 'claude-opus-4-6', 'some-anthropic-compatible-model']) {
      expect(bundledModelCapabilities(model).thinking, model).toBe(true);
    }
    for (const model of ['claude-3-5-haiku-20241022', 'claude-3-5-sonnet-20241022', 'claude-3-haiku-20240307', 'claude-3-opus-20240229']) {
      expect(bundledModelCapabilities(model).thinking, model).toBe(false);
    }
  });

  it('takes the catalog’s reasoning flag for OpenAI models whose name the rule does not know', () => {
    const catalog = { find: (name: string) => (name === 'house-reasoner' ? { provider: 'openai', maxOutputTokens: undefined, contextTokens: undefined, pricing: undefined, reasoning: true } : undefined) };
    expect(capabilitiesOf('house-reasoner', catalog).maxCompletionTokens).toBe(true);
    expect(capabilitiesOf('house-chat', catalog).maxCompletionTokens).toBe(false);
  });

  it('answers the same record for a name asked twice', () => {
    const lookup = createCapabilityLookup(bundledModelCatalog);
    expect(lookup('gpt-5')).toBe(lookup('gpt-5'));
    expect(lookup('gpt-5')).toEqual({ maxCompletionTokens: true, acceptsEffort: false, thinking: true, exclusiveSampling: false, reasoningEffort: true, samplingFixed: true });
  });

  it('refuses reasoning efforts to OpenAI models without reasoning and default-only sampling to its reasoning models', () => {
    for (const model of ['gpt-4.1', 'gpt-4o-mini', 'gpt-3.5-turbo', 'chatgpt-4o-latest']) expect(bundledModelCapabilities(model).reasoningEffort, model).toBe(false);
    for (const model of ['gpt-5', 'o3', 'deepseek-reasoner', 'claude-sonnet-4-5']) expect(bundledModelCapabilities(model).reasoningEffort, model).toBe(true);
    expect(bundledModelCapabilities('o4-mini').samplingFixed).toBe(true);
    expect(bundledModelCapabilities('gpt-4.1').samplingFixed).toBe(false);
  });

  it('refuses temperature with top_p for Claude Opus 4.1 and every Claude 4.5 or later', () => {
    for (const model of ['claude-opus-4-1-20250805', 'claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-opus-4-6']) expect(bundledModelCapabilities(model).exclusiveSampling, model).toBe(true);
    for (const model of ['claude-sonnet-4-20250514', 'claude-3-7-sonnet-20250219', 'gpt-5']) expect(bundledModelCapabilities(model).exclusiveSampling, model).toBe(false);
  });

  it('knows the Gemini 2.5 thinking budget ranges', () => {
    expect(bundledModelCapabilities('gemini-2.5-pro').thinkingBudget).toEqual({ min: 128, max: 32768, off: false });
    expect(bundledModelCapabilities('gemini-2.5-flash').thinkingBudget).toEqual({ min: 1, max: 24576, off: true });
    expect(bundledModelCapabilities('gemini-2.5-flash-lite').thinkingBudget).toEqual({ min: 512, max: 24576, off: true });
    expect(bundledModelCapabilities('gemini-3-pro-preview').thinkingBudget).toBeUndefined();
  });

  it('puts the operator’s overrides over the derived record, for the named model only', () => {
    const lookup = createCapabilityLookup(bundledModelCatalog, { 'house-reasoner': { maxCompletionTokens: true, samplingFixed: true }, 'gemini-2.5-flash': { thinkingBudget: { min: 1024, max: 8192, off: false } } });
    expect(lookup('house-reasoner')).toMatchObject({ maxCompletionTokens: true, samplingFixed: true, reasoningEffort: true });
    expect(lookup('house-chat').maxCompletionTokens).toBe(false);
    expect(lookup('gemini-2.5-flash').thinkingBudget).toEqual({ min: 1024, max: 8192, off: false });
    expect(lookup('toString').maxCompletionTokens).toBe(false);
  });
});
