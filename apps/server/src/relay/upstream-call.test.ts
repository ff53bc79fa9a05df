import { openAiChatFormat } from '@turnpike/formats';
import { describe, expect, it } from 'vitest';
import { useSqliteOptionStore } from '../../test/helpers/option-store-fixture';
import { openAiEndpoints } from './openai-endpoints';
import type { RelayRequest } from './relay-request';
import { prepareUpstreamCall, type UpstreamTarget } from './upstream-call';

const endpoint = (path: string) => {
  const found = openAiEndpoints.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no endpoint ${path}`);
  return found;
};

/** An OpenAI chat call as readRelayRequest would give it. */
function chatCall(json: Record<string, unknown>, stream = false): RelayRequest {
  return {
    endpoint: endpoint('/v1/chat/completions'),
    format: 'openai-chat',
    model: String(json.model),
    stream,
    framing: 'sse',
    json,
    canonical: () => openAiChatFormat.decodeRequest(openAiChatFormat.requestSchema.parse(json)),
    raw: null,
    boundary: null,
    contentType: 'application/json',
    forwardHeaders: {},
  };
}

const target = (type: number, model: string): UpstreamTarget => ({ channel: { type, key: 'k-1', baseUrl: '', organization: '', other: '' }, paramOverride: null, model, accessToken: undefined });
const bodyOf = (prepared: ReturnType<typeof prepareUpstreamCall>): Record<string, unknown> => {
  if (!prepared.ok) throw new Error(prepared.message);
  return JSON.parse(String(prepared.upstreamCall.body)) as Record<string, unknown>;
};

describe('prepareUpstreamCall', () => {
  const fixture = useSqliteOptionStore('upstream-call');

  it('passes a same-format call through with the upstream model, asking a stream for its usage', () => {
    const prepared = prepareUpstreamCall(fixture.options, chatCall({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }], stream: true }, true), target(1, 'gpt-4o-2024'));
    expect(prepared).toMatchObject({ ok: true, upstreamModel: 'gpt-4o-2024', chat: { wire: 'openai-chat', passthrough: true, upstreamStream: true } });
    expect(bodyOf(prepared)).toEqual({ model: 'gpt-4o-2024', messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    if (prepared.ok) expect(prepared.upstreamCall.url).toBe('https://api.openai.com/v1/chat/completions');
  });

  it('converts to the Anthropic format with its facts: path, required max_tokens, the claude group headers', async () => {
    await fixture.options.set('claude.model_headers_settings', { 'claude-sonnet-4': { 'anthropic-beta': ['a', 'b'] } });
    const prepared = prepareUpstreamCall(fixture.options, chatCall({ model: 'claude-sonnet-4', messages: [{ role: 'user', content: 'hi' }] }), target(14, 'claude-sonnet-4'));
    expect(prepared).toMatchObject({ ok: true, chat: { wire: 'anthropic-messages', passthrough: false } });
    expect(bodyOf(prepared)).toMatchObject({ model: 'claude-sonnet-4', max_tokens: 8192 });
    if (!prepared.ok) return;
    expect(prepared.upstreamCall.url).toBe('https://api.anthropic.com/v1/messages');
    expect(prepared.upstreamCall.headers['anthropic-beta']).toBe('a,b');
  });

  it('converts to Gemini with the gemini group: thinking adapter and safety settings, the model in the URL only', async () => {
    await fixture.options.set('gemini.thinking_adapter_enabled', true);
    const prepared = prepareUpstreamCall(fixture.options, chatCall({ model: 'gemini-2.5-flash-nothinking', messages: [{ role: 'user', content: 'hi' }] }), target(24, 'gemini-2.5-flash-nothinking'));
    expect(prepared).toMatchObject({ ok: true, upstreamModel: 'gemini-2.5-flash', chat: { wire: 'gemini' } });
    const body = bodyOf(prepared);
    expect(body.model).toBeUndefined();
    expect(body.generationConfig).toMatchObject({ thinkingConfig: { thinkingBudget: 0, includeThoughts: false } });
    expect(body.safetySettings).toContainEqual({ category: 'HARM_CATEGORY_HARASSMENT', threshold: 'OFF' });
    if (prepared.ok) expect(prepared.upstreamCall.url).toContain('/models/gemini-2.5-flash:generateContent');
  });

  it('refuses what the channel cannot serve', () => {
    const embeddings: RelayRequest = { ...chatCall({ model: 'e' }), endpoint: endpoint('/v1/embeddings'), format: null };
    expect(prepareUpstreamCall(fixture.options, embeddings, target(14, 'e'))).toEqual({ ok: false, message: 'channel type 14 cannot serve /v1/embeddings' });
    expect(prepareUpstreamCall(fixture.options, chatCall({ model: 'mj' }), target(2, 'mj'))).toEqual({ ok: false, message: 'channel type 2 cannot serve chat calls' });
  });
});
