import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import type { CanonicalRequest } from '../canonical-model';
import { defaultModelCapabilities } from '../model-capabilities';
import { decodeOpenAiChatRequest, encodeOpenAiChatRequest } from './openai-chat-request-codec';
import { openAiChatRequestSchema } from './openai-chat-schema';

const fixtureRequest = openAiChatRequestSchema.parse(fixturesBeside(import.meta.url).fixtureJson('chat-request.json'));

describe('openai chat request codec', () => {
  it('decodes every mapped field of a full request into the canonical request', () => {
    const expected: CanonicalRequest = {
      model: 'gpt-4o',
      messages: [
        { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
        { role: 'system', parts: [{ type: 'text', text: 'You answer weather questions.' }] },
        {
          role: 'user',
          name: 'alice',
          parts: [
            { type: 'text', text: 'Weather in Paris?' },
            { type: 'image', url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' },
            { type: 'file', mediaType: 'audio/wav', data: 'UklGRg==' },
            { type: 'file', mediaType: 'application/pdf', data: 'JVBERi0=', filename: 'a.pdf' },
          ],
        },
        {
          role: 'assistant',
          parts: [
            { type: 'reasoning', text: 'Call the tool.' },
            { type: 'tool-call', id: 'call_x', name: 'get_weather', arguments: '{"city":"Paris"}' },
          ],
        },
        { role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'call_x', content: 'sunny, 24C' }] },
      ],
      stream: true,
      includeUsage: true,
      maxTokens: 256,
      temperature: 0.2,
      topP: 0.9,
      stop: ['END'],
      seed: 7,
      presencePenalty: 0.1,
      frequencyPenalty: 0.2,
      tools: [
        {
          name: 'get_weather',
          description: 'Weather by city',
          parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          strict: true,
        },
      ],
      toolChoice: { name: 'get_weather' },
      parallelToolCalls: false,
      reasoningEffort: 'low',
      responseFormat: { type: 'json-schema', name: 'answer', schema: { type: 'object' }, strict: true },
      user: 'user-42',
      passthrough: {
        format: 'openai-chat',
        fields: { max_completion_tokens: 256, logit_bias: { '50256': -100 }, n: 1, service_tier: 'flex', x_vendor_flag: true },
      },
    };
    expect(decodeOpenAiChatRequest(fixtureRequest)).toEqual(expected);
  });

  it('re-encodes to OpenAI chat keeping passthrough fields and max_completion_tokens', () => {
    const encoded = encodeOpenAiChatRequest(decodeOpenAiChatRequest(fixtureRequest));
    expect(openAiChatRequestSchema.safeParse(encoded).success).toBe(true);
    expect(encoded.max_completion_tokens).toBe(256);
    expect(encoded.max_tokens).toBeUndefined();
    expect(encoded.x_vendor_flag).toBe(true);
    expect(encoded.stop).toEqual(['END']);
    expect(encoded.stream_options).toEqual({ include_usage: true });
    expect(encoded.messages).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'system', content: 'You answer weather questions.' },
      {
        role: 'user',
        name: 'alice',
        content: [
          { type: 'text', text: 'Weather in Paris?' },
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=', detail: 'low' } },
          { type: 'input_audio', input_audio: { data: 'UklGRg==', format: 'wav' } },
          { type: 'file', file: { file_data: 'data:application/pdf;base64,JVBERi0=', filename: 'a.pdf' } },
        ],
      },
      {
        role: 'assistant',
        content: null,
        reasoning_content: 'Call the tool.',
        tool_calls: [{ id: 'call_x', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }],
      },
      { role: 'tool', tool_call_id: 'call_x', content: 'sunny, 24C' },
    ]);
    expect(encoded.tool_choice).toEqual({ type: 'function', function: { name: 'get_weather' } });
    expect(encoded.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'answer', schema: { type: 'object' }, strict: true } });
  });

  it('writes max_tokens by default and nothing the canonical request lacks', () => {
    const encoded = encodeOpenAiChatRequest({
      model: 'm',
      messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }],
      stream: false,
      maxTokens: 10,
      passthrough: { format: 'openai-chat', fields: {} },
    });
    expect(encoded).toEqual({ model: 'm', messages: [{ role: 'user', content: 'hi' }], max_tokens: 10 });
  });

  it('maps legacy functions, function_call and function messages', () => {
    const request = openAiChatRequestSchema.parse({
      model: 'gpt-3.5-turbo',
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: null, function_call: { name: 'lookup', arguments: '{}' } },
        { role: 'function', name: 'lookup', content: 'found' },
      ],
      functions: [{ name: 'lookup', parameters: { type: 'object' } }],
      function_call: { name: 'lookup' },
    });
    const decoded = decodeOpenAiChatRequest(request);
    expect(decoded.tools).toEqual([{ name: 'lookup', parameters: { type: 'object' } }]);
    expect(decoded.toolChoice).toEqual({ name: 'lookup' });
    expect(decoded.messages[1]?.parts).toEqual([{ type: 'tool-call', id: 'lookup', name: 'lookup', arguments: '{}' }]);
    expect(decoded.messages[2]).toEqual({ role: 'tool', parts: [{ type: 'tool-result', toolCallId: 'lookup', content: 'found' }] });
    expect(decoded.stream).toBe(false);
  });

  it('rejects requests without a model or with an unknown role', () => {
    expect(openAiChatRequestSchema.safeParse({ messages: [] }).success).toBe(false);
    expect(openAiChatRequestSchema.safeParse({ model: 'm', messages: [{ role: 'robot', content: 'x' }] }).success).toBe(false);
  });

  it('sends the output limit as max_completion_tokens to a model that needs it, and as max_tokens elsewhere', () => {
    const request = (model: string): CanonicalRequest => ({ model, messages: [{ role: 'user', parts: [{ type: 'text', text: 'hi' }] }], stream: false, maxTokens: 32000 });
    expect(encodeOpenAiChatRequest(request('gpt-5'), { ...defaultModelCapabilities, maxCompletionTokens: true })).toEqual({
      model: 'gpt-5',
      messages: [{ role: 'user', content: 'hi' }],
      max_completion_tokens: 32000,
    });
    expect(encodeOpenAiChatRequest(request('gpt-4.1'), defaultModelCapabilities)).toEqual({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }], max_tokens: 32000 });
    expect(encodeOpenAiChatRequest(request('gpt-4.1'))).toEqual({ model: 'gpt-4.1', messages: [{ role: 'user', content: 'hi' }], max_tokens: 32000 });
  });
});
