// Each per-model capability rule, checked against the provider's own validation (the strict agent mock's rules): what
// an encoder that ignores the rule sends is refused with the provider's real 400 body (the fixtures), what it sends
// for the model's record passes, and every field it changed or dropped is written to the request's warnings.
import { anthropicRules, fixturesBeside, firstRefusal, geminiRules, openAiChatRules, openAiResponsesRules, type StrictRule } from '@turnpike/testing';
import { describe, expect, it } from 'vitest';
import { encodeAnthropicMessagesRequest } from './anthropic-messages/anthropic-messages-request-encode';
import type { CanonicalRequest } from './canonical-model';
import { encodeGeminiRequest } from './gemini/gemini-request-codec';
import { defaultModelCapabilities, type ModelCapabilities } from './model-capabilities';
import { encodeOpenAiChatRequest } from './openai-chat/openai-chat-request-codec';
import { encodeOpenAiResponsesRequest } from './openai-responses/openai-responses-request-codec';

const { fixtureJson } = fixturesBeside(import.meta.url);
const providerError = (name: string): unknown => fixtureJson(`provider-400/${name}.json`);

function request(model: string, extra: Partial<CanonicalRequest> = {}): CanonicalRequest {
  return { model, messages: [{ role: 'user', parts: [{ type: 'text', text: 'ls' }] }], stream: false, ...extra };
}

const refusalOf = (rules: readonly StrictRule[], body: unknown): unknown => firstRefusal(rules, body as Record<string, unknown>)?.body;

const openAiReasoning: ModelCapabilities = { ...defaultModelCapabilities, maxCompletionTokens: true, samplingFixed: true };
const openAiPlain: ModelCapabilities = { ...defaultModelCapabilities, reasoningEffort: false };

describe('OpenAI chat completions', () => {
  it('sends the output limit of a reasoning model as max_completion_tokens', () => {
    expect(refusalOf(openAiChatRules, encodeOpenAiChatRequest(request('gpt-5', { maxTokens: 100 })))).toEqual(providerError('openai-chat-max-tokens'));
    const encoded = encodeOpenAiChatRequest(request('gpt-5', { maxTokens: 100 }), openAiReasoning);
    expect(encoded.max_completion_tokens).toBe(100);
    expect(refusalOf(openAiChatRules, encoded)).toBeUndefined();
  });

  it('drops a reasoning effort for a model without reasoning, with a warning', () => {
    expect(refusalOf(openAiChatRules, encodeOpenAiChatRequest(request('gpt-4.1', { reasoningEffort: 'high' })))).toEqual(providerError('openai-chat-reasoning-effort'));
    const caller = request('gpt-4.1', { reasoningEffort: 'high' });
    const encoded = encodeOpenAiChatRequest(caller, openAiPlain);
    expect(encoded.reasoning_effort).toBeUndefined();
    expect(refusalOf(openAiChatRules, encoded)).toBeUndefined();
    expect(caller.warnings).toEqual(['reasoning effort "high" was dropped: gpt-4.1 takes no reasoning_effort']);
  });

  it('sends a thinking budget as reasoning_effort, with a warning (it used to be dropped silently)', () => {
    const caller = request('gpt-5', { maxTokens: 16000, reasoning: { budgetTokens: 8000 } });
    const encoded = encodeOpenAiChatRequest(caller, openAiReasoning);
    expect(encoded.reasoning_effort).toBe('medium');
    expect(refusalOf(openAiChatRules, encoded)).toBeUndefined();
    expect(caller.warnings).toEqual(['thinking budget 8000 was approximated as OpenAI reasoning effort "medium"']);
    expect(encodeOpenAiChatRequest(request('gpt-5', { reasoning: { budgetTokens: 20000 } }), openAiReasoning).reasoning_effort).toBe('high');
    expect(encodeOpenAiChatRequest(request('gpt-5', { reasoning: { budgetTokens: 1024 } }), openAiReasoning).reasoning_effort).toBe('low');
  });

  it('drops a non-default temperature for a reasoning model, with a warning', () => {
    expect(refusalOf(openAiChatRules, encodeOpenAiChatRequest(request('gpt-5', { temperature: 0.2 })))).toEqual(providerError('openai-chat-temperature'));
    const caller = request('gpt-5', { temperature: 0.2 });
    const encoded = encodeOpenAiChatRequest(caller, openAiReasoning);
    expect(encoded.temperature).toBeUndefined();
    expect(caller.warnings).toEqual(['temperature 0.2 was dropped: gpt-5 takes only the default sampling']);
  });

  it('sends a user id longer than 64 characters as its sha256', () => {
    const user = 'u'.repeat(186);
    const encoded = encodeOpenAiChatRequest(request('gpt-4.1', { user }));
    expect(refusalOf(openAiChatRules, { ...encoded, user })).toEqual(providerError('openai-user-too-long'));
    expect(encoded.user).toHaveLength(64);
    expect(refusalOf(openAiChatRules, encoded)).toBeUndefined();
  });
});

describe('OpenAI Responses', () => {
  it('drops reasoning.effort for a model without reasoning, and sends a budget as an effort for one with it', () => {
    expect(refusalOf(openAiResponsesRules, encodeOpenAiResponsesRequest(request('gpt-4.1', { reasoningEffort: 'low' })))).toEqual(providerError('openai-responses-reasoning-effort'));
    const plain = request('gpt-4.1', { reasoningEffort: 'low' });
    expect(refusalOf(openAiResponsesRules, encodeOpenAiResponsesRequest(plain, openAiPlain))).toBeUndefined();
    expect(plain.warnings).toEqual(['reasoning effort "low" was dropped: gpt-4.1 takes no reasoning.effort']);
    const budget = request('gpt-5', { reasoning: { budgetTokens: 30000 } });
    expect(encodeOpenAiResponsesRequest(budget, openAiReasoning).reasoning).toEqual({ effort: 'high' });
    expect(budget.warnings).toEqual(['thinking budget 30000 was approximated as OpenAI reasoning effort "high"']);
  });

  it('drops temperature and top_p for a reasoning model, with warnings', () => {
    expect(refusalOf(openAiResponsesRules, encodeOpenAiResponsesRequest(request('gpt-5', { temperature: 0.7 })))).toEqual(providerError('openai-responses-temperature'));
    const caller = request('gpt-5', { temperature: 0.7, topP: 0.9 });
    const encoded = encodeOpenAiResponsesRequest(caller, openAiReasoning);
    expect(refusalOf(openAiResponsesRules, encoded)).toBeUndefined();
    expect(encoded).not.toHaveProperty('top_p');
    expect(caller.warnings).toEqual(['temperature 0.7 was dropped: gpt-5 takes only the default sampling', 'top_p 0.9 was dropped: gpt-5 takes only the default sampling']);
  });
});

describe('Anthropic Messages', () => {
  it('sends an effort as a thinking budget for a Claude model without effort', () => {
    const asEffort = encodeAnthropicMessagesRequest(request('claude-sonnet-4-5', { reasoningEffort: 'high', maxTokens: 16000 }), { ...defaultModelCapabilities, acceptsEffort: true });
    expect(refusalOf(anthropicRules, asEffort)).toEqual(providerError('anthropic-effort'));
    const caller = request('claude-sonnet-4-5', { reasoningEffort: 'high', maxTokens: 16000 });
    const encoded = encodeAnthropicMessagesRequest(caller, defaultModelCapabilities);
    expect(encoded.thinking).toEqual({ type: 'enabled', budget_tokens: 12800 });
    expect(refusalOf(anthropicRules, encoded)).toBeUndefined();
    expect(caller.warnings).toEqual(['reasoning effort "high" was sent as a thinking budget of 12800 tokens: claude-sonnet-4-5 takes no effort parameter']);
  });

  it('sends temperature without top_p to a model that refuses both (what Gemini CLI sends by default)', () => {
    expect(refusalOf(anthropicRules, encodeAnthropicMessagesRequest(request('claude-sonnet-4-5', { temperature: 1, topP: 0.95 })))).toEqual(providerError('anthropic-temperature-top-p'));
    const caller = request('claude-sonnet-4-5', { temperature: 1, topP: 0.95 });
    const encoded = encodeAnthropicMessagesRequest(caller, { ...defaultModelCapabilities, exclusiveSampling: true });
    expect(encoded).toMatchObject({ temperature: 1 });
    expect(encoded).not.toHaveProperty('top_p');
    expect(refusalOf(anthropicRules, encoded)).toBeUndefined();
    expect(caller.warnings).toEqual(['top_p was dropped: claude-sonnet-4-5 takes temperature or top_p, not both']);
    expect(encodeAnthropicMessagesRequest(request('claude-sonnet-4-5', { topP: 0.95 }), { ...defaultModelCapabilities, exclusiveSampling: true }).top_p).toBe(0.95);
  });
});

describe('Gemini', () => {
  const flash: ModelCapabilities = { ...defaultModelCapabilities, thinkingBudget: { min: 1, max: 24576, off: true } };
  const pro: ModelCapabilities = { ...defaultModelCapabilities, thinkingBudget: { min: 128, max: 32768, off: false } };
  const checked = (model: string, body: object): unknown => refusalOf(geminiRules, { ...body, model });

  it('moves a thinking budget into the model’s range, with a warning', () => {
    expect(checked('gemini-2.5-flash', encodeGeminiRequest(request('gemini-2.5-flash', { reasoning: { budgetTokens: 30000 } })))).toEqual(providerError('gemini-thinking-budget'));
    const caller = request('gemini-2.5-flash', { reasoning: { budgetTokens: 30000 } });
    const encoded = encodeGeminiRequest(caller, flash);
    expect(encoded.generationConfig?.thinkingConfig).toEqual({ thinkingBudget: 24576 });
    expect(checked('gemini-2.5-flash', encoded)).toBeUndefined();
    expect(caller.warnings).toEqual(["thinking budget 30000 was lowered to gemini-2.5-flash's maximum of 24576"]);
  });

  it('raises a budget of 0 to the minimum for a model that cannot turn thinking off, and keeps 0 where it can', () => {
    expect(checked('gemini-2.5-pro', encodeGeminiRequest(request('gemini-2.5-pro', { reasoning: { budgetTokens: 0 } })))).toEqual(providerError('gemini-budget-zero'));
    const caller = request('gemini-2.5-pro', { reasoning: { budgetTokens: 0 } });
    expect(encodeGeminiRequest(caller, pro).generationConfig?.thinkingConfig).toEqual({ thinkingBudget: 128 });
    expect(caller.warnings).toEqual(['thinking budget 0 was raised to 128: gemini-2.5-pro cannot turn thinking off']);
    expect(encodeGeminiRequest(request('gemini-2.5-flash', { reasoning: { budgetTokens: 0 } }), flash).generationConfig?.thinkingConfig).toEqual({ thinkingBudget: 0 });
    expect(encodeGeminiRequest(request('gemini-2.5-pro', { reasoning: { budgetTokens: -1 } }), pro).generationConfig?.thinkingConfig).toEqual({ thinkingBudget: -1 });
  });
});
