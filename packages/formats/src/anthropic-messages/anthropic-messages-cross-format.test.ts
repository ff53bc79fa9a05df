import { describe, expect, it } from 'vitest';
import { fixturesBeside } from '@turnpike/testing';
import { decodeOpenAiChatRequest, encodeOpenAiChatRequest } from '../openai-chat/openai-chat-request-codec';
import { openAiChatRequestSchema } from '../openai-chat/openai-chat-schema';
import { decodeAnthropicMessagesRequest } from './anthropic-messages-request-decode';
import { encodeAnthropicMessagesRequest } from './anthropic-messages-request-encode';
import { anthropicMessagesRequestSchema } from './anthropic-messages-schema';
import { defaultModelCapabilities } from '../model-capabilities';


describe('anthropic messages across formats', () => {
  it('encodes an OpenAI chat request for Anthropic and lists everything it could not carry', () => {
    const canonical = decodeOpenAiChatRequest(openAiChatRequestSchema.parse(fixturesBeside(new URL('../openai-chat/', import.meta.url)).fixtureJson('chat-request.json')));
    // A model that takes `effort` (the caller's reasoning_effort "low" goes as output_config.effort).
    const encoded = encodeAnthropicMessagesRequest(canonical, { ...defaultModelCapabilities, acceptsEffort: true });
    expect(anthropicMessagesRequestSchema.safeParse(encoded).success).toBe(true);
    expect(encoded).toEqual({
      model: 'gpt-4o',
      max_tokens: 256,
      stream: true,
      system: [
        { type: 'text', text: 'Be brief.' },
        { type: 'text', text: 'You answer weather questions.' },
      ],
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'Weather in Paris?' },
            { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
            { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'a.pdf' },
          ],
        },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'call_x', name: 'get_weather', input: { city: 'Paris' } }] },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_x', content: 'sunny, 24C' }] },
      ],
      temperature: 0.2,
      top_p: 0.9,
      stop_sequences: ['END'],
      tools: [
        {
          name: 'get_weather',
          description: 'Weather by city',
          input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
          strict: true,
        },
      ],
      tool_choice: { type: 'tool', name: 'get_weather', disable_parallel_tool_use: true },
      output_config: { effort: 'low', format: { type: 'json_schema', schema: { type: 'object' } } },
      metadata: { user_id: 'user-42' },
    });
    expect(canonical.warnings).toEqual([
      'openai-chat field "max_completion_tokens" has no anthropic-messages equivalent and was dropped',
      'openai-chat field "n" has no anthropic-messages equivalent and was dropped',
      'openai-chat field "logit_bias" has no anthropic-messages equivalent and was dropped',
      'openai-chat field "service_tier" has no anthropic-messages equivalent and was dropped',
      'openai-chat field "x_vendor_flag" has no anthropic-messages equivalent and was dropped',
      'message name has no anthropic-messages equivalent and was dropped',
      'image detail has no anthropic-messages equivalent and was dropped',
      'file attachment of type audio/wav has no anthropic-messages equivalent and was dropped',
      'reasoning without a signature has no anthropic-messages equivalent and was dropped',
      'seed has no anthropic-messages equivalent and was dropped',
      'presence_penalty has no anthropic-messages equivalent and was dropped',
      'frequency_penalty has no anthropic-messages equivalent and was dropped',
    ]);
  });

  it('keeps tool calls, tool results and the system prompt through Anthropic -> OpenAI -> Anthropic', () => {
    const anthropic = anthropicMessagesRequestSchema.parse({
      model: 'claude-haiku-4-5',
      max_tokens: 300,
      system: 'Use the tools.',
      messages: [
        { role: 'user', content: 'Weather in Paris and Rome?' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Looking up both.' },
            { type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: { city: 'Paris' } },
            { type: 'tool_use', id: 'toolu_02', name: 'get_weather', input: { city: 'Rome', days: [1, 2] } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_01', content: 'rain' },
            { type: 'tool_result', tool_use_id: 'toolu_02', content: [{ type: 'text', text: 'sun' }], is_error: false },
          ],
        },
      ],
      tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } } } }],
    });
    const openAi = encodeOpenAiChatRequest(decodeAnthropicMessagesRequest(anthropic));
    expect(openAi.messages).toEqual([
      { role: 'system', content: 'Use the tools.' },
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: 'Looking up both.',
        tool_calls: [
          { id: 'toolu_01', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'toolu_02', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Rome","days":[1,2]}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'toolu_01', content: 'rain' },
      { role: 'tool', tool_call_id: 'toolu_02', content: 'sun' },
    ]);
    const back = encodeAnthropicMessagesRequest(decodeOpenAiChatRequest(openAiChatRequestSchema.parse(openAi)));
    expect(back.system).toBe('Use the tools.');
    expect(back.messages).toEqual([
      { role: 'user', content: 'Weather in Paris and Rome?' },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Looking up both.' },
          { type: 'tool_use', id: 'toolu_01', name: 'get_weather', input: { city: 'Paris' } },
          { type: 'tool_use', id: 'toolu_02', name: 'get_weather', input: { city: 'Rome', days: [1, 2] } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_01', content: 'rain' },
          { type: 'tool_result', tool_use_id: 'toolu_02', content: 'sun' },
        ],
      },
    ]);
  });
});
