import { describe, expect, it } from 'vitest';
import { chatWireFor } from '../adaptor-registry';
import { isResponsesOnlyModel, readUpstreamApi, upstreamApiOfSettingText, withUpstreamApi } from './upstream-api';

describe('upstream API choice', () => {
  it('knows the Responses-only OpenAI models, and only those', () => {
    for (const model of ['o1-pro', 'o3-pro', 'o3-pro-2025-06-10', 'gpt-5-pro', 'gpt-5.1-codex', 'gpt-5-codex', 'codex-mini-latest', 'o3-deep-research', 'o4-mini-deep-research', 'computer-use-preview']) {
      expect(isResponsesOnlyModel(model), model).toBe(true);
    }
    for (const model of ['gpt-5', 'gpt-4o', 'o3', 'o4-mini', 'gemini-2.5-pro', 'gpt-4o-mini-pro-tuned', 'claude-opus-4']) {
      expect(isResponsesOnlyModel(model), model).toBe(false);
    }
  });

  it('reads the choice from the setting, auto by default', () => {
    expect(readUpstreamApi(undefined)).toBe('auto');
    expect(readUpstreamApi({ upstream_api: 'responses' })).toBe('responses');
    expect(readUpstreamApi({ upstream_api: 'bogus' })).toBe('auto');
    expect(upstreamApiOfSettingText('{"upstream_api":"chat-completions"}')).toBe('chat-completions');
    expect(upstreamApiOfSettingText('not json')).toBe('auto');
  });

  it('writes the choice into the setting text, keeping the other keys', () => {
    expect(withUpstreamApi('', 'responses')).toBe('{"upstream_api":"responses"}');
    expect(withUpstreamApi('{"force_format":true}', 'chat-completions')).toBe('{"force_format":true,"upstream_api":"chat-completions"}');
    expect(withUpstreamApi('{"upstream_api":"responses"}', 'auto')).toBe('');
    expect(withUpstreamApi('{broken', 'responses')).toBe('{broken');
  });

  it('routes an OpenAI channel by its choice, and leaves other OpenAI-compatible types on chat completions', () => {
    const channel = (upstreamApi?: string) => ({ type: 1, key: 'k', baseUrl: '', organization: '', other: '', setting: upstreamApi ? { upstream_api: upstreamApi } : {} });
    expect(chatWireFor(1, 'gpt-5-codex', 'anthropic-messages', channel())).toBe('openai-responses');
    expect(chatWireFor(1, 'gpt-4o', 'anthropic-messages', channel())).toBe('openai-chat');
    expect(chatWireFor(1, 'gpt-4o', 'openai-responses', channel())).toBe('openai-responses');
    expect(chatWireFor(1, 'gpt-4o', 'gemini', channel('responses'))).toBe('openai-responses');
    expect(chatWireFor(1, 'gpt-5-codex', 'openai-responses', channel('chat-completions'))).toBe('openai-chat');
    // DeepSeek (type 43) has no Responses API: its choice is not offered and not read.
    expect(chatWireFor(43, 'deepseek-codex', 'openai-chat', channel('responses'))).toBe('openai-chat');
  });
});
