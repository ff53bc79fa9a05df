import { describe, expect, it } from 'vitest';
import type { CanonicalRequest } from '../canonical-model';
import { defaultModelCapabilities, type ModelCapabilities } from '../model-capabilities';
import { decodeOpenAiResponsesRequest } from '../openai-responses/openai-responses-request-codec';
import { openAiResponsesRequestSchema } from '../openai-responses/openai-responses-schema';
import { encodeAnthropicMessagesRequest } from './anthropic-messages-request-encode';

const takesEffort: ModelCapabilities = { ...defaultModelCapabilities, acceptsEffort: true };
const noEffort: ModelCapabilities = { ...defaultModelCapabilities, acceptsEffort: false, thinking: true };

function request(model: string, extra: Partial<CanonicalRequest>): CanonicalRequest {
  return { model, messages: [{ role: 'user', parts: [{ type: 'text', text: 'ls' }] }], stream: false, ...extra };
}

describe('anthropic reasoning effort by model', () => {
  it('sends a Codex reasoning.effort as output_config.effort to a model that takes it', () => {
    const codex = decodeOpenAiResponsesRequest(
      openAiResponsesRequestSchema.parse({ model: 'claude-opus-4-6', input: 'ls', max_output_tokens: 32000, reasoning: { effort: 'high' } }),
    );
    const encoded = encodeAnthropicMessagesRequest(codex, takesEffort);
    expect(encoded.output_config).toEqual({ effort: 'high' });
    expect(encoded.thinking).toBeUndefined();
    expect(codex.warnings).toBeUndefined();
  });

  it('turns a Codex reasoning.effort into a thinking budget below max_tokens for a model that takes no effort', () => {
    const codex = decodeOpenAiResponsesRequest(
      openAiResponsesRequestSchema.parse({ model: 'claude-sonnet-4-5', input: 'ls', max_output_tokens: 32000, reasoning: { effort: 'high' } }),
    );
    const encoded = encodeAnthropicMessagesRequest(codex, noEffort);
    expect(encoded.output_config).toBeUndefined();
    expect(encoded.max_tokens).toBe(32000);
    expect(encoded.thinking).toEqual({ type: 'enabled', budget_tokens: 25600 });
    expect(codex.warnings).toEqual(['reasoning effort "high" was sent as a thinking budget of 25600 tokens: claude-sonnet-4-5 takes no effort parameter']);
  });

  it('sizes each effort as a share of max_tokens, never under 1024 nor at max_tokens', () => {
    const budgetOf = (effort: string, maxTokens: number) => encodeAnthropicMessagesRequest(request('claude-haiku-4-5', { reasoningEffort: effort, maxTokens }), noEffort).thinking;
    expect(budgetOf('minimal', 20000)).toEqual({ type: 'enabled', budget_tokens: 2000 });
    expect(budgetOf('low', 20000)).toEqual({ type: 'enabled', budget_tokens: 4000 });
    expect(budgetOf('medium', 20000)).toEqual({ type: 'enabled', budget_tokens: 10000 });
    expect(budgetOf('xhigh', 20000)).toEqual({ type: 'enabled', budget_tokens: 18000 });
    expect(budgetOf('max', 20000)).toEqual({ type: 'enabled', budget_tokens: 19000 });
    expect(budgetOf('low', 4000)).toEqual({ type: 'enabled', budget_tokens: 1024 });
    expect(budgetOf('max', 1025)).toEqual({ type: 'enabled', budget_tokens: 1024 });
  });

  it('drops the effort, with a warning, where no thinking budget fits or the model cannot think', () => {
    const tooSmall = request('claude-haiku-4-5', { reasoningEffort: 'low', maxTokens: 1024 });
    const tooSmallBody = encodeAnthropicMessagesRequest(tooSmall, noEffort);
    expect(tooSmallBody.thinking).toBeUndefined();
    expect(tooSmallBody.output_config).toBeUndefined();
    expect(tooSmall.warnings).toEqual([
      'reasoning effort "low" was dropped: claude-haiku-4-5 takes no effort parameter, and max_tokens 1024 leaves no room for the smallest thinking budget (1024)',
    ]);
    const old = request('claude-3-5-haiku-20241022', { reasoningEffort: 'medium', maxTokens: 4000 });
    const oldBody = encodeAnthropicMessagesRequest(old, { ...noEffort, thinking: false });
    expect(oldBody.thinking).toBeUndefined();
    expect(oldBody.output_config).toBeUndefined();
    expect(old.warnings).toEqual(['reasoning effort "medium" was dropped: claude-3-5-haiku-20241022 takes no effort parameter nor extended thinking']);
  });

  it('keeps a thinking budget the caller set and drops the effort beside it', () => {
    const both = request('claude-sonnet-4-5', { reasoningEffort: 'high', maxTokens: 8000, reasoning: { budgetTokens: 2000 } });
    const body = encodeAnthropicMessagesRequest(both, noEffort);
    expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: 2000 });
    expect(body.output_config).toBeUndefined();
    expect(both.warnings).toEqual(['reasoning effort "high" was dropped: claude-sonnet-4-5 takes no effort parameter, and the request sets its thinking budget']);
  });

  it('sends "minimal" as effort "low" to a model that takes effort, and says so', () => {
    const minimal = request('claude-opus-4-5', { reasoningEffort: 'minimal', maxTokens: 8000 });
    expect(encodeAnthropicMessagesRequest(minimal, takesEffort).output_config).toEqual({ effort: 'low' });
    expect(minimal.warnings).toEqual(['reasoning effort "minimal" was sent as anthropic-messages effort "low"']);
  });
});
