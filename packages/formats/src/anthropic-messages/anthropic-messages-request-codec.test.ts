import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import type { CanonicalRequest } from '../canonical-model';
import { decodeAnthropicMessagesRequest } from './anthropic-messages-request-decode';
import { anthropicDefaultMaxTokens, encodeAnthropicMessagesRequest } from './anthropic-messages-request-encode';
import { anthropicMessagesRequestSchema } from './anthropic-messages-schema';
import { defaultModelCapabilities } from '../model-capabilities';

const fixtureJson = (): Record<string, unknown> =>
  fixturesBeside(import.meta.url).fixtureJson<Record<string, unknown>>('messages-request.json');
const fixtureRequest = anthropicMessagesRequestSchema.parse(fixtureJson());

const thinkingSignature = 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds7Ayq0Ty8qZnK0jYdTe6xH9b5sV0q+9W2uA0e3kAzRJSYHxeF8nJQ9pYc=';
const redactedData = 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB8URj2pLmN3kFxRTAZ8=';
const pngBase64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function userText(text: string): CanonicalRequest['messages'][number] {
  return { role: 'user', parts: [{ type: 'text', text }] };
}

describe('anthropic messages request decoding', () => {
  it('decodes every mapped field of a full request into the canonical request', () => {
    const expected: CanonicalRequest = {
      model: 'claude-sonnet-4-5-20250929',
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'You are a weather assistant.' }] },
        { role: 'system', parts: [{ type: 'text', text: 'Answer in one sentence.' }] },
        {
          role: 'user',
          parts: [
            { type: 'text', text: 'What is the weather in Paris? Here are a photo and the forecast.' },
            { type: 'image', url: `data:image/png;base64,${pngBase64}` },
            { type: 'image', url: 'https://upload.wikimedia.org/wikipedia/commons/a/a8/Tour_Eiffel_Wikimedia_Commons.jpg' },
            { type: 'file', mediaType: 'application/pdf', data: 'JVBERi0xLjQK', filename: 'forecast.pdf' },
            { type: 'file', mediaType: 'text/plain', data: Buffer.from('Tomorrow: rain').toString('base64') },
          ],
        },
        {
          role: 'assistant',
          parts: [
            { type: 'reasoning', text: 'The user wants the weather in Paris. I should call get_weather.', signature: thinkingSignature },
            { type: 'reasoning', text: '', signature: redactedData, redacted: true },
            { type: 'text', text: "I'll check the current weather." },
            { type: 'tool-call', id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', arguments: '{"city":"Paris","unit":"celsius"}' },
          ],
        },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'toolu_01A09q90qw90lq917835lq9', content: '15 degrees\nlight rain' }] },
        userText('Should I take an umbrella?'),
      ],
      stream: true,
      includeUsage: true,
      maxTokens: 2048,
      temperature: 1,
      topP: 0.95,
      topK: 40,
      stop: ['\n\nHuman:'],
      tools: [
        {
          name: 'get_weather',
          description: 'Get the current weather in a given city',
          parameters: {
            type: 'object',
            properties: { city: { type: 'string', description: 'The city, e.g. Paris' }, unit: { type: 'string', enum: ['celsius', 'fahrenheit'] } },
            required: ['city'],
          },
        },
      ],
      toolChoice: 'auto',
      parallelToolCalls: false,
      reasoning: { budgetTokens: 1024 },
      user: '13803d75-b4b5-4c3e-b2a2-6f21399b021b',
      passthrough: { format: 'anthropic-messages', fields: { service_tier: 'auto' } },
      warnings: ['anthropic-messages cache_control breakpoint has no canonical equivalent and was dropped'],
    };
    expect(decodeAnthropicMessagesRequest(fixtureRequest)).toEqual(expected);
  });

  it('maps thinking configurations, effort and structured output both ways', () => {
    const base = { model: 'claude-opus-4-6', max_tokens: 4096, messages: [{ role: 'user', content: 'hi' }] };
    const decode = (extra: Record<string, unknown>): CanonicalRequest =>
      decodeAnthropicMessagesRequest(anthropicMessagesRequestSchema.parse({ ...base, ...extra }));
    expect(decode({ thinking: { type: 'disabled' } }).reasoning).toEqual({ budgetTokens: 0 });
    expect(decode({ thinking: { type: 'adaptive', display: 'omitted' } }).reasoning).toEqual({ budgetTokens: -1, includeThoughts: false });
    expect(decode({ thinking: { type: 'enabled', budget_tokens: 2000, display: 'summarized' } }).reasoning).toEqual({ budgetTokens: 2000, includeThoughts: true });
    const structured = decode({ output_config: { effort: 'medium', format: { type: 'json_schema', schema: { type: 'object' } }, future_knob: 1 } });
    expect(structured.reasoningEffort).toBe('medium');
    expect(structured.responseFormat).toEqual({ type: 'json-schema', name: 'output', schema: { type: 'object' } });
    expect(structured.passthrough).toEqual({ format: 'anthropic-messages', fields: { output_config: { future_knob: 1 } } });
    expect(encodeAnthropicMessagesRequest(structured, { ...defaultModelCapabilities, acceptsEffort: true }).output_config).toEqual({ future_knob: 1, effort: 'medium', format: { type: 'json_schema', schema: { type: 'object' } } });
    for (const thinking of [{ type: 'disabled' }, { type: 'adaptive', display: 'omitted' }, { type: 'enabled', budget_tokens: 2000 }]) {
      expect(encodeAnthropicMessagesRequest(decode({ thinking })).thinking).toEqual(thinking);
    }
  });

  it('drops server tools and server-tool blocks with warnings, and rejects malformed bodies', () => {
    const request = anthropicMessagesRequestSchema.parse({
      model: 'claude-sonnet-4-5',
      max_tokens: 100,
      messages: [
        { role: 'user', content: 'search it' },
        { role: 'assistant', content: [{ type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'x' } }] },
      ],
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3 }],
    });
    const decoded = decodeAnthropicMessagesRequest(request);
    expect(decoded.tools).toEqual([]);
    expect(decoded.messages).toEqual([userText('search it'), { role: 'assistant', parts: [] }]);
    expect(decoded.warnings).toEqual([
      'anthropic-messages content block "server_tool_use" has no canonical equivalent and was dropped',
      'anthropic-messages server tool "web_search" (web_search_20250305) has no canonical equivalent and was dropped',
    ]);
    const valid = { model: 'm', max_tokens: 1, messages: [{ role: 'user', content: 'x' }] };
    expect(anthropicMessagesRequestSchema.safeParse(valid).success).toBe(true);
    expect(anthropicMessagesRequestSchema.safeParse({ ...valid, max_tokens: undefined }).success).toBe(false);
    expect(anthropicMessagesRequestSchema.safeParse({ ...valid, messages: [{ role: 'robot', content: 'x' }] }).success).toBe(false);
    expect(anthropicMessagesRequestSchema.safeParse({ ...valid, messages: [{ role: 'user', content: [{ type: 'text' }] }] }).success).toBe(false);
    expect(anthropicMessagesRequestSchema.safeParse({ ...valid, tool_choice: { type: 'tool' } }).success).toBe(false);
  });
});

describe('anthropic messages request encoding', () => {
  it('re-encodes the decoded fixture to the same wire request, minus cache_control and with tool_result text joined', () => {
    const decoded = decodeAnthropicMessagesRequest(fixtureRequest);
    const encoded = encodeAnthropicMessagesRequest(decoded);
    const expected = fixtureJson();
    const system = expected.system as Record<string, unknown>[];
    delete system[0]?.cache_control;
    const messages = expected.messages as { content: Record<string, unknown>[] }[];
    const toolResult = messages[2]?.content[0];
    if (toolResult) toolResult.content = '15 degrees\nlight rain';
    expect(encoded).toEqual(expected);
    expect(anthropicMessagesRequestSchema.safeParse(encoded).success).toBe(true);
    expect(decoded.warnings).toHaveLength(1);
  });

  it('hoists system messages, merges tool results into one user turn and reports what it drops', () => {
    const request: CanonicalRequest = {
      model: 'claude-haiku-4-5',
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
        { role: 'user', name: 'alice', parts: [{ type: 'text', text: 'Weather and time?' }, { type: 'image', url: 'https://x.test/a.png', detail: 'high' }] },
        {
          role: 'assistant',
          parts: [
            { type: 'reasoning', text: 'unsigned DeepSeek reasoning' },
            { type: 'tool-call', id: 'call_1', name: 'weather', arguments: '{"city":"Paris"}' },
            { type: 'tool-call', id: 'call_2', name: 'time', arguments: 'not json' },
          ],
        },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'call_1', content: 'sunny' }] },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'call_2', content: 'failed', isError: true }] },
        { role: 'system', parts: [{ type: 'text', text: 'Use metric units.' }] },
        { role: 'user', parts: [{ type: 'file', mediaType: 'audio/wav', data: 'UklGRg==' }, { type: 'text', text: 'Thanks' }] },
      ],
      stream: false,
      seed: 1,
      presencePenalty: 0.5,
      tools: [{ name: 'weather', parameters: { properties: { city: { type: 'string' } } } }],
      toolChoice: 'required',
      parallelToolCalls: false,
      responseFormat: { type: 'json-object' },
      reasoningEffort: 'minimal',
    };
    const encoded = encodeAnthropicMessagesRequest(request);
    expect(encoded).toEqual({
      model: 'claude-haiku-4-5',
      max_tokens: anthropicDefaultMaxTokens,
      system: [
        { type: 'text', text: 'Be brief.' },
        { type: 'text', text: 'Use metric units.' },
      ],
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather and time?' }, { type: 'image', source: { type: 'url', url: 'https://x.test/a.png' } }] },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'call_1', name: 'weather', input: { city: 'Paris' } },
            { type: 'tool_use', id: 'call_2', name: 'time', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'call_1', content: 'sunny' },
            { type: 'tool_result', tool_use_id: 'call_2', content: 'failed', is_error: true },
            { type: 'text', text: 'Thanks' },
          ],
        },
      ],
      tools: [{ name: 'weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
      tool_choice: { type: 'any', disable_parallel_tool_use: true },
      // Claude Haiku 4.5 takes no effort (the default capabilities): "minimal" becomes the smallest thinking budget.
      thinking: { type: 'enabled', budget_tokens: 1024 },
    });
    expect(request.warnings).toEqual([
      'message name has no anthropic-messages equivalent and was dropped',
      'image detail has no anthropic-messages equivalent and was dropped',
      'reasoning without a signature has no anthropic-messages equivalent and was dropped',
      'tool call call_2 arguments are not a JSON object and were replaced by {} for anthropic-messages',
      'system message at position 5 was moved into the anthropic-messages top-level system prompt',
      'file attachment of type audio/wav has no anthropic-messages equivalent and was dropped',
      'seed has no anthropic-messages equivalent and was dropped',
      'presence_penalty has no anthropic-messages equivalent and was dropped',
      'reasoning effort "minimal" was sent as a thinking budget of 1024 tokens: claude-haiku-4-5 takes no effort parameter',
      'JSON object mode (response_format json_object) has no anthropic-messages equivalent and was dropped',
    ]);
  });

  it('sends a single text as a plain string, a small thinking budget raised, and nothing the canonical request lacks', () => {
    const request: CanonicalRequest = { model: 'm', messages: [userText('hi')], stream: true, maxTokens: 1000, reasoning: { budgetTokens: 500 } };
    expect(encodeAnthropicMessagesRequest(request)).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'hi' }],
      max_tokens: 1000,
      stream: true,
      thinking: { type: 'enabled', budget_tokens: 1024 },
    });
    expect(request.warnings).toEqual([
      'thinking budget 500 was raised to the anthropic-messages minimum of 1024',
      'thinking budget 1024 is not below max_tokens 1000; the upstream may reject the request',
    ]);
    const effortOff: CanonicalRequest = { model: 'm', messages: [userText('hi')], stream: false, reasoningEffort: 'none', toolChoice: 'auto' };
    expect(encodeAnthropicMessagesRequest(effortOff)).toEqual({ model: 'm', messages: [{ role: 'user', content: 'hi' }], max_tokens: 8192, thinking: { type: 'disabled' } });
    expect(effortOff.warnings).toBeUndefined();
  });

  it('encodes base64 images, Files API ids and plain-text documents, and refuses unsupported image types', () => {
    const request: CanonicalRequest = {
      model: 'm',
      stream: false,
      messages: [
        {
          role: 'user',
          parts: [
            { type: 'image', url: 'data:image/jpeg;base64,/9j/4AAQ' },
            { type: 'image', url: 'data:image/tiff;base64,SUkqAA==' },
            { type: 'file', fileId: 'file_011CNha8iCJcU1wXNR6q4V8w', mediaType: 'image/*' },
            { type: 'file', fileId: 'file_011CPMxVD3fHLUhvTqtsQA5w', filename: 'report' },
            { type: 'file', mediaType: 'text/plain', data: Buffer.from('plain words').toString('base64'), filename: 'notes.txt' },
            { type: 'file', url: 'https://x.test/paper.pdf' },
          ],
        },
      ],
    };
    expect(encodeAnthropicMessagesRequest(request).messages[0]?.content).toEqual([
      { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data: '/9j/4AAQ' } },
      { type: 'image', source: { type: 'file', file_id: 'file_011CNha8iCJcU1wXNR6q4V8w' } },
      { type: 'document', source: { type: 'file', file_id: 'file_011CPMxVD3fHLUhvTqtsQA5w' }, title: 'report' },
      { type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'plain words' }, title: 'notes.txt' },
      { type: 'document', source: { type: 'url', url: 'https://x.test/paper.pdf' } },
    ]);
    expect(request.warnings).toEqual(['image of type image/tiff has no anthropic-messages equivalent and was dropped']);
  });
});
